import { describe, expect, it } from 'vitest';
import { ConfigError } from '@app/shared/parse-env';
import { DEV_OIDC_PORT, DEV_STAFF_EMAIL_DOMAIN } from '@app/emulators/oidc/provider';
import { loadApiEnv, OIDC_DEV_DEFAULTS } from './env';

const DATABASE_URL = 'postgresql://localhost/cleaning';
const PRODUCTION = { DATABASE_URL, NODE_ENV: 'production', SESSION_SECRET: 'a'.repeat(32), OTP_SECRET: 'b'.repeat(32), HOME_SECRET_KEYS: `k1:${Buffer.alloc(32, 1).toString('base64')}`, TWILIO_AUTH_TOKEN: 't', METRICS_TOKEN: 'm'.repeat(24), PUBLIC_URL: 'https://www.example.com', EMAIL_WEBHOOK_SIGNING_KEY: 'w'.repeat(32), COMPANY_CONFIG_FILE: 'company.json' };

const problems = (source: Record<string, string>) => {
  try {
    loadApiEnv(source);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
};

describe('api env: staff sign-in', () => {
  it('outside production, defaults to the local provider that npm run dev starts', () => {
    expect(loadApiEnv({ DATABASE_URL }).STAFF_SIGN_IN).toEqual({
      provider: 'google',
      issuerUrl: OIDC_DEV_DEFAULTS.ISSUER_URL,
      clientId: OIDC_DEV_DEFAULTS.CLIENT_ID,
      clientSecret: OIDC_DEV_DEFAULTS.CLIENT_SECRET,
      redirectUrl: null,
      emailDomains: [DEV_STAFF_EMAIL_DOMAIN],
      requireHostedDomain: true,
      allowInsecureHttp: true,
    });
    // The API's defaults and the dev provider's must name the same place and domain.
    expect(OIDC_DEV_DEFAULTS.ISSUER_URL).toBe(`http://127.0.0.1:${DEV_OIDC_PORT}`);
    expect(OIDC_DEV_DEFAULTS.STAFF_EMAIL_DOMAINS).toBe(DEV_STAFF_EMAIL_DOMAIN);
  });

  it('in production, uses Google with the given client and domains (lowercased), HTTPS only', () => {
    const env = loadApiEnv({
      ...PRODUCTION,
      OIDC_CLIENT_ID: 'client.apps.example',
      OIDC_CLIENT_SECRET: 'secret',
      STAFF_EMAIL_DOMAINS: 'AtlantaHomeCleaning.com, partner.example',
      OIDC_REDIRECT_URL: 'https://www.atlantahomecleaning.com/api/auth/google/callback',
    });
    expect(env.STAFF_SIGN_IN).toEqual({
      provider: 'google',
      issuerUrl: 'https://accounts.google.com',
      clientId: 'client.apps.example',
      clientSecret: 'secret',
      redirectUrl: 'https://www.atlantahomecleaning.com/api/auth/google/callback',
      emailDomains: ['atlantahomecleaning.com', 'partner.example'],
      requireHostedDomain: true,
      allowInsecureHttp: false,
    });
  });

  it('in production without any of it, starts with staff sign-in off; half of it is a configuration error', () => {
    expect(loadApiEnv(PRODUCTION).STAFF_SIGN_IN).toBeNull();
    expect(problems({ ...PRODUCTION, OIDC_CLIENT_ID: 'client' })).toEqual([
      'OIDC_CLIENT_SECRET: is required for staff sign-in in production',
      'STAFF_EMAIL_DOMAINS: is required for staff sign-in in production',
    ]);
  });

  it('refuses malformed values, naming the key', () => {
    expect(problems({ DATABASE_URL, STAFF_EMAIL_DOMAINS: 'example.com, not a domain' })[0]).toMatch(/^STAFF_EMAIL_DOMAINS\.1: each entry must be a domain/);
    expect(problems({ DATABASE_URL, OIDC_ISSUER_URL: 'accounts.google.com' })[0]).toMatch(/^OIDC_ISSUER_URL:/);
    expect(problems({ DATABASE_URL, OIDC_PROVIDER: 'Google/x' })[0]).toMatch(/^OIDC_PROVIDER:/);
    expect(problems({ DATABASE_URL, STAFF_REQUIRE_HOSTED_DOMAIN: 'yes' })[0]).toMatch(/^STAFF_REQUIRE_HOSTED_DOMAIN:/);
    expect(loadApiEnv({ DATABASE_URL, STAFF_REQUIRE_HOSTED_DOMAIN: 'false' }).STAFF_SIGN_IN?.requireHostedDomain).toBe(false);
  });
});
