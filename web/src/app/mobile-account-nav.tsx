import { CLIENT_ROUTES } from '@app/shared/routes';
import { ACCOUNT_MENU_LABELS, MOBILE_MENU_LABELS, MY_CLEANINGS_LABEL } from '@app/shared/frame-texts';
import { Link } from 'react-router';
import { useSessionUser } from '../lib/session';
import { useSignOut } from './use-sign-out';

/**
 * The phone menu's account links, in the account menu's place. Visitors: docs/product.md §2's Manage your
 * account and Cleaner sign in. Signed in: their cleanings (customers) or Admin home (staff), and Logout
 * (the login form is no use to someone signed in, and Logout was out of reach on a phone).
 */
export function MobileAccountNav({ closeMenu }: { closeMenu: () => void }) {
  const user = useSessionUser();
  const onLogout = useSignOut(user, closeMenu);
  return (
    <nav aria-label="Account" className="mobile-account">
      <ul className="nav-list">
        {user ? (
          <>
            {user.isStaff ? null : (
              <li>
                <Link to={CLIENT_ROUTES.portal} className="nav-link">
                  {MY_CLEANINGS_LABEL}
                </Link>
              </li>
            )}
            {user.isStaff ? (
              <li>
                <Link to={CLIENT_ROUTES.adminDashboard} className="nav-link">
                  {ACCOUNT_MENU_LABELS.adminHome}
                </Link>
              </li>
            ) : null}
            <li>
              <button type="button" className="nav-link nav-link--button" onClick={() => void onLogout()}>
                {ACCOUNT_MENU_LABELS.logout}
              </button>
            </li>
          </>
        ) : (
          <>
            <li>
              <Link to={CLIENT_ROUTES.login} className="nav-link">
                {MOBILE_MENU_LABELS.manageAccount}
              </Link>
            </li>
            <li>
              <Link to={CLIENT_ROUTES.adminLogin} className="nav-link">
                {MOBILE_MENU_LABELS.cleanerSignIn}
              </Link>
            </li>
          </>
        )}
      </ul>
    </nav>
  );
}
