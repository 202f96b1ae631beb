import { COOKIE_CONSENT_KEY } from '@app/shared/constants';
import { useEffect, useState } from 'react';

/** The signed-in person as the account menu needs it (docs/product.md §3 customer session user). */
export interface SessionUser {
  email: string;
  /** The §3 staff flag: shows the Admin home link. */
  isStaff: boolean;
}

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

/** Accepts the user either bare or wrapped as `{ user }`; anything else counts as signed out. */
function readUser(body: unknown): SessionUser | null {
  const candidate: unknown = body && typeof body === 'object' && 'user' in body ? body.user : body;
  if (!candidate || typeof candidate !== 'object' || !('email' in candidate)) return null;
  const { email } = candidate;
  const isStaff = 'isStaff' in candidate && candidate.isStaff === true;
  return typeof email === 'string' ? { email, isStaff } : null;
}

async function fetchSessionUser(signal: AbortSignal): Promise<SessionUser | null> {
  const response = await fetch('/api/portal/me', { credentials: 'include', signal });
  if (!response.ok) return null;
  return readUser(await response.json());
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
    const response = await fetch('/api/portal/logout', { method: 'POST', credentials: 'include' });
    if (!response.ok) {
      console.error('Logout failed', response.status);
      return false;
    }
    markSignedOut();
    return true;
  } catch (error) {
    console.error('Logout failed', error);
    return false;
  }
}
