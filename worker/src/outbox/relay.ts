import type { Db } from '@app/db/client';
import type { Logger } from '../logger';
import { addOutboxJobs, type QueuesByName } from './dispatch';
import { dispatchDueEvents, recordDispatchFailure } from './relay-repository';

export interface RelayOptions {
  db: Db;
  queues: QueuesByName;
  log: Logger;
  /** Pause between polls when there was nothing (or little) to do. */
  idleMs?: number;
  batchSize?: number;
}

export interface Relay {
  /** One pass; returns how many events were dispatched. Exposed for tests. */
  runOnce(): Promise<number>;
  /** Runs a pass now instead of at the next poll (the API committed events; see notifier.ts). */
  wake(): void;
  stop(): Promise<void>;
}

const UNKNOWN_TYPE_RETRY_MS = 3_600_000;
const QUEUE_DOWN_RETRY_MS = 2_000;
/**
 * Nudges that arrive while a pass runs start the next pass this much later, so a busy API's
 * events go in batches (one claim, one queue call, one update) rather than a pass per request.
 */
const NUDGED_PASS_GAP_MS = 10;

/**
 * The guarantee behind "a request is safe the moment the API answers": every committed outbox
 * row becomes a job; the API never adds jobs itself. Runs a pass when the API nudges it
 * (notifier.ts), polls Postgres besides, and loops without pausing while there is a backlog.
 */
export function startRelay(options: RelayOptions): Relay {
  const { db, queues, log, idleMs = 250, batchSize = 200 } = options;
  let running = true;
  /** The sleep between passes; a nudge cuts short only an idle sleep, never the gap after a nudged pass. */
  let sleep: { interrupt: () => void; idle: boolean } | undefined;
  /** A nudge that came while a pass was running: the events may have missed that pass. */
  let nudged = false;

  const runOnce = async (): Promise<number> => {
    let failedIds: string[] = [];
    try {
      return await dispatchDueEvents(db, batchSize, async (rows) => {
        failedIds = rows.map((r) => r.id);
        const { unknown } = await addOutboxJobs(queues, rows);
        if (unknown.length > 0) {
          // Let the known rows through; park the unknown ones (visible in the backlog metrics).
          log.error({ ids: unknown.map((r) => r.id), types: [...new Set(unknown.map((r) => r.type))] }, 'outbox events of unknown type');
          failedIds = unknown.map((r) => r.id);
          throw new UnknownTypeError();
        }
      });
    } catch (error) {
      const unknownType = error instanceof UnknownTypeError;
      if (!unknownType) log.warn({ err: error }, 'outbox relay could not dispatch; will retry');
      if (failedIds.length > 0) {
        await recordDispatchFailure(
          db,
          failedIds,
          unknownType ? 'unknown event type' : errorMessage(error),
          unknownType ? UNKNOWN_TYPE_RETRY_MS : QUEUE_DOWN_RETRY_MS,
        ).catch((e: unknown) => log.warn({ err: e }, 'could not record the dispatch failure'));
      }
      return 0;
    }
  };

  const loop = (async () => {
    while (running) {
      nudged = false;
      const dispatched = await runOnce();
      // Checked after every pass: stop() may have been called while it ran.
      if (!running) break;
      if (dispatched >= batchSize) continue;
      const idle = !nudged;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, idle ? idleMs : NUDGED_PASS_GAP_MS);
        sleep = {
          idle,
          interrupt: () => {
            clearTimeout(timer);
            resolve();
          },
        };
      });
      sleep = undefined;
    }
  })();

  return {
    runOnce,
    wake: () => {
      nudged = true;
      if (sleep?.idle) sleep.interrupt();
    },
    stop: async () => {
      running = false;
      sleep?.interrupt();
      await loop;
    },
  };
}

class UnknownTypeError extends Error {}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
