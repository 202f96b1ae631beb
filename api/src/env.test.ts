import { describe, expect, it } from 'vitest';
import { ConfigError } from '@app/shared/parse-env';
import { EMULATOR_DEFAULTS } from '@app/runtime/emulator-defaults';
import { DEV_SECRETS, loadApiEnv, OIDC_DEV_DEFAULTS } from './env';

const DATABASE_URL = 'postgresql://localhost/cleaning';
const LONG_A = 'a'.repeat(32);
const LONG_B = 'b'.repeat(40);
const PROD_HOME_KEYS = `k2:${Buffer.alloc(32, 2).toString('base64')},k1:${Buffer.alloc(32, 1).toString('base64')}`;
/** Every value production requires (the company file is only named here; runtime/src/company.ts reads it). */
const PRODUCTION = { DATABASE_URL, NODE_ENV: 'production', SESSION_SECRET: LONG_A, OTP_SECRET: LONG_B, HOME_SECRET_KEYS: PROD_HOME_KEYS, TWILIO_AUTH_TOKEN: 'live', METRICS_TOKEN: 'm'.repeat(24), PUBLIC_URL: 'https://www.example.com', EMAIL_WEBHOOK_SIGNING_KEY: 'w'.repeat(32), COMPANY_CONFIG_FILE: 'company.json' };

describe('api env: sessions, login codes and origins', () => {
  it('uses fixed dev secrets, the dev origins and plain-HTTP cookies outside production', () => {
    const env = loadApiEnv({ DATABASE_URL });
    expect(env.SESSION_KEYS).toEqual([DEV_SECRETS.SESSION_SECRET]);
    expect(env.OTP_SECRET).toBe(DEV_SECRETS.OTP_SECRET);
    expect(env.PUBLIC_ORIGINS).toContain('http://127.0.0.1:5173');
    expect(env.COOKIE_SECURE).toBe(false);
  });

  it('refuses to start in production without its own secrets, naming each', () => {
    try {
      loadApiEnv({ DATABASE_URL, NODE_ENV: 'production' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).problems).toEqual([
        'SESSION_SECRET: is required in production',
        'OTP_SECRET: is required in production',
        'HOME_SECRET_KEYS: is required in production',
        'TWILIO_AUTH_TOKEN: is required in production',
        'METRICS_TOKEN: is required in production',
        'PUBLIC_URL: is required in production',
        'EMAIL_WEBHOOK_SIGNING_KEY: is required in production',
        'COMPANY_CONFIG_FILE: or COMPANY_CONFIG is required in production (the demo identity is for development and tests)',
      ]);
    }
  });

  it('carries no development value in production: every one of them is the operator\'s or a production default', () => {
    const env = loadApiEnv({ ...PRODUCTION, OIDC_CLIENT_ID: 'client', OIDC_CLIENT_SECRET: 'c'.repeat(32), STAFF_EMAIL_DOMAINS: 'example.com', TWILIO_FROM: '+14045550123' });
    const text = JSON.stringify(env);
    const developmentValues = [...Object.values(DEV_SECRETS), ...Object.values(OIDC_DEV_DEFAULTS), ...Object.values(EMULATOR_DEFAULTS), 'http://127.0.0.1', 'http://localhost'];
    expect(developmentValues.filter((value) => text.includes(value))).toEqual([]);
  });

  it('refuses the development secrets in production: they are public', () => {
    try {
      loadApiEnv({
        DATABASE_URL,
        NODE_ENV: 'production',
        SESSION_SECRET: `${LONG_A},${DEV_SECRETS.SESSION_SECRET}`,
        OTP_SECRET: DEV_SECRETS.OTP_SECRET,
        // The development key under another id is still the development key.
        HOME_SECRET_KEYS: `${PROD_HOME_KEYS},old:${DEV_SECRETS.HOME_SECRET_KEYS.split(':')[1]}`,
        TWILIO_AUTH_TOKEN: EMULATOR_DEFAULTS.TWILIO_AUTH_TOKEN,
        METRICS_TOKEN: 'm'.repeat(24),
        PUBLIC_URL: 'https://www.example.com',
        EMAIL_WEBHOOK_SIGNING_KEY: EMULATOR_DEFAULTS.EMAIL_WEBHOOK_SIGNING_KEY,
        COMPANY_CONFIG: '{}',
        OIDC_CLIENT_ID: 'client',
        OIDC_CLIENT_SECRET: OIDC_DEV_DEFAULTS.CLIENT_SECRET,
        STAFF_EMAIL_DOMAINS: 'example.com',
      });
      expect.unreachable();
    } catch (error) {
      expect((error as ConfigError).problems).toEqual(
        ['SESSION_SECRET', 'OTP_SECRET', 'HOME_SECRET_KEYS', 'OIDC_CLIENT_SECRET', 'TWILIO_AUTH_TOKEN', 'EMAIL_WEBHOOK_SIGNING_KEY'].map((key) => `${key}: must not be the development value in production`),
      );
    }
  });

  it('takes rotated session keys, Secure cookies and only its own public origin in production', () => {
    const env = loadApiEnv({ ...PRODUCTION, SESSION_SECRET: `${LONG_A}, ${LONG_B}` });
    expect(env.SESSION_KEYS).toEqual([LONG_A, LONG_B]);
    expect(env.OTP_SECRET).toBe(LONG_B);
    expect(env.PUBLIC_ORIGINS).toEqual(['https://www.example.com']);
    expect(env.COOKIE_SECURE).toBe(true);
  });

  it('refuses short secrets and origins with a path', () => {
    expect(() => loadApiEnv({ DATABASE_URL, SESSION_SECRET: 'short' })).toThrow(/SESSION_SECRET.*at least 32/);
    expect(() => loadApiEnv({ DATABASE_URL, PUBLIC_ORIGIN: 'https://example.com/app' })).toThrow(/PUBLIC_ORIGIN/);
    expect(loadApiEnv({ DATABASE_URL, PUBLIC_ORIGIN: 'https://example.com,https://www.example.com' }).PUBLIC_ORIGINS).toEqual([
      'https://example.com',
      'https://www.example.com',
    ]);
  });
});

describe('api env: the keys of entry secrets', () => {
  it('seals with the development key outside production, and with the first key given, opening with all', () => {
    expect(loadApiEnv({ DATABASE_URL }).HOME_SECRET_KEYRING.current.id).toBe('dev');
    const keyring = loadApiEnv(PRODUCTION).HOME_SECRET_KEYRING;
    expect(keyring.current.id).toBe('k2');
    expect([...keyring.keys.keys()]).toEqual(['k2', 'k1']);
  });

  it('refuses keys that are not 32 bytes of base64 with an id, without repeating them', () => {
    const short = Buffer.alloc(16, 9).toString('base64');
    try {
      loadApiEnv({ DATABASE_URL, HOME_SECRET_KEYS: `k1:${short}` });
      expect.unreachable();
    } catch (error) {
      expect((error as ConfigError).problems).toEqual(['HOME_SECRET_KEYS: key k1 must be 32 bytes in base64 (openssl rand -base64 32)']);
      expect((error as ConfigError).message).not.toContain(short);
    }
    expect(() => loadApiEnv({ DATABASE_URL, HOME_SECRET_KEYS: Buffer.alloc(32).toString('base64') })).toThrow(/HOME_SECRET_KEYS: entry 1 must look like id:base64key/);
  });
});

describe('api env: Twilio status callbacks', () => {
  it("outside production, verifies with the emulator's token against this api's own address", () => {
    expect(loadApiEnv({ DATABASE_URL }).TWILIO_STATUS).toEqual({
      authToken: EMULATOR_DEFAULTS.TWILIO_AUTH_TOKEN,
      callbackUrl: 'http://127.0.0.1:3000/api/twilio/status',
    });
    expect(loadApiEnv({ DATABASE_URL, HOST: '0.0.0.0', PORT: '4100' }).TWILIO_STATUS.callbackUrl).toBe('http://127.0.0.1:4100/api/twilio/status');
  });

  it('takes the configured public URL, never one built from a request', () => {
    const env = loadApiEnv({ DATABASE_URL, TWILIO_AUTH_TOKEN: 'tok', TWILIO_STATUS_CALLBACK_URL: 'https://api.example.com/api/twilio/status' });
    expect(env.TWILIO_STATUS).toEqual({ authToken: 'tok', callbackUrl: 'https://api.example.com/api/twilio/status' });
    expect(() => loadApiEnv({ DATABASE_URL, TWILIO_STATUS_CALLBACK_URL: 'not a url' })).toThrow(/TWILIO_STATUS_CALLBACK_URL/);
  });

  it('in production, needs the token and has no callback URL unless one is configured', () => {
    const env = loadApiEnv(PRODUCTION);
    expect(env.TWILIO_STATUS).toEqual({ authToken: 'live', callbackUrl: null });
  });
});

describe('api env: texts to our number', () => {
  const production = PRODUCTION;

  it("verifies the number's webhook against the site's address in production, this api's own elsewhere, or the one configured", () => {
    expect(loadApiEnv(production).TWILIO_INBOUND).toEqual({ authToken: 'live', webhookUrl: 'https://www.example.com/api/twilio/inbound' });
    expect(loadApiEnv({ DATABASE_URL, PORT: '4100' }).TWILIO_INBOUND).toEqual({ authToken: EMULATOR_DEFAULTS.TWILIO_AUTH_TOKEN, webhookUrl: 'http://127.0.0.1:4100/api/twilio/inbound' });
    expect(loadApiEnv({ DATABASE_URL, TWILIO_INBOUND_URL: 'http://api:3000/api/twilio/inbound' }).TWILIO_INBOUND.webhookUrl).toBe('http://api:3000/api/twilio/inbound');
  });

  it('names the sending number for START, unless texts go out through a messaging service', () => {
    expect(loadApiEnv({ ...production, TWILIO_FROM: '+14045550123' }).SMS_REPLY_NUMBER).toBe('+14045550123');
    expect(loadApiEnv({ ...production, TWILIO_FROM: `MG${'a'.repeat(32)}` }).SMS_REPLY_NUMBER).toBeNull();
    expect(loadApiEnv(production).SMS_REPLY_NUMBER).toBeNull();
    expect(loadApiEnv({ DATABASE_URL }).SMS_REPLY_NUMBER).toBe(EMULATOR_DEFAULTS.TWILIO_FROM);
  });
});
