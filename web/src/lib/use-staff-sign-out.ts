import { useQueryClient } from '@tanstack/react-query';
import { CLIENT_ROUTES } from '@app/shared/routes';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { api, isApiStatus } from './api-client';
import { markSignedOut } from './session';

/** POST /api/auth/logout: ends the staff session (a cleaner's too) on the server. False (and logged) when it failed. */
async function signOutStaff(): Promise<boolean> {
  try {
    await api.post('/api/auth/logout');
  } catch (error) {
    // 401: the session had already ended (revoked, expired, unmarked as a cleaner), which is what was asked for.
    if (!isApiStatus(error, 401)) {
      console.error('Staff sign-out failed', error);
      return false;
    }
  }
  markSignedOut();
  return true;
}

/**
 * Sign out of a staff sign-in (the staff workspace, a cleaner's My day): on success nothing the
 * pages loaded stays in this tab's cache and the staff sign-in page says so; `failed` when the
 * api could not be reached, for the page to say so.
 */
export function useStaffSignOut(): { signOut: () => Promise<void>; failed: boolean } {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [failed, setFailed] = useState(false);
  const signOut = async () => {
    setFailed(false);
    if (!(await signOutStaff())) return setFailed(true);
    queryClient.clear();
    navigate(CLIENT_ROUTES.adminLogin, { replace: true, state: { signedOut: true } });
  };
  return { signOut, failed };
}
