import { randomBytes } from 'node:crypto';
import type { Db } from '@app/db/client';
import type { AdminUser } from '@app/shared/entities';
import type { StaffSignInError } from '@app/shared/texts';
import { errors } from '../../errors';
import type { StaffIdentity } from '../../middleware/session';
import { admitStaff } from './admission';
import { randomSecrets, type OidcClient, type StaffSignInSettings } from './oidc-client';
import { findCleanerOwnerByEmail, findStaffUser, insertLoginAttempt, takeLoginAttempt, upsertStaffUser } from './repository';

/** How long a started sign-in may take at the provider. */
export const LOGIN_ATTEMPT_TTL_MS = 10 * 60_000;

export interface StaffAuthDeps {
  db: Db;
  now: () => Date;
  oidc: OidcClient;
  settings: StaffSignInSettings;
}

/** A sign-in that must not succeed; the reason is logged, never shown. */
export class SignInRefused extends Error {
  /** `kind`: what /admin/login tells the person (STAFF_SIGN_IN_ERRORS); the reason is only logged. */
  constructor(
    readonly reason: string,
    readonly kind: StaffSignInError = 'unauthorized',
  ) {
    super(reason);
    this.name = 'SignInRefused';
  }
}

/**
 * openid-client's errors name the general problem ('invalid response encountered') and keep
 * the specific one ('unexpected "state" response parameter value') in their cause chain, and
 * a provider's refusal in `error`: all of it goes into the logged reason.
 */
/** Whether the provider could not be reached at all (network, DNS, timeout), as opposed to answering with a refusal. */
export function isUnreachable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 4; e = e.cause, depth++) {
    if (e.name === 'TimeoutError' || e.name === 'AbortError' || (e instanceof TypeError && /fetch failed/i.test(e.message))) return true;
    if (/^(ECONNREFUSED|ECONNRESET|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|UND_ERR_CONNECT_TIMEOUT)$/.test(String((e as { code?: unknown }).code))) return true;
  }
  return false;
}

function describe(error: unknown): string {
  const parts: string[] = [];
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 4; e = e.cause, depth++) {
    const providerError = (e as { error?: unknown }).error;
    parts.push(typeof providerError === 'string' ? `${e.message} (${providerError})` : e.message);
  }
  return parts.join(': ') || String(error);
}

/**
 * Step 1: fresh state, nonce and PKCE verifier, kept on the server under a random id (the
 * browser gets only that id), and the provider's authorization URL carrying them.
 */
export async function startSignIn(deps: StaffAuthDeps, request: { redirectUri: string; loginHint?: string | undefined }) {
  const secrets = randomSecrets();
  const id = randomBytes(24).toString('base64url');
  const url = await deps.oidc.authorizationUrl({ redirectUri: request.redirectUri, loginHint: request.loginHint, ...secrets });
  const createdAt = deps.now();
  await insertLoginAttempt(deps.db, { id, redirectUri: request.redirectUri, ...secrets, createdAt, expiresAt: new Date(createdAt.getTime() + LOGIN_ATTEMPT_TTL_MS) });
  return { attemptId: id, url };
}

/**
 * Step 2, the provider's redirect back: the attempt this browser started (used up here), the
 * state it carried, the code exchange with its verifier, the ID token (openid-client checks
 * signature, issuer, audience, expiry and our nonce), then our admission rule. The staff user
 * is created or refreshed, keyed on issuer and subject. An e-mail of an active owner marked as a
 * cleaner on the Cleaner Roster signs in with the cleaner role (`cleanerOwnerId`); any other is
 * the office's.
 */
export async function finishSignIn(deps: StaffAuthDeps, attemptId: string | undefined, query: string): Promise<StaffIdentity & { cleanerOwnerId: string | null }> {
  if (!attemptId) throw new SignInRefused('no sign-in in progress in this browser (cookie missing)', 'expired');
  const attempt = await takeLoginAttempt(deps.db, attemptId, deps.now());
  if (!attempt) throw new SignInRefused('sign-in attempt unknown, used or expired', 'expired');
  const callbackUrl = new URL(attempt.redirectUri);
  callbackUrl.search = query;
  let claims: Record<string, unknown>;
  try {
    claims = await deps.oidc.exchange(callbackUrl, attempt);
  } catch (error) {
    throw new SignInRefused(`provider response rejected: ${describe(error)}`, isUnreachable(error) ? 'provider_unavailable' : 'failed');
  }
  const admission = admitStaff(claims, deps.settings);
  if (!admission.admitted) throw new SignInRefused(admission.reason);
  const user = await upsertStaffUser(deps.db, admission.staff, deps.now());
  if (user.disabledAt) throw new SignInRefused('staff member disabled by an admin');
  const cleaner = await findCleanerOwnerByEmail(deps.db, user.email);
  return { staffUserId: user.id, email: user.email, cleanerOwnerId: cleaner?.id ?? null };
}

/** The signed-in staff member as the admin pages read it (§3 admin user). */
export async function staffUser(db: Db, staffUserId: string): Promise<AdminUser> {
  const row = await findStaffUser(db, staffUserId);
  // The account was removed while the session lived: signed out.
  if (!row) throw errors.unauthorized();
  const displayName = row.displayName ?? row.name ?? row.email;
  return { name: row.name ?? displayName, email: row.email, displayName };
}
