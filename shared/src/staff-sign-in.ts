import { z } from 'zod';

/** Names people know providers by; any other OIDC_PROVIDER is shown capitalised. */
const PROVIDER_NAMES: Readonly<Record<string, string>> = {
  google: 'Google',
  microsoft: 'Microsoft',
  azure: 'Microsoft',
  okta: 'Okta',
  auth0: 'Auth0',
  keycloak: 'Keycloak',
};

export const staffSignInOptionsSchema = z.object({
  /** Where the button goes: GET /api/auth/{provider} (docs/product.md §7). */
  startPath: z.string().startsWith('/api/auth/'),
  providerName: z.string(),
  /** False when the api has no OIDC settings: every sign-in would be refused. */
  configured: z.boolean(),
});
export type StaffSignInOptions = z.infer<typeof staffSignInOptionsSchema>;

/** GET /api/auth/options: what the staff sign-in page offers. */
export function staffSignInOptions(provider: string, configured: boolean): StaffSignInOptions {
  const providerName = PROVIDER_NAMES[provider] ?? provider.charAt(0).toUpperCase() + provider.slice(1);
  return { startPath: `/api/auth/${provider}`, providerName, configured };
}

/** GET /api/auth/me: the signed-in staff user; 401/403 without a staff session. */
export const staffMeSchema = z.object({ displayName: z.string().nullish(), admin: z.boolean().default(false) });
export type StaffMe = z.output<typeof staffMeSchema>;
