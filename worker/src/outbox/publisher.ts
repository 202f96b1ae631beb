import type { Logger } from '../logger';
import { addOutboxJobs, type QueuesByName } from './dispatch';
import type { OutboxRow } from './relay-repository';

const FAST_PATH_TIMEOUT_MS = 1_000;
/** How long the first event of a batch waits for others; invisible next to a job's own work. */
const DEFAULT_BATCH_DELAY_MS = 5;
const MAX_BATCH = 500;

export interface OutboxPublisherOptions {
  queues: QueuesByName;
  log: Logger;
  /**
   * Marks events dispatched once their jobs are added, so the relay does not add them again.
   * Without it the relay re-adds them later (harmless: the job id is the event id, a no-op).
   */
  markDispatched?: (ids: readonly string[]) => Promise<void>;
  batchDelayMs?: number;
}

/**
 * The API's fast path: right after a transaction commits, enqueue its outbox events so work
 * starts at once. Events of concurrent requests are gathered for a few milliseconds and added
 * (and marked) together: a busy API pays one queue call and one update per batch, not per
 * request. Best effort only: on any failure (Redis down, slow) the worker's relay dispatches
 * them. The promise settles when the event's batch is done; it never rejects.
 */
export function createOutboxPublisher(options: OutboxPublisherOptions) {
  const { queues, log, markDispatched, batchDelayMs = DEFAULT_BATCH_DELAY_MS } = options;
  let batch: { rows: OutboxRow[]; done: Promise<void> } | undefined;

  async function send(rows: readonly OutboxRow[]): Promise<void> {
    try {
      const { unknown } = await addOutboxJobs(queues, rows, FAST_PATH_TIMEOUT_MS);
      const skipped = new Set(unknown.map((r) => r.id));
      const added = rows.filter((r) => !skipped.has(r.id)).map((r) => r.id);
      if (markDispatched && added.length > 0) await markDispatched(added);
    } catch (error) {
      log.debug({ err: error, ids: rows.map((r) => r.id) }, 'fast-path enqueue failed; the relay will dispatch');
    }
  }

  function open(): { rows: OutboxRow[]; done: Promise<void> } {
    const rows: OutboxRow[] = [];
    const done = new Promise<void>((resolve) => {
      setTimeout(() => {
        if (batch?.rows === rows) batch = undefined;
        void send(rows).then(resolve);
      }, batchDelayMs);
    });
    return { rows, done };
  }

  return {
    publish(rows: readonly OutboxRow[]): Promise<void> {
      if (rows.length === 0) return Promise.resolve();
      if (!batch || batch.rows.length >= MAX_BATCH) batch = open();
      batch.rows.push(...rows);
      return batch.done;
    },
  };
}

export type OutboxPublisher = ReturnType<typeof createOutboxPublisher>;
