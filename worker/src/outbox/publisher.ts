import type { Db } from '@app/db/client';
import type { Logger } from '../logger';
import { addOutboxJobs, type QueuesByName } from './dispatch';
import { markDispatched, type OutboxRow } from './relay-repository';

const FAST_PATH_TIMEOUT_MS = 1_000;

/**
 * The API's fast path: right after its transaction commits, try to enqueue the new outbox
 * events so work starts at once. Best effort only: on any failure (Redis down, slow) the rows
 * stay pending and the worker's relay dispatches them. Never throws, never delays the answer
 * by more than FAST_PATH_TIMEOUT_MS.
 */
export function createOutboxPublisher(options: { db: Db; queues: QueuesByName; log: Logger }) {
  const { db, queues, log } = options;
  return {
    async publish(rows: readonly OutboxRow[]): Promise<void> {
      if (rows.length === 0) return;
      try {
        await addOutboxJobs(queues, rows, FAST_PATH_TIMEOUT_MS);
        await markDispatched(db, rows.map((r) => r.id));
      } catch (error) {
        log.debug({ err: error, ids: rows.map((r) => r.id) }, 'fast-path enqueue failed; the relay will dispatch');
      }
    },
  };
}

export type OutboxPublisher = ReturnType<typeof createOutboxPublisher>;
