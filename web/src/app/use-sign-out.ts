import { CLIENT_ROUTES } from '@app/shared/routes';
import { useNavigate } from 'react-router';
import { logout, type SessionUser } from '../lib/session';

/**
 * Logout from the account menu or the phone menu: §7's signed-out banner on the login page (a
 * failure is only logged, §8); staff land on their own sign-in page, which says they were signed out.
 */
export function useSignOut(user: SessionUser | null, before?: () => void) {
  const navigate = useNavigate();
  return async () => {
    before?.();
    if (await logout()) navigate(user?.isStaff ? CLIENT_ROUTES.adminLogin : CLIENT_ROUTES.login, { state: { signedOut: true } });
  };
}
