import type { Logger } from '@app/runtime/logger';
import type { JobDefinition } from './jobs/job';
import { createDispatcher } from './jobs/dispatch';
import type { AnyWorker, QueueBackend } from '@app/runtime/queue/connection';
import { BACKOFF_TYPE, DEFAULT_BACKOFF, backoffDelay, type BackoffPolicy } from './queue/job-options';
import type { ProviderOutages } from './queue/provider-outages';
import { QUEUE_NAMES, type QueueName } from '@app/runtime/queue/queues';

const PAUSABLE_LIMITER_MAX = 1_000_000;

export interface WorkerRuntime {
  workers: readonly AnyWorker[];
  /** Starts consuming a queue that was held at start (see `held`); a no-op for a running one. */
  release(queue: QueueName): Promise<void>;
  /** Stops taking jobs, lets running jobs finish, closes connections. */
  close(): Promise<void>;
}

export interface WorkerSettings {
  concurrency: number;
  backoff?: BackoffPolicy;
  /** How often BullMQ looks for jobs whose worker died (and how long a job lock lasts). */
  stalledIntervalMs?: number;
}

/** Starts one BullMQ worker per queue, each running the jobs defined for that queue. */
export async function startWorkers(options: {
  backend: QueueBackend;
  jobs: readonly JobDefinition[];
  log: Logger;
  settings: WorkerSettings;
  /** Told of every provider outage and every success, queue by queue (the relay reads it). */
  outages?: ProviderOutages;
  /** Queues not consumed until released (the crm queue waits for a ready HubSpot account); their jobs wait in the queue. */
  held?: readonly QueueName[];
  /** Told of every job that completed, by its id (the outbox id for an outbox event's job). */
  onCompleted?: (jobId: string) => void;
}): Promise<WorkerRuntime> {
  const { backend, jobs, log, settings, outages } = options;
  const held = new Set(options.held ?? []);
  const policy = settings.backoff ?? DEFAULT_BACKOFF;
  const pausers = QUEUE_NAMES.map((name) => backend.createQueue(name));
  const workers = QUEUE_NAMES.map((queue, index) => {
    const pauser = pausers[index]!;
    const dispatcher = createDispatcher(jobs.filter((j) => j.queue === queue), log.child({ queue }), {
      // Never shorten a longer pause already in force (a 429's Retry-After outranks an outage probe).
      pauseQueue: async (ms) => {
        if ((await pauser.getRateLimitTtl()) < ms) await pauser.rateLimit(ms);
      },
      providerUnavailable: () => outages?.reportOutage(queue),
      succeeded: () => outages?.reportSuccess(queue),
    });
    const worker = backend.createWorker(queue, dispatcher, {
      concurrency: settings.concurrency,
      autorun: false,
      // BullMQ honours a queue-wide pause (queue.rateLimit, used for 429s and outages) only on
      // workers that have a limiter; this one is too generous ever to throttle by itself.
      limiter: { max: PAUSABLE_LIMITER_MAX, duration: 1_000 },
      settings: { backoffStrategy: (attemptsMade, type) => (type === BACKOFF_TYPE ? backoffDelay(attemptsMade, policy) : 0) },
      ...(settings.stalledIntervalMs
        ? { stalledInterval: settings.stalledIntervalMs, lockDuration: settings.stalledIntervalMs }
        : {}),
    });
    worker.on('failed', (job, error) =>
      log.warn({ queue, job: job?.name, jobId: job?.id, attempts: job?.attemptsMade, err: error.message }, 'job failed'),
    );
    worker.on('error', (error) => log.error({ queue, err: error }, 'worker error'));
    if (options.onCompleted) worker.on('completed', (job) => job.id && options.onCompleted!(job.id));
    return worker;
  });
  const run = async (index: number) => {
    const worker = workers[index]!;
    void worker.run();
    await worker.waitUntilReady();
  };
  for (const [index, queue] of QUEUE_NAMES.entries()) if (!held.has(queue)) await run(index);
  return {
    workers,
    async release(queue) {
      if (!held.delete(queue)) return;
      await run(QUEUE_NAMES.indexOf(queue));
    },
    close: async () => {
      await Promise.all(workers.map((w) => w.close()));
      await Promise.all(pausers.map((q) => q.close()));
      await backend.close();
    },
  };
}
