import type { Db } from '@app/db/client';
import type { Logger } from '@app/runtime/logger';
import { JOB_QUEUES } from '@app/runtime/outbox/events';
import type { QueuesByName } from './dispatch';
import { findUnfinishedEvents, markForRedispatch, type UnfinishedEvent } from './reconcile-repository';

export interface ReconcilerOptions {
  db: Db;
  queues: QueuesByName;
  log: Logger;
  /** Told after events were made due again (the relay's wake), so they go out at once. */
  onRedispatch?: () => void;
  /** Between passes. With the relay's start-up pass, a lost queue heals within about this long. */
  intervalMs?: number;
  /** Events dispatched more recently are left to their job. */
  graceMs?: number;
  /** Events dispatched longer ago are left alone (see findUnfinishedEvents). */
  windowMs?: number;
  /** Rows read (and jobs looked up) per page. */
  pageSize?: number;
}

export interface Reconciler {
  /** One pass over every unfinished event; returns how many were dispatched again. */
  runOnce(): Promise<number>;
  stop(): Promise<void>;
}

export const RECONCILE_INTERVAL_MS = 30_000;
const GRACE_MS = 10_000;
/** Under the week completed jobs stay in the queue store (queue/job-options.ts). */
const WINDOW_MS = 6 * 24 * 3_600_000;
/** Job lookups in flight at once: one pipelined burst per chunk on Redis. */
const LOOKUP_CHUNK = 100;

/**
 * Postgres is the truth and the queue a cache of the outbox. The relay marks an event
 * dispatched once its job is in the queue store; if that store then loses the job (a failover to
 * a replica that missed the latest writes, a restart without its append-only file, a FLUSHALL,
 * the Postgres backend's tables emptied), nothing would run it again. Each pass finds the
 * dispatched events that are not done (by their contract, runtime/outbox/events.ts) and asks the
 * queue for their job: an event whose job is gone becomes due again, and the relay adds the job
 * anew under the same id. A job that failed for good stays as it is, for a person to look at; a
 * waiting, delayed or running one is left to run. Idempotency keys and job ids make a second
 * dispatch harmless, should a job reappear.
 */
export function startReconciler(options: ReconcilerOptions): Reconciler {
  const { db, queues, log, onRedispatch } = options;
  const intervalMs = options.intervalMs ?? RECONCILE_INTERVAL_MS;
  const graceMs = options.graceMs ?? GRACE_MS;
  const windowMs = options.windowMs ?? WINDOW_MS;
  const pageSize = options.pageSize ?? 500;

  const missing = async (events: readonly UnfinishedEvent[]): Promise<UnfinishedEvent[]> => {
    const gone: UnfinishedEvent[] = [];
    for (let i = 0; i < events.length; i += LOOKUP_CHUNK) {
      const chunk = events.slice(i, i + LOOKUP_CHUNK);
      const states = await Promise.all(chunk.map((e) => queues[JOB_QUEUES[e.type]].getJobState(e.id)));
      chunk.forEach((event, index) => {
        if (states[index] === 'unknown') gone.push(event);
      });
    }
    return gone;
  };

  const runOnce = async (): Promise<number> => {
    let redispatched = 0;
    let after: { dispatchedAt: Date; id: string } | undefined;
    for (;;) {
      const page = await findUnfinishedEvents(db, { graceMs, windowMs, limit: pageSize, ...(after && { after }) });
      if (page.length === 0) break;
      const gone = await missing(page);
      const changed = await markForRedispatch(db, gone.map((e) => e.id));
      if (changed > 0) {
        redispatched += changed;
        const types = [...new Set(gone.map((e) => e.type))];
        log.warn({ redispatched: changed, types }, 'outbox events whose job was gone from the queue: dispatched again');
        onRedispatch?.();
      }
      if (page.length < pageSize) break;
      const last = page[page.length - 1]!;
      after = { dispatchedAt: last.dispatchedAt, id: last.id };
    }
    return redispatched;
  };

  let running = true;
  let timer: NodeJS.Timeout | undefined;
  let pass: Promise<unknown> = Promise.resolve();
  const tick = () => {
    pass = runOnce()
      .catch((error: unknown) => log.warn({ err: error }, 'outbox reconciliation failed; trying again at the next pass'))
      .finally(() => {
        if (running) timer = setTimeout(tick, intervalMs);
      });
  };
  tick();

  return {
    runOnce,
    stop: async () => {
      running = false;
      clearTimeout(timer);
      await pass;
    },
  };
}
