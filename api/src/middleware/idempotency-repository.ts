import type { Db } from '@app/db/client';

export interface KeyRef {
  scope: string;
  key: string;
  requestHash: string;
}

export interface StoredKey {
  requestHash: string;
  responseStatus: number | null;
  responseBody: unknown;
}

/**
 * Claims the key for this request: true when we may run it. One statement on the primary key
 * (scope, key), so of two concurrent requests exactly one gets the claim. An expired row is
 * taken over in the same statement. All times come from the database clock, not the app's.
 */
export async function claimKey(db: Db, ref: KeyRef, ttlMs: number): Promise<boolean> {
  const rows = await db.$queryRaw<{ claimed: number }[]>`
    INSERT INTO idempotency_key (key, scope, request_hash, expires_at)
    VALUES (${ref.key}, ${ref.scope}, ${ref.requestHash}, now() + ${ttlMs}::int * interval '1 millisecond')
    ON CONFLICT (scope, key) DO UPDATE
      SET request_hash = EXCLUDED.request_hash, response_status = NULL, response_body = NULL,
          created_at = now(), expires_at = EXCLUDED.expires_at
      WHERE idempotency_key.expires_at <= now()
    RETURNING 1 AS claimed`;
  return rows.length === 1;
}

/** The live (unexpired) row of a key, or null. */
export async function findKey(db: Db, scope: string, key: string): Promise<StoredKey | null> {
  const rows = await db.$queryRaw<{ request_hash: string; response_status: number | null; response_body: unknown }[]>`
    SELECT request_hash, response_status, response_body FROM idempotency_key
    WHERE scope = ${scope} AND key = ${key} AND expires_at > now()`;
  const row = rows[0];
  return row ? { requestHash: row.request_hash, responseStatus: row.response_status, responseBody: row.response_body } : null;
}

export async function saveResponse(db: Db, ref: KeyRef, status: number, body: unknown): Promise<void> {
  await db.$executeRaw`
    UPDATE idempotency_key SET response_status = ${status}, response_body = ${JSON.stringify(body ?? null)}::jsonb
    WHERE scope = ${ref.scope} AND key = ${ref.key} AND request_hash = ${ref.requestHash} AND response_status IS NULL`;
}

/** Gives an unfinished claim back (the request failed and wrote nothing), so a retry can run. */
export async function releaseKey(db: Db, ref: KeyRef): Promise<void> {
  await db.$executeRaw`
    DELETE FROM idempotency_key
    WHERE scope = ${ref.scope} AND key = ${ref.key} AND request_hash = ${ref.requestHash} AND response_status IS NULL`;
}

/** Deletes up to `limit` expired keys (bounded, so it never becomes a long statement). */
export async function deleteExpiredKeys(db: Db, limit = 1000): Promise<number> {
  return db.$executeRaw`
    DELETE FROM idempotency_key WHERE ctid = ANY(ARRAY(
      SELECT ctid FROM idempotency_key WHERE expires_at <= now() LIMIT ${limit}::int))`;
}
