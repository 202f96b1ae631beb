import { z } from 'zod';
import { envFields, parseEnv } from '@app/shared/parse-env';

const schema = z.object({
  NODE_ENV: envFields.nodeEnv,
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: envFields.port.default(3000),
  DATABASE_URL: envFields.postgresUrl,
  /** Unset: the queue lives in Postgres (BullMQ's Postgres backend). */
  REDIS_URL: envFields.redisUrl.optional(),
  QUEUE_PREFIX: envFields.queuePrefix,
  /** Postgres connections of this process; each request holds one for a single statement. */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(20),
  LOG_LEVEL: envFields.logLevel,
  LOG_FORMAT: envFields.logFormat,
  /** Largest JSON body accepted; the forms send text only (photos stay in the browser). */
  BODY_LIMIT: z.string().regex(/^\d+(b|kb|mb)$/i, 'must look like 100kb').default('100kb'),
  /** Folder of the built web app to serve (production and browser tests); unset in dev, where Vite serves it. */
  WEB_DIST_DIR: z.string().min(1).optional(),
});

export type ApiEnv = z.output<typeof schema>;

export function loadApiEnv(source: Readonly<Record<string, string | undefined>> = process.env): ApiEnv {
  return parseEnv(schema, source);
}
