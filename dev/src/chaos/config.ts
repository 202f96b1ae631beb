import { devDatabaseUrl } from '@app/db/dev-database';
import { ConfigError, envFields, parseEnv } from '@app/shared/parse-env';
import { devConfigSchema } from '../dev-config';
import { devWorkerEnv } from '../dev-env';

/** Where the `npm run dev` under test runs: read from the same variables, with the same defaults. */
export interface ChaosConfig {
  apiOrigin: URL;
  hubspotUrl: string;
  twilioUrl: string;
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
  if (dev.HUBSPOT_ACCESS_TOKEN || dev.TWILIO_ACCOUNT_SID) {
    throw new ConfigError(['HUBSPOT_ACCESS_TOKEN, TWILIO_ACCOUNT_SID: chaos runs against the emulators only; unset them']);
  }
  const databaseUrl = dev.DATABASE_URL ?? devDatabaseUrl(dev.DEV_PG_PORT);
  const twilioUrl = `http://127.0.0.1:${dev.TWILIO_EMULATOR_PORT}`;
  return {
    apiOrigin: new URL(`http://127.0.0.1:${dev.PORT}`),
    hubspotUrl: `http://127.0.0.1:${dev.HUBSPOT_EMULATOR_PORT}`,
    twilioUrl,
    databaseUrl,
    redisUrl,
    queuePrefix: dev.QUEUE_PREFIX,
    workerEnv: (hubspotUrl) => ({
      ...devWorkerEnv(env, { databaseUrl, apiPort: dev.PORT, webPort: dev.WEB_PORT, hubspotUrl, twilioUrl }),
      REDIS_URL: redisUrl,
      QUEUE_PREFIX: dev.QUEUE_PREFIX,
    }),
  };
}
