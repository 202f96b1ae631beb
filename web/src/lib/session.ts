import { COOKIE_CONSENT_KEY } from '@app/shared/constants';
import type { CustomerSessionUser } from '@app/shared/entities';
import { useEffect, useState } from 'react';
import type { ResponseSchema } from './api-client';

/** The signed-in person as the account menu needs it (docs/product.md §3 customer session user). */
export type SessionUser = Pick<CustomerSessionUser, 'email' | 'isStaff'>;

// Same product prefix as the cookie-consent key, so everything we keep in localStorage is ours.
const SIGNED_IN_HINT_KEY = `${COOKIE_CONSENT_KEY.split('.')[0]}.signedIn`;

/**
 * The session cookie is HttpOnly, so the page cannot see it. The portal login marks a successful
 * sign-in here; only then does the frame ask the API who is signed in. Anonymous visitors (almost
 * everyone on the marketing pages) therefore cost no request and see no 401 in the console.
 */
export function markSignedIn(): void {
  try {
    localStorage.setItem(SIGNED_IN_HINT_KEY, 'true');
  } catch {
    /* storage disabled: the menu simply shows the visitor items */
  }
  window.dispatchEvent(new Event(SIGNED_IN_HINT_KEY));
}

export function markSignedOut(): void {
  try {
    localStorage.removeItem(SIGNED_IN_HINT_KEY);
  } catch {
    /* nothing stored */
  }
  window.dispatchEvent(new Event(SIGNED_IN_HINT_KEY));
}

function hasSignedInHint(): boolean {
  try {
    return localStorage.getItem(SIGNED_IN_HINT_KEY) === 'true';
  } catch {
    return false;
  }
}

/**
 * GET /api/portal/me as the menu reads it: the user bare or wrapped as `{ user }`. Read by hand, not
 * by the portal's zod schema: this runs in the frame of every page, where zod is not loaded.
 */
const sessionUserReader: ResponseSchema<SessionUser> = {
  safeParse(body) {
    const candidate: unknown = body && typeof body === 'object' && 'user' in body ? body.user : body;
    if (candidate && typeof candidate === 'object' && 'email' in candidate && typeof candidate.email === 'string') {
      return { success: true, data: { email: candidate.email, isStaff: 'isStaff' in candidate && candidate.isStaff === true } };
    }
    return { success: false, error: new Error('not a session user') };
  },
};

/**
 * The api client, fetched on first use: the frame is in every page's entry, and anonymous visitors
 * (almost everyone on the marketing pages) never call the api from it.
 */
const apiClient = () => import('./api-client');

/** The user; null when the api says there is none (or answers something else). No answer at all throws. */
async function fetchSessionUser(signal: AbortSignal): Promise<SessionUser | null> {
  const { api, ApiError } = await apiClient();
  try {
    return await api.get('/api/portal/me', sessionUserReader, { signal });
  } catch (error) {
    if (error instanceof ApiError) return null;
    throw error;
  }
}

/** Who is signed in, for the account menu: null for visitors (and until the API has answered). */
export function useSessionUser(): SessionUser | null {
  const [user, setUser] = useState<SessionUser | null>(null);
  const [hintVersion, setHintVersion] = useState(0);

  useEffect(() => {
    const bump = () => setHintVersion((v) => v + 1);
    // Sign-in or sign-out in this tab (our event) or in another tab (storage event).
    window.addEventListener(SIGNED_IN_HINT_KEY, bump);
    window.addEventListener('storage', bump);
    return () => {
      window.removeEventListener(SIGNED_IN_HINT_KEY, bump);
      window.removeEventListener('storage', bump);
    };
  }, []);

  useEffect(() => {
    if (!hasSignedInHint()) {
      setUser(null);
      return;
    }
    const controller = new AbortController();
    fetchSessionUser(controller.signal).then(
      (found) => {
        // An expired session forgets the hint, so the next page asks nothing.
        if (!found) markSignedOut();
        setUser(found);
      },
      () => {
        if (!controller.signal.aborted) setUser(null);
      },
    );
    return () => controller.abort();
  }, [hintVersion]);

  return user;
}

/** docs/product.md §7: POST /api/portal/logout with an empty body. False (and logged, §8) when it failed. */
export async function logout(): Promise<boolean> {
  try {
    const { api } = await apiClient();
    await api.post('/api/portal/logout');
  } catch (error) {
    console.error('Logout failed', error);
    return false;
  }
  markSignedOut();
  return true;
}
