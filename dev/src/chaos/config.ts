import { devDatabaseUrl } from '@app/db/dev-database';
import { EMULATOR_DEFAULTS } from '@app/runtime/emulator-defaults';
import { ConfigError, envFields, parseEnv } from '@app/shared/parse-env';
import { devConfigSchema } from '../dev-config';
import { devWorkerEnv } from '../dev-env';

/** Where the `npm run dev` under test runs: read from the same variables, with the same defaults. */
export interface ChaosConfig {
  apiOrigin: URL;
  hubspotUrl: string;
  twilioUrl: string;
  /** The mail emulator's inbox and control API (e-mails are counted there). */
  mailUrl: string;
  databaseUrl: string;
  redisUrl: string;
  queuePrefix: string;
  /** The environment dev gives its worker, with HubSpot at `hubspotUrl` (chaos's pass-through). */
  workerEnv(hubspotUrl: string): NodeJS.ProcessEnv;
}

const schema = devConfigSchema.extend({ QUEUE_PREFIX: envFields.queuePrefix });

export function loadChaosConfig(env: NodeJS.ProcessEnv = process.env): ChaosConfig {
  const dev = parseEnv(schema, env);
  const redisUrl = dev.REDIS_URL;
  if (!redisUrl) {
    throw new ConfigError(['REDIS_URL: must be set, as for the npm run dev under test (chaos empties its queue store; without Redis dev keeps the queue in Postgres)']);
  }
  if (dev.HUBSPOT_ACCESS_TOKEN || dev.TWILIO_ACCOUNT_SID || dev.EMAIL_SMTP_URL) {
    throw new ConfigError(['HUBSPOT_ACCESS_TOKEN, TWILIO_ACCOUNT_SID, EMAIL_SMTP_URL: chaos runs against the emulators only; unset them']);
  }
  const databaseUrl = dev.DATABASE_URL ?? devDatabaseUrl(dev.DEV_PG_PORT);
  const twilioUrl = `http://127.0.0.1:${dev.TWILIO_EMULATOR_PORT}`;
  const mailUrl = `http://127.0.0.1:${dev.MAIL_EMULATOR_PORT}`;
  // The login dev's mail emulator takes (its defaults), on the port dev gave it.
  const smtp = new URL(EMULATOR_DEFAULTS.EMAIL_SMTP_URL);
  smtp.port = String(dev.MAIL_EMULATOR_SMTP_PORT);
  return {
    apiOrigin: new URL(`http://127.0.0.1:${dev.PORT}`),
    hubspotUrl: `http://127.0.0.1:${dev.HUBSPOT_EMULATOR_PORT}`,
    twilioUrl,
    mailUrl,
    databaseUrl,
    redisUrl,
    queuePrefix: dev.QUEUE_PREFIX,
    workerEnv: (hubspotUrl) => ({
      ...devWorkerEnv(env, { databaseUrl, apiPort: dev.PORT, webPort: dev.WEB_PORT, hubspotUrl, twilioUrl, mail: { smtpUrl: smtp.href, inboxUrl: mailUrl } }),
      REDIS_URL: redisUrl,
      QUEUE_PREFIX: dev.QUEUE_PREFIX,
    }),
  };
}
