import { sqlPool, type Db } from '@app/db/client';
import type { OutboxRow } from '@app/runtime/outbox/outbox-row';

/** What `dispatch` did with the rows it was given: all of them are dispatched except `held`. */
export interface DispatchOutcome {
  /** Rows not dispatched on purpose (their provider is down): due again after `holdForMs`. */
  held: readonly string[];
}

/** last_error of a held row; releaseHeldEvents finds them by it. */
export const HELD_REASON = 'held: provider unavailable';

/**
 * Claims up to `limit` due, undispatched events (FOR UPDATE SKIP LOCKED, so relays running in
 * several workers never take the same row), hands them to `dispatch`, and marks them dispatched
 * in the same transaction, except those `dispatch` held, which become due again after
 * `holdForMs` (without counting an attempt). If `dispatch` throws, nothing is marked and the
 * rows stay due. Returns how many rows were claimed.
 * Plain SQL on the pool under Prisma (see sqlPool): a busy relay runs many passes a second.
 */
export async function dispatchDueEvents(
  db: Db,
  limit: number,
  dispatch: (rows: readonly OutboxRow[]) => Promise<DispatchOutcome>,
  holdForMs = 0,
): Promise<number> {
  const client = await sqlPool(db).connect();
  let broken = false;
  try {
    await client.query('BEGIN');
    const { rows } = await client.query<OutboxRow>({
      name: 'outbox-claim-due',
      text: `SELECT id::text AS id, type, payload,
                    (EXTRACT(EPOCH FROM (now() - created_at)) * 1000)::float8 AS "ageMs"
             FROM outbox_event
             WHERE status = 'pending' AND available_at <= now()
             ORDER BY available_at, created_at
             LIMIT $1
             FOR UPDATE SKIP LOCKED`,
      values: [limit],
    });
    if (rows.length > 0) {
      const { held } = await dispatch(rows);
      const heldIds = new Set(held);
      const dispatched = heldIds.size === 0 ? rows : rows.filter((r) => !heldIds.has(r.id));
      if (dispatched.length > 0) {
        await client.query({
          name: 'outbox-mark-dispatched',
          text: `UPDATE outbox_event
                 SET status = 'dispatched', dispatched_at = now(), attempts = attempts + 1, last_error = NULL
                 WHERE id = ANY($1::uuid[])`,
          values: [dispatched.map((r) => r.id)],
        });
      }
      if (heldIds.size > 0) {
        await client.query({
          name: 'outbox-hold',
          text: `UPDATE outbox_event SET available_at = now() + make_interval(secs => $2), last_error = $3
                 WHERE id = ANY($1::uuid[])`,
          values: [[...heldIds], holdForMs / 1000, HELD_REASON],
        });
      }
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

/** Makes the held events of these types due now (their provider answers again); returns how many. */
export async function releaseHeldEvents(db: Db, types: readonly string[]): Promise<number> {
  return db.$executeRaw`
    UPDATE outbox_event SET available_at = now(), last_error = NULL
    WHERE status = 'pending' AND last_error = ${HELD_REASON} AND type = ANY(${[...types]}::text[])`;
}
