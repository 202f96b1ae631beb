import type { Logger } from '../logger';
import { addOutboxJobs, type QueuesByName } from './dispatch';
import type { OutboxRow } from './relay-repository';

const FAST_PATH_TIMEOUT_MS = 1_000;

/**
 * The API's fast path: right after its transaction commits, try to enqueue the new outbox
 * events so work starts at once. Best effort only: on any failure (Redis down, slow) the
 * worker's relay dispatches them. It does not mark the rows: the relay does that in batches,
 * re-adding them as no-ops (same job id), which keeps the request path to one database write.
 * Never throws.
 */
export function createOutboxPublisher(options: { queues: QueuesByName; log: Logger }) {
  const { queues, log } = options;
  return {
    async publish(rows: readonly OutboxRow[]): Promise<void> {
      if (rows.length === 0) return;
      try {
        await addOutboxJobs(queues, rows, FAST_PATH_TIMEOUT_MS);
      } catch (error) {
        log.debug({ err: error, ids: rows.map((r) => r.id) }, 'fast-path enqueue failed; the relay will dispatch');
      }
    },
  };
}

export type OutboxPublisher = ReturnType<typeof createOutboxPublisher>;
