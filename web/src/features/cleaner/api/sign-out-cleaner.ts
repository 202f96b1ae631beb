import { api, isApiStatus } from '../../../lib/api-client';
import { markSignedOut } from '../../../lib/session';

/** POST /api/auth/logout (a cleaner's session is a staff sign-in). False (and logged) when it failed. */
export async function signOutCleaner(): Promise<boolean> {
  try {
    await api.post('/api/auth/logout');
  } catch (error) {
    // 401: the session had already ended (unmarked on the roster, timed out), which is what was asked for.
    if (!isApiStatus(error, 401)) {
      console.error('Cleaner sign-out failed', error);
      return false;
    }
  }
  markSignedOut();
  return true;
}
