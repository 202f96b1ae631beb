import { CLIENT_ROUTES } from '@app/shared/routes';
import { ACCOUNT_MENU_LABELS, SERVICES_LOGIN_UNAVAILABLE } from '@app/shared/frame-texts';
import { useId } from 'react';
import { Link } from 'react-router';
import { UserIcon } from '../components/icons';
import { useSessionUser } from '../lib/session';
import { useDisclosure } from '../lib/use-disclosure';
import { useSignOut } from './use-sign-out';

/**
 * docs/product.md §2 account menu. Visitors: Customer Login (to the portal, which sends them on to sign in)
 * and a Services Login that is not open yet. Signed-in customers: Home (the portal) and Logout;
 * staff: Admin home and Logout (their session has no portal to open).
 */
export function AccountMenu() {
  const user = useSessionUser();
  const { open, toggle, close, buttonRef, rootRef } = useDisclosure();
  const panelId = useId();
  const onLogout = useSignOut(user, close);

  return (
    <div className="account-menu" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="account-menu__button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={toggle}
      >
        <UserIcon />
        Account
      </button>
      <ul id={panelId} className="account-menu__panel" hidden={!open}>
        {user ? (
          <>
            {/* A staff session has no customer: the portal would answer it 401 and send it to the customer login. */}
            {user.isStaff ? null : (
              <li>
                <Link to={CLIENT_ROUTES.portal}>{ACCOUNT_MENU_LABELS.home}</Link>
              </li>
            )}
            {user.isStaff ? (
              <li>
                <Link to={CLIENT_ROUTES.adminDashboard}>{ACCOUNT_MENU_LABELS.adminHome}</Link>
              </li>
            ) : null}
            <li>
              <button type="button" onClick={() => void onLogout()}>
                {ACCOUNT_MENU_LABELS.logout}
              </button>
            </li>
          </>
        ) : (
          <>
            <li>
              <Link to={CLIENT_ROUTES.portal}>{ACCOUNT_MENU_LABELS.customerLogin}</Link>
            </li>
            <li>
              <button type="button" disabled aria-describedby={`${panelId}-soon`}>
                {ACCOUNT_MENU_LABELS.servicesLogin}
              </button>
              <span id={`${panelId}-soon`} className="visually-hidden">
                {SERVICES_LOGIN_UNAVAILABLE}
              </span>
            </li>
          </>
        )}
      </ul>
    </div>
  );
}
