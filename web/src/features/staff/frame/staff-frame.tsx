import { CLIENT_ROUTES } from '@app/shared/routes';
import { useEffect, type ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { markSignedIn } from '../../../lib/session';
import { useStaffSignOut } from '../../../lib/use-staff-sign-out';
import type { StaffMe } from './get-staff-me';
import { STAFF_NAV } from './staff-nav';
import './staff-frame.css';

/**
 * The staff workspace's own frame: who is signed in and in which role, Sign out, the way back
 * to the public site, and the navigation between the staff tools. Rendered once the staff
 * session is confirmed (RequireStaff).
 */
export function StaffFrame({ me, children }: { me: StaffMe; children: ReactNode }) {
  const { signOut, failed: signOutFailed } = useStaffSignOut();

  // The api has just confirmed a staff session: the public account menu may ask who is signed in
  // (it shows Admin home and Log out from /api/portal/me).
  useEffect(() => markSignedIn(), []);

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
          <button type="button" className="button button--ghost staff-bar__sign-out" onClick={() => void signOut()}>
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
