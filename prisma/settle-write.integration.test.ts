import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../test/context';
import { startTcpProxy, type TcpProxy } from '../test/tcp-proxy';
import { WriteOutcomeUnknown, writeSettled } from './settle-write';
import { isDatabaseUnavailable } from './unavailable';

const SCOPE = 'settle-write-test';
// Slow enough that the server is surely still running it when the connection is cut.
const INSERT_KEY = `INSERT INTO idempotency_key (key, scope, request_hash, expires_at)
  SELECT $1, '${SCOPE}', 'hash', now() + interval '1 hour' FROM pg_sleep(0.2) RETURNING key`;

/**
 * writeSettled over a connection that a proxy cuts at the worst moment: after the statement
 * went out, before its answer came back. The caller learns what really happened.
 */
describe('writeSettled', () => {
  let proxy: TcpProxy;
  let pool: pg.Pool;
  let direct: pg.Pool;

  beforeAll(async () => {
    const url = new URL(testDatabaseUrl());
    proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
    url.hostname = '127.0.0.1';
    url.port = String(proxy.port);
    pool = new pg.Pool({ connectionString: url.toString(), max: 4 });
    pool.on('error', () => {});
    direct = new pg.Pool({ connectionString: testDatabaseUrl(), max: 2 });
  });
  afterEach(() => proxy.restore());
  afterAll(async () => {
    await direct.query('DELETE FROM idempotency_key WHERE scope = $1', [SCOPE]);
    await Promise.all([pool.end(), direct.end()]);
    await proxy.close();
  });

  const stored = async (key: string) => (await direct.query('SELECT 1 FROM idempotency_key WHERE scope = $1 AND key = $2', [SCOPE, key])).rowCount;
  const insertKey = (key: string, withinMs?: number) =>
    writeSettled(pool, {
      what: 'a test key',
      write: async (client) => (await client.query<{ key: string }>(INSERT_KEY, [key])).rows[0]!.key,
      committed: async (fresh) => (await fresh.query<{ key: string }>('SELECT key FROM idempotency_key WHERE scope = $1 AND key = $2', [SCOPE, key])).rows[0]?.key ?? null,
      ...(withinMs !== undefined && { withinMs }),
    });
  /** Cuts right after the statement carrying `key` went out; Postgres is back `afterMs` later. */
  const cutAfterSending = (key: string, afterMs: number) =>
    void proxy.cutAfter((chunk) => chunk.includes(key)).then(async () => {
      await sleep(afterMs);
      proxy.restore();
    });

  it('answers with what was written when the statement committed but its answer was lost', async () => {
    const key = randomUUID();
    cutAfterSending(key, 300);
    await expect(insertKey(key)).resolves.toBe(key);
    expect(await stored(key)).toBe(1);
  });

  it('fails with the connection error when nothing was committed', async () => {
    const key = randomUUID();
    cutAfterSending(key, 300);
    const failure = writeSettled(pool, {
      what: 'a test key',
      // A transaction whose COMMIT never arrives: the server rolls it back.
      write: async (client) => {
        await client.query('BEGIN');
        await client.query(INSERT_KEY, [key]);
        await client.query('COMMIT');
        return key;
      },
      committed: async () => ((await stored(key)) ? key : null),
    });
    const error: unknown = await failure.catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(WriteOutcomeUnknown);
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(await stored(key)).toBe(0);
  });

  it('says the outcome is unknown when the database stays away', async () => {
    const key = randomUUID();
    cutAfterSending(key, 1_000);
    const error: unknown = await insertKey(key, 300).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WriteOutcomeUnknown);
    // Still "database unavailable" to the api (503), never a 500.
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it('passes a statement error straight on', async () => {
    const key = randomUUID();
    await insertKey(key);
    const error: unknown = await insertKey(key).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: '23505' });
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
