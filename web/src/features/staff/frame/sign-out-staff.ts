import { api, isApiStatus } from '../../../lib/api-client';
import { markSignedOut } from '../../../lib/session';

/** POST /api/auth/logout: ends the staff session on the server. False (and logged) when it failed. */
export async function signOutStaff(): Promise<boolean> {
  try {
    await api.post('/api/auth/logout');
  } catch (error) {
    // 401: the session had already ended (revoked, expired), which is what was asked for.
    if (!isApiStatus(error, 401)) {
      console.error('Staff sign-out failed', error);
      return false;
    }
  }
  markSignedOut();
  return true;
}
