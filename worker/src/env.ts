import { z } from 'zod';
import { envFields, parseEnv } from '@app/shared/parse-env';

const schema = z.object({
  NODE_ENV: envFields.nodeEnv,
  DATABASE_URL: envFields.postgresUrl,
  /** Unset: the queue lives in Postgres (BullMQ's Postgres backend). */
  REDIS_URL: envFields.redisUrl.optional(),
  QUEUE_PREFIX: envFields.queuePrefix,
  LOG_LEVEL: envFields.logLevel,
  LOG_FORMAT: envFields.logFormat,
  /** Jobs run at once per queue in this process. */
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(100).default(5),
  /** How long a graceful shutdown may wait for running jobs before the process gives up. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1_000).default(30_000),
});

export type WorkerEnv = z.output<typeof schema>;

export function loadWorkerEnv(source: Readonly<Record<string, string | undefined>> = process.env): WorkerEnv {
  return parseEnv(schema, source);
}
