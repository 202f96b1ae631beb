import { CLIENT_ROUTES } from '@app/shared/routes';
import { FOOTER_LABELS, HIRING_SOON } from '@app/shared/texts';
import { Link } from 'react-router-dom';
import { SITE_NAME } from '../lib/site';

// Spec §2 footer links. Social links, contact e-mail and credits come with the full frame.
export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="container">
        <nav aria-label="Footer">
          <ul className="nav-list">
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
        <p className="fine-print">
          © {new Date().getFullYear()} {SITE_NAME}. Serving the Atlanta metro since 2025.
        </p>
      </div>
    </footer>
  );
}
