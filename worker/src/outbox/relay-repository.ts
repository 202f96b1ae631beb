import { sqlPool, type Db } from '@app/db/client';

export interface OutboxRow {
  id: string;
  type: string;
  payload: unknown;
}

/**
 * Claims up to `limit` due, undispatched events (FOR UPDATE SKIP LOCKED, so relays running in
 * several workers never take the same row), hands them to `dispatch`, and marks them dispatched
 * in the same transaction. If `dispatch` throws, nothing is marked and the rows stay due.
 * Plain SQL on the pool under Prisma (see sqlPool): a busy relay runs many passes a second.
 */
export async function dispatchDueEvents(
  db: Db,
  limit: number,
  dispatch: (rows: readonly OutboxRow[]) => Promise<void>,
): Promise<number> {
  const client = await sqlPool(db).connect();
  let broken = false;
  try {
    await client.query('BEGIN');
    const { rows } = await client.query<OutboxRow>({
      name: 'outbox-claim-due',
      text: `SELECT id::text AS id, type, payload
             FROM outbox_event
             WHERE status = 'pending' AND available_at <= now()
             ORDER BY available_at, created_at
             LIMIT $1
             FOR UPDATE SKIP LOCKED`,
      values: [limit],
    });
    if (rows.length > 0) {
      await dispatch(rows);
      await client.query({
        name: 'outbox-mark-dispatched',
        text: `UPDATE outbox_event
               SET status = 'dispatched', dispatched_at = now(), attempts = attempts + 1, last_error = NULL
               WHERE id = ANY($1::uuid[])`,
        values: [rows.map((r) => r.id)],
      });
    }
    await client.query('COMMIT');
    return rows.length;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {
      broken = true; // the connection is unusable: the pool drops it
    });
    throw error;
  } finally {
    client.release(broken);
  }
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
