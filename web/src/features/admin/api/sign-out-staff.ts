import { markSignedOut } from '../../../lib/session';

/** POST /api/auth/logout: ends the staff session on the server. False (and logged) when it failed. */
export async function signOutStaff(): Promise<boolean> {
  try {
    const response = await fetch('/api/auth/logout', { method: 'POST', credentials: 'same-origin', headers: { accept: 'application/json' } });
    // 401: the session had already ended (revoked, expired), which is what was asked for.
    if (!response.ok && response.status !== 401) {
      console.error('Staff sign-out failed', response.status);
      return false;
    }
    markSignedOut();
    return true;
  } catch (error) {
    console.error('Staff sign-out failed', error);
    return false;
  }
}
