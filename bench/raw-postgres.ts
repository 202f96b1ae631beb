import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/**
 * The machine's raw Postgres rate for the intake's work without the product: a booking row and
 * its outbox row inserted in one transaction, `clients` at a time, for `seconds`. Measured by
 * pgbench (a C client, so nearly all the CPU goes to Postgres) where it is installed, else by a
 * plain `pg` loop in this process.
 */
export async function rawPostgresRate(
  databaseUrl: string,
  clients: number,
  seconds: number,
): Promise<{ transactionsPerSecond: number; tool: string }> {
  const setup = new pg.Client({ connectionString: databaseUrl });
  await setup.connect();
  try {
    await setup.query('CREATE TABLE bench_booking (id bigserial PRIMARY KEY, email text NOT NULL, payload jsonb NOT NULL, created_at timestamptz NOT NULL DEFAULT now())');
    await setup.query("CREATE TABLE bench_outbox (id uuid PRIMARY KEY DEFAULT gen_random_uuid(), type text NOT NULL, payload jsonb NOT NULL, status text NOT NULL DEFAULT 'pending', created_at timestamptz NOT NULL DEFAULT now())");
  } finally {
    await setup.end();
  }
  const viaPgbench = withPgbench(databaseUrl, clients, seconds);
  if (viaPgbench !== null) return { transactionsPerSecond: viaPgbench, tool: 'pgbench' };
  return { transactionsPerSecond: await withPgLoop(databaseUrl, clients, seconds), tool: 'plain pg loop (no pgbench here)' };
}

const TRANSACTION = `BEGIN;
INSERT INTO bench_booking (email, payload) VALUES ('raw@example.com', '{"service":"Deep Clean"}');
INSERT INTO bench_outbox (type, payload) VALUES ('crm.push-booking', json_build_object('id', currval('bench_booking_id_seq'))::jsonb);
COMMIT;
`;

/** Transactions per second as pgbench prints them, or null when pgbench is not installed. */
function withPgbench(databaseUrl: string, clients: number, seconds: number): number | null {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-raw-'));
  try {
    const script = path.join(dir, 'booking.sql');
    writeFileSync(script, TRANSACTION);
    const run = spawnSync('pgbench', ['-n', '-c', String(clients), '-j', '2', '-T', String(seconds), '-f', script, databaseUrl], {
      encoding: 'utf8',
      timeout: (seconds + 30) * 1000,
    });
    if (run.error && (run.error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    const tps = /tps = ([\d.]+)/.exec(run.stdout ?? '');
    if (run.status !== 0 || !tps) throw new Error(`pgbench failed: ${run.stderr || run.stdout}`);
    return Number(tps[1]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function withPgLoop(databaseUrl: string, clients: number, seconds: number): Promise<number> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: clients });
  const deadline = Date.now() + seconds * 1000;
  let done = 0;
  try {
    await Promise.all(
      Array.from({ length: clients }, async () => {
        const c = await pool.connect();
        try {
          while (Date.now() < deadline) {
            await c.query('BEGIN');
            const { rows } = await c.query<{ id: string }>('INSERT INTO bench_booking (email, payload) VALUES ($1, $2) RETURNING id', ['raw@example.com', '{"service":"Deep Clean"}']);
            await c.query('INSERT INTO bench_outbox (type, payload) VALUES ($1, $2)', ['crm.push-booking', JSON.stringify({ id: rows[0]?.id })]);
            await c.query('COMMIT');
            done++;
          }
        } finally {
          c.release();
        }
      }),
    );
  } finally {
    await pool.end();
  }
  return done / seconds;
}
