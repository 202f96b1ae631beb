import type { AnyQueue } from '@app/runtime/queue/connection';
import { jobOptionsFor, lingerDelay } from '../queue/job-options';
import { JOB_QUEUES, isJobName } from '../queue/job-routing';
import type { QueueName } from '@app/runtime/queue/queues';
import type { OutboxRow } from '@app/runtime/outbox/outbox-row';

export type QueuesByName = Readonly<Record<QueueName, AnyQueue>>;

/** A queue that cannot be reached makes BullMQ wait for the connection; we give up after this. */
export const DISPATCH_TIMEOUT_MS = 3_000;

/**
 * Adds outbox rows to their queues as jobs whose id is the outbox id: adding the same row
 * twice (two relays, or one after a crash before the row was marked) is a
 * no-op in BullMQ. Rows of an unknown type are returned, not added. Rejects after `timeoutMs`
 * (an add still in flight may land later: harmless, for the same reason). Jobs that batch
 * (see lingerDelay) are added delayed by what is left of `lingerMs`.
 */
export async function addOutboxJobs(
  queues: QueuesByName,
  rows: readonly OutboxRow[],
  timeoutMs: number = DISPATCH_TIMEOUT_MS,
  lingerMs = 0,
): Promise<{ unknown: OutboxRow[] }> {
  const unknown: OutboxRow[] = [];
  const byQueue = new Map<QueueName, OutboxRow[]>();
  for (const row of rows) {
    if (!isJobName(row.type)) {
      unknown.push(row);
      continue;
    }
    const queue = JOB_QUEUES[row.type];
    byQueue.set(queue, [...(byQueue.get(queue) ?? []), row]);
  }
  const adds = Promise.all(
    [...byQueue].map(([queue, queueRows]) =>
      queues[queue].addBulk(
        queueRows.map((row) => {
          const delay = lingerDelay(row.type, row.ageMs, lingerMs);
          return { name: row.type, data: row.payload, opts: { ...jobOptionsFor(row.type), jobId: row.id, ...(delay > 0 ? { delay } : {}) } };
        }),
      ),
    ),
  );
  await withTimeout(adds, timeoutMs);
  return { unknown };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`queue did not answer within ${ms} ms`)), ms);
    promise.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}
