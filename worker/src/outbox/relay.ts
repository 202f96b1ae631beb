import type { Db } from '@app/db/client';
import type { Logger } from '@app/runtime/logger';
import { JOB_QUEUES, isJobName } from '../queue/job-routing';
import type { ProviderOutages } from '../queue/provider-outages';
import type { QueueName } from '@app/runtime/queue/queues';
import { DISPATCH_TIMEOUT_MS, addOutboxJobs, type QueuesByName } from './dispatch';
import type { OutboxRow } from '@app/runtime/outbox/outbox-row';
import { dispatchDueEvents, recordDispatchFailure, releaseHeldEvents } from './relay-repository';

export interface RelayOptions {
  db: Db;
  queues: QueuesByName;
  log: Logger;
  /** The worker's view of its providers: events of a queue that is down stay in the outbox. */
  outages?: ProviderOutages;
  /** Pause between polls when there was nothing (or little) to do. */
  idleMs?: number;
  batchSize?: number;
  /** How long a booking's push job waits for others to join its batch (CRM_PUSH_LINGER_MS; see lingerDelay). 0: off. */
  pushLingerMs?: number;
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
 * A held event is looked at again after this long (or at once when its queue recovers). Held
 * events cost one claim and one update per look, instead of a job that can only wait.
 */
const HELD_RECHECK_MS = 30_000;
/**
 * Queues whose events are held while their provider is down: HubSpot work, which can come in
 * bulk. Not text messages: a login code is wanted within seconds of Twilio answering again, and
 * its job already drops a code that expired.
 */
const HOLDABLE_QUEUES: ReadonlySet<QueueName> = new Set(['crm']);

const typesOf = (queue: QueueName) => Object.entries(JOB_QUEUES).filter(([, q]) => q === queue).map(([type]) => type);
/** Undefined for an unknown type (which no queue holds: addOutboxJobs parks it). */
const queueOf = (row: OutboxRow): QueueName | undefined => (isJobName(row.type) ? JOB_QUEUES[row.type] : undefined);

/**
 * The guarantee behind "a request is safe the moment the API answers": every committed outbox
 * row becomes a job; the API never adds jobs itself. Runs a pass when the API nudges it
 * (notifier.ts), polls Postgres besides, and loops without pausing while there is a backlog.
 * While `outages` says the provider of a HOLDABLE_QUEUES queue is down, that queue's events stay
 * in the outbox (due again every HELD_RECHECK_MS) and are released the moment a job of the
 * queue succeeds.
 */
export function startRelay(options: RelayOptions): Relay {
  const { db, queues, log, outages, idleMs = 250, batchSize = 200, pushLingerMs = 0 } = options;
  let running = true;
  /** The sleep between passes; a nudge cuts short only an idle sleep, never the gap after a nudged pass. */
  let sleep: { interrupt: () => void; idle: boolean } | undefined;
  /** A nudge that came while a pass was running: the events may have missed that pass. */
  let nudged = false;

  /** Queues whose events this relay holds, to log only changes. */
  const holding = new Set<QueueName>();
  const noteHolds = (down: ReadonlySet<QueueName>, heldNow: ReadonlySet<QueueName>) => {
    for (const queue of holding) if (!down.has(queue)) holding.delete(queue);
    for (const queue of heldNow) {
      if (holding.has(queue)) continue;
      holding.add(queue);
      log.warn({ queue }, 'provider unavailable: new events stay in the outbox until it answers');
    }
  };

  const runOnce = async (): Promise<number> => {
    let failedIds: string[] = [];
    const down = new Set(outages?.downQueues().filter((queue) => HOLDABLE_QUEUES.has(queue)));
    let heldQueues = new Set<QueueName>();
    try {
      const claimed = await dispatchDueEvents(
        db,
        batchSize,
        async (rows) => {
          const isHeld = (row: OutboxRow) => down.has(queueOf(row)!);
          const held = down.size === 0 ? [] : rows.filter(isHeld);
          const toAdd = held.length === 0 ? rows : rows.filter((row) => !isHeld(row));
          heldQueues = new Set(held.map((r) => queueOf(r)!));
          noteHolds(down, heldQueues);
          failedIds = toAdd.map((r) => r.id);
          const { unknown } = await addOutboxJobs(queues, toAdd, DISPATCH_TIMEOUT_MS, pushLingerMs);
          if (unknown.length > 0) {
            // Let the known rows through; park the unknown ones (visible in the backlog metrics).
            log.error({ ids: unknown.map((r) => r.id), types: [...new Set(unknown.map((r) => r.type))] }, 'outbox events of unknown type');
            failedIds = unknown.map((r) => r.id);
            throw new UnknownTypeError();
          }
          return { held: held.map((r) => r.id) };
        },
        HELD_RECHECK_MS,
      );
      // A queue that recovered while this pass held its events: its release may have missed them.
      const stillDown = new Set(outages?.downQueues());
      for (const queue of heldQueues) if (!stillDown.has(queue)) release(queue);
      return claimed;
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

  function wake(): void {
    nudged = true;
    if (sleep?.idle) sleep.interrupt();
  }

  function release(queue: QueueName): void {
    holding.delete(queue);
    releaseHeldEvents(db, typesOf(queue)).then(
      (released) => {
        if (released > 0) log.info({ queue, released }, 'provider answers again: held events released');
        wake();
      },
      (error: unknown) => log.warn({ err: error, queue }, 'could not release held events; they are due again within their hold'),
    );
  }

  outages?.onRecovery((queue) => {
    if (running) release(queue);
  });

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
    wake,
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
