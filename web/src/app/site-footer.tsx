import { addressLine } from '@app/shared/company';
import { COMPANY, OPENING_HOURS, PHONE_DISPLAY } from '../lib/company';
import { CLIENT_ROUTES } from '@app/shared/routes';
import { FOOTER_LABELS, HIRING_SOON, stockImageNote } from '@app/shared/frame-texts';
import { Link } from 'react-router';
import imageCredits from 'virtual:image-credits';
import { CameraIcon, MailIcon, PeopleIcon, PhoneIcon } from '../components/icons';
import { SITE_NAME } from '../lib/site';

// docs/product.md §1/§2 footer: page links, social links, contact e-mail, designer credit, stock-image note.
// Beside the e-mail: the phone, hours and address, so a visitor can reach a person.
export function SiteFooter() {
  const { imageSharing, socialNetwork } = COMPANY.social;
  const credit = COMPANY.designerCredit;
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <div>
          <p className="site-footer__brand">{SITE_NAME}</p>
          <p className="fine-print">Home and office cleaning across {COMPANY.region}.</p>
          <p className="fine-print">{addressLine(COMPANY)}</p>
          <p>
            <a href={`tel:${COMPANY.phone}`} className="icon-link">
              <PhoneIcon />
              {PHONE_DISPLAY}
            </a>
            <br />
            <span className="fine-print">{OPENING_HOURS}</span>
          </p>
          <p>
            <a href={`mailto:${COMPANY.email}`} className="icon-link">
              <MailIcon />
              {COMPANY.email}
            </a>
          </p>
        </div>
        <nav aria-label="Footer">
          <ul className="footer-list">
            <li>
              <Link to={CLIENT_ROUTES.about}>{FOOTER_LABELS.about}</Link>
            </li>
            <li>
              <Link to={CLIENT_ROUTES.pricing}>{FOOTER_LABELS.bookNow}</Link>
            </li>
            <li>
              <Link to={CLIENT_ROUTES.legal}>{FOOTER_LABELS.legal}</Link>
            </li>
            <li>
              <Link to={CLIENT_ROUTES.careers}>{FOOTER_LABELS.careers}</Link> <span className="tag">{HIRING_SOON}</span>
            </li>
          </ul>
        </nav>
        <nav aria-label="Social">
          <ul className="footer-list">
            <li>
              <a href={imageSharing.url} className="icon-link" rel="noopener">
                <CameraIcon />
                {imageSharing.label}
              </a>
            </li>
            <li>
              <a href={socialNetwork.url} className="icon-link" rel="noopener">
                <PeopleIcon />
                {socialNetwork.label}
              </a>
            </li>
          </ul>
        </nav>
      </div>
      <div className="container site-footer__legal fine-print">
        <p>
          © {COMPANY.established} {COMPANY.legalName}.{' '}
          {credit.url ? <a href={credit.url}>{credit.label}</a> : credit.label}.
        </p>
        {/* docs/product.md §1's stock-image note, for each stock site whose images the site uses (none by default). */}
        {imageCredits.map(({ site, licence }) => (
          <p key={site + licence}>{stockImageNote(site, licence)}</p>
        ))}
      </div>
    </footer>
  );
}
