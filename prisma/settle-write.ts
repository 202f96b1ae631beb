import { setTimeout as sleep } from 'node:timers/promises';
import type pg from 'pg';
import { isDatabaseUnavailable } from './unavailable';

/** How long a caller waits, at most, to learn whether a write whose connection was lost committed. */
export const SETTLE_WITHIN_MS = 10_000;
const SETTLE_POLL_MS = 200;

/**
 * A write whose connection was lost mid-statement, and whether it committed could not be learnt
 * within SETTLE_WITHIN_MS (the database stayed away). Its `cause` is the connection error, so
 * it is still "database unavailable" to the api; but nobody may assume it wrote nothing.
 */
export class WriteOutcomeUnknown extends Error {
  constructor(what: string, options: { cause: unknown }) {
    super(`${what}: the connection was lost mid-write and whether it committed is unknown`, options);
    this.name = 'WriteOutcomeUnknown';
  }
}

export interface SettledWrite<T> {
  /** Names the write in WriteOutcomeUnknown's message, e.g. '3 bookings'. */
  what: string;
  /** One autocommit statement on the connection (nothing that leaves a transaction open). */
  write(client: pg.PoolClient): Promise<T>;
  /** What the write committed, read afresh; null when it committed nothing. */
  committed(pool: pg.Pool): Promise<T | null>;
  /** Default SETTLE_WITHIN_MS (tests shorten it). */
  withinMs?: number;
}

/**
 * Runs a write so that its caller never has to guess. A statement whose connection breaks
 * (Postgres restarting, a network cut) may still have committed: the server may have run it and
 * committed before noticing that nobody was listening. Answering "failed" then would be a lie
 * the customer acts on (sends the form again: two bookings). So after a lost connection this
 * waits until the server process that ran the statement has ended (it no longer appears in
 * pg_stat_activity, so it will not commit any more), then asks `committed` what is there:
 * the results if the write went through, the original error if nothing did. If the database
 * stays away for SETTLE_WITHIN_MS, WriteOutcomeUnknown. The caller waits meanwhile: those few
 * requests (the ones in flight when the connection broke) are answered late, but truly.
 *
 * Needs a direct connection to Postgres: behind a transaction-pooling proxy the server process
 * is not the one the client was told about.
 */
export async function writeSettled<T>(pool: pg.Pool, settled: SettledWrite<T>): Promise<T> {
  const client = await pool.connect();
  // A connection that breaks mid-statement also emits 'error' on the client, which unheard would
  // end the process; the failed statement reports it. The pool listens again once released.
  client.on('error', ignore);
  let result: T;
  try {
    result = await settled.write(client);
  } catch (error) {
    const lost = isDatabaseUnavailable(error);
    client.removeListener('error', ignore);
    // A broken connection is discarded; after a failed statement a healthy one is reused.
    client.release(lost);
    if (!lost) throw error;
    // Not in pg's typings: the server process id from the connection's start-up (BackendKeyData).
    const backend = (client as unknown as { processID?: number | null }).processID;
    const outcome = backend ? await settle(pool, backend, settled, error) : undefined;
    if (!outcome) throw new WriteOutcomeUnknown(settled.what, { cause: error });
    if (outcome.committed === null) throw error;
    return outcome.committed;
  }
  client.removeListener('error', ignore);
  client.release();
  return result;
}

const ignore = () => {};

/** What the write committed (null: nothing), or undefined when that could not be learnt in time. */
async function settle<T>(pool: pg.Pool, backend: number, settled: SettledWrite<T>, lostWith: unknown): Promise<{ committed: T | null } | undefined> {
  const deadline = Date.now() + (settled.withinMs ?? SETTLE_WITHIN_MS);
  while (Date.now() < deadline) {
    try {
      const outcome = await within(deadline - Date.now(), async () => {
        const running = await pool.query('SELECT 1 FROM pg_stat_activity WHERE pid = $1', [backend]);
        // Read in a later statement than the check: its snapshot includes whatever that process committed.
        return running.rowCount === 0 ? { committed: await settled.committed(pool) } : undefined;
      });
      if (outcome) return outcome;
    } catch (error) {
      if (!isDatabaseUnavailable(error) && error !== TIMED_OUT) throw new WriteOutcomeUnknown(settled.what, { cause: lostWith });
    }
    await sleep(SETTLE_POLL_MS);
  }
  return undefined;
}

const TIMED_OUT = new Error('timed out');

/** The promise's value, or TIMED_OUT after `ms` (a connection attempt can hang far longer). */
function within<T>(ms: number, run: () => Promise<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(TIMED_OUT), ms);
    run().then(resolve, reject).finally(() => clearTimeout(timer));
  });
}
