import { EMULATOR_DEFAULTS } from '@app/runtime/emulator-defaults';
import { DEV_STAFF_EMAIL_DOMAIN } from '@app/emulators/oidc/provider';
import { TWILIO_STATUS_CALLBACK_PATH } from '@app/shared/routes';

/** Where the processes of `npm run dev` find each other; an emulator or provider left out is the real service. */
export interface DevAddresses {
  databaseUrl: string;
  apiPort: number;
  webPort: number;
  hubspotUrl?: string | undefined;
  twilioUrl?: string | undefined;
  /** The mail emulator's SMTP URL (with its login) and inbox page. */
  mail?: { smtpUrl: string; inboxUrl: string } | undefined;
  oidcUrl?: string | undefined;
}

/**
 * The environment `npm run dev` gives the api, the worker and the web server: the caller's own,
 * plus the addresses and the development settings below. One place, so a process started beside
 * a running dev (`npm run chaos` starts a worker of its own) runs exactly as dev's do.
 */
export function devProcessEnv(base: NodeJS.ProcessEnv, a: DevAddresses): NodeJS.ProcessEnv {
  const apiOrigin = `http://127.0.0.1:${a.apiPort}`;
  return {
    ...base,
    NODE_ENV: 'development',
    LOG_FORMAT: 'pretty',
    DATABASE_URL: a.databaseUrl,
    PORT: String(a.apiPort),
    WEB_PORT: String(a.webPort),
    API_ORIGIN: apiOrigin,
    ...(a.hubspotUrl
      ? {
          HUBSPOT_BASE_URL: a.hubspotUrl,
          HUBSPOT_ACCESS_TOKEN: EMULATOR_DEFAULTS.HUBSPOT_ACCESS_TOKEN,
          // The portal polls every 15 s; a pull at the same pace shows emulator edits promptly.
          CRM_PULL_INTERVAL_MS: base.CRM_PULL_INTERVAL_MS || '15000',
        }
      : {}),
    ...(a.twilioUrl
      ? {
          TWILIO_BASE_URL: a.twilioUrl,
          TWILIO_ACCOUNT_SID: EMULATOR_DEFAULTS.TWILIO_ACCOUNT_SID,
          TWILIO_AUTH_TOKEN: EMULATOR_DEFAULTS.TWILIO_AUTH_TOKEN,
          // With the account SID the worker wants the whole set (env.ts), sender included.
          TWILIO_FROM: EMULATOR_DEFAULTS.TWILIO_FROM,
          // The emulator reports delivery to the api (worker passes it, api verifies signatures against it).
          TWILIO_STATUS_CALLBACK_URL: `${apiOrigin}${TWILIO_STATUS_CALLBACK_PATH}`,
          // The login page links to the emulator's inbox page in development (import.meta.env.DEV).
          VITE_DEV_SMS_INBOX_URL: `${a.twilioUrl}/`,
          // No real phone is texted: customer texts show in the inbox at once, also at night.
          QUIET_HOURS: base.QUIET_HOURS || 'off',
        }
      : {}),
    ...(a.mail
      ? {
          EMAIL_SMTP_URL: a.mail.smtpUrl,
          // The emulator's certificate is its package's own localhost one.
          EMAIL_SMTP_TLS_VERIFY: 'off',
          VITE_DEV_MAIL_INBOX_URL: `${a.mail.inboxUrl}/`,
        }
      : {}),
    ...(a.oidcUrl ? { OIDC_ISSUER_URL: a.oidcUrl, STAFF_EMAIL_DOMAINS: DEV_STAFF_EMAIL_DOMAIN } : {}),
  };
}

/** What dev gives its worker on top: the site's address for the links it writes into texts. */
export function devWorkerEnv(base: NodeJS.ProcessEnv, a: DevAddresses): NodeJS.ProcessEnv {
  // Invitations and notices link to the Vite server's address, the one staff and customers open in development.
  return {
    ...devProcessEnv(base, a),
    PUBLIC_URL: base.PUBLIC_URL || `http://127.0.0.1:${a.webPort}`,
    // A cleaning closed out as done is asked "how did it go?" a minute later, not at 10 AM tomorrow.
    RATING_REQUEST_DELAY_MINUTES: base.RATING_REQUEST_DELAY_MINUTES || '1',
    // An unpaid invoice is reminded two minutes after it opens, and again two minutes later, not days past due.
    INVOICE_REMINDER_DELAY_SECONDS: base.INVOICE_REMINDER_DELAY_SECONDS || '120',
  };
}
