import type { StaffSignInSettings } from './oidc-client';

/** A staff member the provider vouched for and our rules admit. */
export interface AdmittedStaff {
  issuer: string;
  subject: string;
  email: string;
  name: string | null;
  displayName: string;
}

export type Admission = { admitted: true; staff: AdmittedStaff } | { admitted: false; reason: string };

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

/**
 * Who may become staff, from the claims of a validated ID token: a verified e-mail of an
 * allowed domain and, unless turned off, a hosted-domain (`hd`) claim of an allowed domain too
 * (Google sets it only for Workspace accounts: a private account under a company address has
 * none). Pure, so the rule is tested on its own.
 */
export function admitStaff(
  claims: Readonly<Record<string, unknown>>,
  settings: Pick<StaffSignInSettings, 'emailDomains' | 'requireHostedDomain'>,
): Admission {
  const issuer = text(claims.iss);
  const subject = text(claims.sub);
  const email = text(claims.email)?.toLowerCase() ?? null;
  if (!issuer || !subject) return { admitted: false, reason: 'id token without issuer or subject' };
  if (!email || !email.includes('@')) return { admitted: false, reason: 'id token without an e-mail' };
  // Some providers send the boolean as a string.
  if (claims.email_verified !== true && claims.email_verified !== 'true') return { admitted: false, reason: `e-mail ${email} is not verified` };
  const domain = email.slice(email.lastIndexOf('@') + 1);
  if (!settings.emailDomains.includes(domain)) return { admitted: false, reason: `e-mail domain ${domain} is not allowed` };
  if (settings.requireHostedDomain) {
    const hd = text(claims.hd)?.toLowerCase();
    if (!hd || !settings.emailDomains.includes(hd)) return { admitted: false, reason: `hosted domain ${hd ?? '(none)'} is not allowed` };
  }
  const name = text(claims.name);
  const displayName = name ?? text(claims.given_name) ?? email.slice(0, email.indexOf('@'));
  return { admitted: true, staff: { issuer, subject, email, name, displayName } };
}
