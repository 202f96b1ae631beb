import type { Db } from '@app/db/client';
import { REDISPATCHED_COUNTER } from '@app/db/sync-status';
import { OUTBOX_EVENTS, type OutboxEventType } from '@app/runtime/outbox/events';

/** An event the relay dispatched whose work is not done yet. */
export interface UnfinishedEvent {
  id: string;
  type: OutboxEventType;
}


/** last_error of an event the reconciler dispatched again. */
export const REDISPATCH_REASON = 'dispatched again: its job was gone from the queue';

/**
 * True for an outbox row `e` whose work is done: its job completed, or its type's contract says
 * so (runtime/outbox/events.ts). Types unknown to the contract are never done.
 */
const DONE_SQL = `(e.completed_at IS NOT NULL OR CASE e.type
  ${Object.entries(OUTBOX_EVENTS)
    .map(([type, contract]) => `WHEN '${type}' THEN (${contract.doneSql})`)
    .join('\n  ')}
  ELSE false END)`;

/**
 * Dispatched events, not done, dispatched between `windowMs` and `graceMs` ago: one page in
 * dispatch order, after `after` (keyset). Events older than the window are left alone: their
 * job's record has expired from the queue store (completed jobs stay a week), so a missing job
 * no longer says anything.
 */
export async function findUnfinishedEvents(
  db: Db,
  options: { graceMs: number; windowMs: number; limit: number; after?: { dispatchedAt: Date; id: string } },
): Promise<Array<UnfinishedEvent & { dispatchedAt: Date }>> {
  const after = options.after ?? { dispatchedAt: new Date(0), id: '00000000-0000-0000-0000-000000000000' };
  return db.$queryRawUnsafe<Array<UnfinishedEvent & { dispatchedAt: Date }>>(
    `SELECT e.id::text AS id, e.type, e.dispatched_at AS "dispatchedAt"
     FROM outbox_event e
     WHERE e.status = 'dispatched' AND e.completed_at IS NULL
       AND e.dispatched_at < now() - make_interval(secs => $1) AND e.dispatched_at > now() - make_interval(secs => $2)
       AND (e.dispatched_at, e.id) > ($3::timestamptz, $4::uuid)
       AND NOT ${DONE_SQL}
     ORDER BY e.dispatched_at, e.id
     LIMIT $5`,
    options.graceMs / 1000,
    options.windowMs / 1000,
    after.dispatchedAt,
    after.id,
    options.limit,
  );
}

/**
 * Makes these dispatched events due again (the relay adds their jobs anew, under the same job
 * id) and counts them, in one transaction. Only rows still dispatched and not completed change,
 * so two reconcilers never count one event twice. Returns how many changed.
 */
export async function markForRedispatch(db: Db, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  return db.$transaction(async (tx) => {
    const changed = await tx.$executeRaw`
      UPDATE outbox_event
      SET status = 'pending', available_at = now(), redispatches = redispatches + 1, last_error = ${REDISPATCH_REASON}
      WHERE id = ANY(${[...ids]}::uuid[]) AND status = 'dispatched' AND completed_at IS NULL`;
    if (changed > 0) {
      await tx.$executeRaw`
        INSERT INTO ops_counter (name, value) VALUES (${REDISPATCHED_COUNTER}, ${changed})
        ON CONFLICT (name) DO UPDATE SET value = ops_counter.value + EXCLUDED.value`;
    }
    return changed;
  });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a job id is an outbox event's id (jobs a schedule started have ids of their own). */
export const isOutboxId = (jobId: string) => UUID.test(jobId);

/** Records that the jobs of these outbox events completed, in one statement (ids that are no outbox ids change nothing). */
export async function markCompleted(db: Db, eventIds: readonly string[]): Promise<void> {
  const ids = eventIds.filter(isOutboxId);
  if (ids.length === 0) return;
  await db.$executeRaw`UPDATE outbox_event SET completed_at = now() WHERE id = ANY(${ids}::uuid[]) AND completed_at IS NULL`;
}
