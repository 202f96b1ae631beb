import { ConfigError } from '@app/shared/parse-env';
import { loadWorkerEnv } from './env';
import { JOBS } from './jobs/registry';
import { createLogger } from './logger';
import { createQueueBackend } from './queue/connection';
import { startWorkers } from './runtime';

async function main(): Promise<void> {
  const env = loadWorkerEnv();
  const log = createLogger({ service: 'worker', level: env.LOG_LEVEL, format: env.LOG_FORMAT });
  const backend = createQueueBackend({ redisUrl: env.REDIS_URL, databaseUrl: env.DATABASE_URL, prefix: env.QUEUE_PREFIX });
  const runtime = await startWorkers({ backend, jobs: JOBS, concurrency: env.WORKER_CONCURRENCY, log });
  log.info({ backend: backend.kind, queues: runtime.workers.map((w) => w.name), jobs: JOBS.length }, 'worker ready');

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      log.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    stopping = true;
    log.info({ signal }, 'worker stopping: finishing running jobs');
    const deadline = setTimeout(() => {
      log.error('running jobs did not finish in time; exiting (they will be retried after stall detection)');
      process.exit(1);
    }, env.SHUTDOWN_TIMEOUT_MS);
    deadline.unref();
    runtime.close().then(
      () => {
        log.info('worker stopped');
        process.exit(0);
      },
      (error: unknown) => {
        log.error({ err: error }, 'worker shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
