import type { Db } from './client';

/**
 * When the worker's last HubSpot pull (crm.pull) ended without error, kept as a row of
 * sync_cursor under its own name. /metrics shows its age (crm_pull_last_success_age_seconds),
 * which an alert watches: a pull that keeps failing leaves the mirror, and so the portal, stale.
 */
const PULL_COMPLETED = 'crm.pull.completed';

export async function recordPullCompleted(db: Db, at: Date): Promise<void> {
  const cursor = at.toISOString();
  await db.syncCursor.upsert({ where: { name: PULL_COMPLETED }, create: { name: PULL_COMPLETED, cursor }, update: { cursor } });
}

/** Null until a pull has completed. */
export async function lastPullCompletedAt(db: Db): Promise<Date | null> {
  const cursor = (await db.syncCursor.findUnique({ where: { name: PULL_COMPLETED } }))?.cursor;
  return cursor ? new Date(cursor) : null;
}

/** The ops_counter row the worker's reconciler counts re-dispatched outbox events in. */
export const REDISPATCHED_COUNTER = 'outbox.redispatched';

/**
 * Outbox events not yet handed to the queue and the age of the oldest (/metrics, the staff
 * board), and how many events were ever dispatched again because the queue store lost their job.
 */
export async function outboxBacklog(db: Db): Promise<{ pending: number; oldestAgeSeconds: number; redispatched: number }> {
  const [row] = await db.$queryRaw<{ pending: bigint; oldest: number | null; redispatched: bigint | null }[]>`
    SELECT count(*) AS pending, EXTRACT(EPOCH FROM (now() - min(created_at)))::float8 AS oldest,
           (SELECT value FROM ops_counter WHERE name = ${REDISPATCHED_COUNTER}) AS redispatched
    FROM outbox_event WHERE status = 'pending'`;
  return { pending: Number(row?.pending ?? 0), oldestAgeSeconds: row?.oldest ?? 0, redispatched: Number(row?.redispatched ?? 0) };
}
