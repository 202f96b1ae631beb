import { CLIENT_ROUTES } from '@app/shared/routes';
import { NAV_LABELS } from '@app/shared/frame-texts';
import { Link, NavLink } from 'react-router';
import { CloseIcon, LogoMark, MenuIcon } from '../components/icons';
import { SITE_NAME } from '../lib/site';
import { useDisclosure } from '../lib/use-disclosure';
import { AccountMenu } from './account-menu';
import { MobileAccountNav } from './mobile-account-nav';

// docs/product.md §2 header navigation, in this order.
const MAIN_NAV = [
  { to: CLIENT_ROUTES.home, label: NAV_LABELS.home },
  { to: CLIENT_ROUTES.about, label: NAV_LABELS.about },
  { to: CLIENT_ROUTES.contact, label: NAV_LABELS.contact },
  { to: CLIENT_ROUTES.pricing, label: NAV_LABELS.pricing },
  { to: CLIENT_ROUTES.team, label: NAV_LABELS.team },
] as const;

/**
 * Wide screens: navigation and the account menu in one row. Narrow screens: one row with the
 * brand and a Menu button, which opens a panel under the header with the same navigation plus
 * the account links (MobileAccountNav), which take the account menu's place there.
 */
export function SiteHeader() {
  const menu = useDisclosure();

  return (
    <header className="site-header">
      <div className="container site-header__inner" ref={menu.rootRef}>
        <Link to={CLIENT_ROUTES.home} className="brand">
          <LogoMark width="28" height="28" />
          <span className="brand__name">{SITE_NAME}</span>
        </Link>
        <button
          ref={menu.buttonRef}
          type="button"
          className="menu-toggle"
          aria-expanded={menu.open}
          aria-controls="site-menu"
          onClick={menu.toggle}
        >
          {menu.open ? <CloseIcon /> : <MenuIcon />}
          <span className="menu-toggle__label">Menu</span>
        </button>
        <div id="site-menu" className="site-menu" data-open={menu.open}>
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
          <AccountMenu />
          <MobileAccountNav closeMenu={menu.close} />
        </div>
      </div>
    </header>
  );
}
