import type { Db } from '@app/db/client';

export interface OutboxRow {
  id: string;
  type: string;
  payload: unknown;
}

/**
 * Claims up to `limit` due, undispatched events (FOR UPDATE SKIP LOCKED, so relays running in
 * several workers never take the same row), hands them to `dispatch`, and marks them dispatched
 * in the same transaction. If `dispatch` throws, nothing is marked and the rows stay due.
 */
export async function dispatchDueEvents(
  db: Db,
  limit: number,
  dispatch: (rows: readonly OutboxRow[]) => Promise<void>,
): Promise<number> {
  return db.$transaction(
    async (tx) => {
      const rows = await tx.$queryRaw<OutboxRow[]>`
        SELECT id::text AS id, type, payload
        FROM outbox_event
        WHERE status = 'pending' AND available_at <= now()
        ORDER BY available_at, created_at
        LIMIT ${limit}
        FOR UPDATE SKIP LOCKED`;
      if (rows.length === 0) return 0;
      await dispatch(rows);
      const ids = rows.map((r) => r.id);
      await tx.$executeRaw`
        UPDATE outbox_event
        SET status = 'dispatched', dispatched_at = now(), attempts = attempts + 1, last_error = NULL
        WHERE id = ANY(${ids}::uuid[])`;
      return rows.length;
    },
    { timeout: 30_000, maxWait: 10_000 },
  );
}

/**
 * Marks events whose jobs the API's fast path has added. Only pending rows: one the relay
 * holds right now waits for its transaction, then is already dispatched and left alone.
 */
export async function markDispatched(db: Db, ids: readonly string[]): Promise<void> {
  await db.$executeRaw`
    UPDATE outbox_event
    SET status = 'dispatched', dispatched_at = now(), attempts = attempts + 1
    WHERE id = ANY(${[...ids]}::uuid[]) AND status = 'pending'`;
}

/** Records a failed dispatch and keeps the rows due again after `retryInMs`. */
export async function recordDispatchFailure(db: Db, ids: readonly string[], error: string, retryInMs: number): Promise<void> {
  await db.$executeRaw`
    UPDATE outbox_event
    SET attempts = attempts + 1, last_error = ${error.slice(0, 1000)},
        available_at = now() + make_interval(secs => ${retryInMs / 1000})
    WHERE id = ANY(${[...ids]}::uuid[]) AND status = 'pending'`;
}

/** Undispatched events and the age of the oldest, for /metrics. */
export async function outboxBacklog(db: Db): Promise<{ pending: number; oldestAgeSeconds: number }> {
  const [row] = await db.$queryRaw<{ pending: bigint; oldest: number | null }[]>`
    SELECT count(*) AS pending, EXTRACT(EPOCH FROM (now() - min(created_at)))::float8 AS oldest
    FROM outbox_event WHERE status = 'pending'`;
  return { pending: Number(row?.pending ?? 0), oldestAgeSeconds: row?.oldest ?? 0 };
}
