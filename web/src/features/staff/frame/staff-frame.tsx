import { useQueryClient } from '@tanstack/react-query';
import { CLIENT_ROUTES } from '@app/shared/routes';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, NavLink, useNavigate } from 'react-router-dom';
import { markSignedIn } from '../../../lib/session';
import type { StaffMe } from './get-staff-me';
import { signOutStaff } from './sign-out-staff';
import { STAFF_NAV } from './staff-nav';
import './staff-frame.css';

/**
 * The staff workspace's own frame: who is signed in and in which role, Sign out, the way back
 * to the public site, and the navigation between the staff tools. Rendered once the staff
 * session is confirmed (RequireStaff).
 */
export function StaffFrame({ me, children }: { me: StaffMe; children: ReactNode }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [signOutFailed, setSignOutFailed] = useState(false);

  // The api has just confirmed a staff session: the public account menu may ask who is signed in
  // (it shows Admin home and Log out from /api/portal/me).
  useEffect(() => markSignedIn(), []);

  const onSignOut = async () => {
    setSignOutFailed(false);
    if (!(await signOutStaff())) return setSignOutFailed(true);
    // Nothing a staff page loaded stays in this tab's cache.
    queryClient.clear();
    navigate(CLIENT_ROUTES.adminLogin, { replace: true, state: { signedOut: true } });
  };

  return (
    <div className="staff-frame">
      <div className="staff-bar">
        <div className="staff-bar__inner container">
          <Link to={CLIENT_ROUTES.adminDashboard} className="staff-bar__brand">
            Staff workspace
          </Link>
          <p className="staff-bar__who">
            <span className="staff-bar__name">{me.displayName ?? 'Staff member'}</span>
            <span className="staff-bar__role">{me.admin ? 'Admin' : 'Staff'}</span>
          </p>
          <Link to={CLIENT_ROUTES.home} className="staff-bar__site">
            Public site
          </Link>
          <button type="button" className="button button--ghost staff-bar__sign-out" onClick={() => void onSignOut()}>
            Sign out
          </button>
        </div>
        {signOutFailed ? (
          <p className="container alert" role="alert">
            Signing out did not work. Please try again.
          </p>
        ) : null}
      </div>
      <nav className="staff-nav" aria-label="Staff tools">
        <ul className="staff-nav__list container">
          {STAFF_NAV.map((item) => (
            <li key={item.to}>
              {item.external ? (
                <a href={item.to}>{item.label}</a>
              ) : (
                <NavLink to={item.to} end>
                  {item.label}
                </NavLink>
              )}
            </li>
          ))}
        </ul>
      </nav>
      {children}
    </div>
  );
}
