import { describe, expect, it } from 'vitest';
import { EMULATOR_DEFAULTS } from '@app/runtime/emulator-defaults';
import { ConfigError } from '@app/shared/parse-env';
import { DEV_OTP_SECRET } from '@app/runtime/sms/login-code';
import { loadWorkerEnv } from './env';

const base = { DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/app' };
const SID = `AC${'1'.repeat(32)}`;
/** Every value production requires (the company file is only named here; runtime/src/company.ts reads it). */
const PRODUCTION = {
  ...base,
  NODE_ENV: 'production',
  HUBSPOT_ACCESS_TOKEN: 'live-token',
  TWILIO_ACCOUNT_SID: SID,
  TWILIO_AUTH_TOKEN: 'live',
  TWILIO_FROM: '+14045550123',
  EMAIL_SMTP_URL: 'smtp://apikey:live@smtp.provider.example:587',
  OTP_SECRET: 'b'.repeat(32),
  PUBLIC_URL: 'https://www.example.com',
  COMPANY_CONFIG_FILE: 'company.json',
};

describe('worker env: emulators outside production, real services once credentials are set', () => {
  it('uses the emulators when no credentials are set', () => {
    const env = loadWorkerEnv(base);
    // The inbound webhooks are the api's and the emulators' concern, and the inbox page is people's, not the worker's.
    const { TWILIO_INBOUND_URL: _inbound, MAIL_INBOX_URL: _inbox, EMAIL_WEBHOOK_SIGNING_KEY: _key, EMAIL_EVENTS_URL: _events, ...workerDefaults } = EMULATOR_DEFAULTS;
    expect(env).toMatchObject({ ...workerDefaults, EMAIL_SMTP_TLS_VERIFY: 'off' });
  });

  it('an SMTP URL takes e-mail off the emulator, its certificate checked; production never skips the check', () => {
    const smtp = 'smtp://apikey:secret@smtp.provider.example:587';
    const env = loadWorkerEnv({ ...base, EMAIL_SMTP_URL: smtp });
    expect(env.EMAIL_SMTP_URL).toBe(smtp);
    expect(env.EMAIL_SMTP_TLS_VERIFY).toBeUndefined();
    expect(() => loadWorkerEnv({ ...base, EMAIL_SMTP_URL: 'https://smtp.provider.example' })).toThrow('EMAIL_SMTP_URL: must be an smtp:// or smtps:// URL');
    expect(() => loadWorkerEnv({ ...PRODUCTION, EMAIL_SMTP_TLS_VERIFY: 'off' })).toThrow('EMAIL_SMTP_TLS_VERIFY: must not be off in production');
  });

  it('a HubSpot token alone takes HubSpot off the emulator (the SDK then uses HubSpot’s own origin), Twilio stays on it', () => {
    const env = loadWorkerEnv({ ...base, HUBSPOT_ACCESS_TOKEN: 'real-token' });
    expect(env.HUBSPOT_ACCESS_TOKEN).toBe('real-token');
    expect(env.HUBSPOT_BASE_URL).toBeUndefined();
    expect(env.TWILIO_BASE_URL).toBe(EMULATOR_DEFAULTS.TWILIO_BASE_URL);
  });

  it('Twilio credentials take Twilio off the emulator, without the emulator’s sender', () => {
    const env = loadWorkerEnv({ ...base, TWILIO_ACCOUNT_SID: SID, TWILIO_AUTH_TOKEN: 'secret', TWILIO_FROM: '+14045550100' });
    expect(env).toMatchObject({ TWILIO_ACCOUNT_SID: SID, TWILIO_FROM: '+14045550100' });
    expect(env.TWILIO_BASE_URL).toBeUndefined();
    expect(env.HUBSPOT_BASE_URL).toBe(EMULATOR_DEFAULTS.HUBSPOT_BASE_URL);
  });

  it('refuses a Twilio account SID without its auth token and sender', () => {
    expect(() => loadWorkerEnv({ ...base, TWILIO_ACCOUNT_SID: SID })).toThrow(/TWILIO_AUTH_TOKEN: is required with TWILIO_ACCOUNT_SID/);
  });

  it('an explicit base URL is kept either way (another emulator, or a proxy)', () => {
    const env = loadWorkerEnv({ ...base, HUBSPOT_ACCESS_TOKEN: 'token', HUBSPOT_BASE_URL: 'http://127.0.0.1:4999' });
    expect(env.HUBSPOT_BASE_URL).toBe('http://127.0.0.1:4999');
  });

  it('production uses the real services and refuses to start without their credentials, naming each', () => {
    try {
      loadWorkerEnv({ ...base, NODE_ENV: 'production' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).problems).toEqual([
        ...['HUBSPOT_ACCESS_TOKEN', 'TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM', 'EMAIL_SMTP_URL', 'OTP_SECRET', 'PUBLIC_URL'].map((key) => `${key}: is required in production`),
        'COMPANY_CONFIG_FILE: or COMPANY_CONFIG is required in production (the demo identity is for development and tests)',
      ]);
    }
  });

  it('carries no development value in production: no emulator, no development secret or address', () => {
    const env = loadWorkerEnv(PRODUCTION);
    const text = JSON.stringify(env);
    const developmentValues = [...Object.values(EMULATOR_DEFAULTS), DEV_OTP_SECRET, 'http://127.0.0.1', 'http://localhost'];
    expect(developmentValues.filter((value) => text.includes(value))).toEqual([]);
    expect([env.HUBSPOT_BASE_URL, env.TWILIO_BASE_URL, env.TWILIO_STATUS_CALLBACK_URL]).toEqual([undefined, undefined, undefined]);
  });

  it('refuses the development login-code key in production: it is public', () => {
    expect(() => loadWorkerEnv({ ...PRODUCTION, OTP_SECRET: DEV_OTP_SECRET })).toThrow('OTP_SECRET: must not be the development value in production');
  });
});

describe('worker env: customer texts', () => {
  it('sends every kind a day ahead by default; CUSTOMER_TEXTS_OFF and REMINDER_LEAD_HOURS change that', () => {
    expect(loadWorkerEnv(base)).toMatchObject({ CUSTOMER_TEXTS_OFF: new Set(), REMINDER_LEAD_HOURS: 24 });
    const env = loadWorkerEnv({ ...base, CUSTOMER_TEXTS_OFF: ' reminder, invoice_ready ', REMINDER_LEAD_HOURS: '48' });
    expect([...env.CUSTOMER_TEXTS_OFF]).toEqual(['reminder', 'invoice_ready']);
    expect(env.REMINDER_LEAD_HOURS).toBe(48);
  });

  it('reads the invoice reminders as at most two rising days past the due date, or off', () => {
    expect(loadWorkerEnv(base).INVOICE_REMINDER_DAYS).toEqual([3, 7]);
    expect(loadWorkerEnv({ ...base, INVOICE_REMINDER_DAYS: '2' }).INVOICE_REMINDER_DAYS).toEqual([2]);
    expect(loadWorkerEnv({ ...base, INVOICE_REMINDER_DAYS: 'off' }).INVOICE_REMINDER_DAYS).toEqual([]);
    for (const bad of ['7,3', '1,2,3', 'x', '-1']) expect(() => loadWorkerEnv({ ...base, INVOICE_REMINDER_DAYS: bad }), bad).toThrow(/INVOICE_REMINDER_DAYS: must be 'off' or at most two rising whole days/);
    expect(loadWorkerEnv({ ...base, INVOICE_REMINDER_DELAY_SECONDS: '10' }).INVOICE_REMINDER_DELAY_SECONDS).toBe(10);
    expect(() => loadWorkerEnv({ ...PRODUCTION, INVOICE_REMINDER_DELAY_SECONDS: '10' })).toThrow('INVOICE_REMINDER_DELAY_SECONDS: must not be set in production');
  });

  it('names an unknown kind and lists the real ones', () => {
    expect(() => loadWorkerEnv({ ...base, CUSTOMER_TEXTS_OFF: 'reminders' })).toThrow(
      'CUSTOMER_TEXTS_OFF: unknown kind reminders; the kinds are request_received, cleaning_confirmed, plan_confirmed, reminder, request_answered, rescheduled, invoice_ready, invoice_reminder, payment_received, rating_request',
    );
  });
});

describe('worker env: rating requests', () => {
  it('go at 10 AM the next day unless a delay is set (development, browser tests); never a delay in production', () => {
    expect(loadWorkerEnv(base).RATING_REQUEST_DELAY_MINUTES).toBeUndefined();
    expect(loadWorkerEnv({ ...base, RATING_REQUEST_DELAY_MINUTES: '0' }).RATING_REQUEST_DELAY_MINUTES).toBe(0);
    expect(loadWorkerEnv({ ...base, RATING_REQUEST_DELAY_MINUTES: '1' }).RATING_REQUEST_DELAY_MINUTES).toBe(1);
    expect(() => loadWorkerEnv({ ...base, RATING_REQUEST_DELAY_MINUTES: '-1' })).toThrow('RATING_REQUEST_DELAY_MINUTES');
    expect(() => loadWorkerEnv({ ...PRODUCTION, RATING_REQUEST_DELAY_MINUTES: '1' })).toThrow('RATING_REQUEST_DELAY_MINUTES: must not be set in production');
  });
});

describe('worker env: quiet hours', () => {
  it('are on unless turned off, and cannot be turned off in production', () => {
    expect(loadWorkerEnv(base).QUIET_HOURS).toBe(true);
    expect(loadWorkerEnv({ ...base, QUIET_HOURS: 'off' }).QUIET_HOURS).toBe(false);
    expect(() => loadWorkerEnv({ ...base, NODE_ENV: 'production', QUIET_HOURS: 'off' })).toThrow('QUIET_HOURS: must be on in production');
  });

  it('reads the daily HubSpot budget: the tier limit, the account time zone and the reserve, each checked', () => {
    expect(loadWorkerEnv(base)).toMatchObject({ HUBSPOT_DAILY_LIMIT: 250_000, HUBSPOT_TIME_ZONE: 'America/New_York', HUBSPOT_DAILY_RESERVE_PERCENT: 10, CRM_SWEEP_PASS_HOURS: 24, CRM_SWEEP_DAILY_REQUESTS: 2_500 });
    expect(loadWorkerEnv({ ...base, HUBSPOT_DAILY_LIMIT: '625000', HUBSPOT_TIME_ZONE: 'America/Chicago' })).toMatchObject({ HUBSPOT_DAILY_LIMIT: 625_000, HUBSPOT_TIME_ZONE: 'America/Chicago' });
    expect(() => loadWorkerEnv({ ...base, HUBSPOT_DAILY_LIMIT: '100' })).toThrow(/HUBSPOT_DAILY_LIMIT/);
    expect(() => loadWorkerEnv({ ...base, HUBSPOT_TIME_ZONE: 'Eastern' })).toThrow(/HUBSPOT_TIME_ZONE/);
    expect(() => loadWorkerEnv({ ...base, HUBSPOT_DAILY_RESERVE_PERCENT: '60' })).toThrow(/HUBSPOT_DAILY_RESERVE_PERCENT/);
  });
});
