import { BRAND } from '@app/shared/brand';
import { CLIENT_ROUTES } from '@app/shared/routes';
import { FOOTER_LABELS, HIRING_SOON, stockImageNote } from '@app/shared/texts';
import { Link } from 'react-router-dom';
import { CameraIcon, MailIcon, PeopleIcon } from '../components/icons';
import { SITE_NAME } from '../lib/site';

// Spec §1/§2 footer: page links, social links, contact e-mail, designer credit, stock-image note.
export function SiteFooter() {
  const { imageSharing, socialNetwork } = BRAND.social;
  const credit = BRAND.designerCredit;
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <div>
          <p className="site-footer__brand">{SITE_NAME}</p>
          <p className="fine-print">Home and office cleaning across {BRAND.region}.</p>
          <p>
            <a href={`mailto:${BRAND.email}`} className="icon-link">
              <MailIcon />
              {BRAND.email}
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
          © {BRAND.established} {BRAND.legalName}.{' '}
          {credit.url ? <a href={credit.url}>{credit.label}</a> : credit.label}.
        </p>
        <p>{stockImageNote(BRAND.stockImages.site, BRAND.stockImages.licence)}</p>
      </div>
    </footer>
  );
}
