import type { Logger } from './logger';
import type { JobDefinition } from './jobs/job';
import { createDispatcher } from './jobs/dispatch';
import type { AnyWorker, QueueBackend } from './queue/connection';
import { QUEUE_NAMES } from './queue/queues';

export interface WorkerRuntime {
  workers: readonly AnyWorker[];
  /** Stops taking jobs, lets running jobs finish, closes connections. */
  close(): Promise<void>;
}

/** Starts one BullMQ worker per queue, each running the jobs defined for that queue. */
export async function startWorkers(options: {
  backend: QueueBackend;
  jobs: readonly JobDefinition[];
  concurrency: number;
  log: Logger;
}): Promise<WorkerRuntime> {
  const { backend, jobs, concurrency, log } = options;
  const workers = QUEUE_NAMES.map((queue) => {
    const dispatcher = createDispatcher(
      jobs.filter((j) => j.queue === queue),
      log.child({ queue }),
    );
    const worker = backend.createWorker(queue, dispatcher, { concurrency, autorun: false });
    worker.on('failed', (job, error) =>
      log.warn({ queue, job: job?.name, jobId: job?.id, attempts: job?.attemptsMade, err: error.message }, 'job failed'),
    );
    worker.on('error', (error) => log.error({ queue, err: error }, 'worker error'));
    return worker;
  });
  for (const worker of workers) {
    void worker.run();
    await worker.waitUntilReady();
  }
  return {
    workers,
    close: async () => {
      await Promise.all(workers.map((w) => w.close()));
      await backend.close();
    },
  };
}
