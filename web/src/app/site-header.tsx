import { CLIENT_ROUTES } from '@app/shared/routes';
import { NAV_LABELS } from '@app/shared/texts';
import { Link, NavLink } from 'react-router-dom';
import { SITE_NAME } from '../lib/site';

// Spec §2 header navigation, in this order. The account menu joins it with the portal work.
const MAIN_NAV = [
  { to: CLIENT_ROUTES.home, label: NAV_LABELS.home },
  { to: CLIENT_ROUTES.about, label: NAV_LABELS.about },
  { to: CLIENT_ROUTES.contact, label: NAV_LABELS.contact },
  { to: CLIENT_ROUTES.pricing, label: NAV_LABELS.pricing },
  { to: CLIENT_ROUTES.team, label: NAV_LABELS.team },
] as const;

export function SiteHeader() {
  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <Link to={CLIENT_ROUTES.home} className="brand">
          {SITE_NAME}
        </Link>
        <nav aria-label="Main">
          <ul className="nav-list">
            {MAIN_NAV.map(({ to, label }) => (
              <li key={to}>
                {/* `end` keeps Home from looking active on every page. */}
                <NavLink to={to} end className="nav-link">
                  {label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </header>
  );
}
