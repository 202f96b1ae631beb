/**
 * npm run bench:intake — how fast the API accepts bookings while HubSpot is down, and how fast
 * the worker drains them once it is back. Everything runs on 127.0.0.1, bounded in count and
 * time, and is stopped and dropped at the end. Options (environment): BENCH_REQUESTS (2000),
 * BENCH_CONCURRENCY (50), BENCH_WARMUP (200, untimed), BENCH_RAW_SECONDS (5), BENCH_DRAIN_TIMEOUT_S (600).
 * BENCH_PROFILE_DIR: write V8 CPU profiles of the API and the worker there.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import pg from 'pg';
import { createPrismaClient } from '@app/db/client';
import { addDays, easternToday } from '@app/shared/eastern-time';
import { startHubSpotEmulator } from '../dev/src/emulators/hubspot/server';
import { freePort, throwawaySecrets, waitUntil } from '../dev/src/net';
import { createTestDatabase } from '../test/database';

const ROOT = path.resolve(import.meta.dirname, '..');
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 50);
const RAW_SECONDS = Number(process.env.BENCH_RAW_SECONDS ?? 5);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 200);
const DRAIN_TIMEOUT_S = Number(process.env.BENCH_DRAIN_TIMEOUT_S ?? 600);
const TOKEN = 'bench-token';
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const ms = (n: number) => `${n.toFixed(1)} ms`;

function startProcess(entry: string, env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, [...(process.env.BENCH_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`] : []), '--import', 'tsx', path.join(ROOT, entry)], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', LOG_LEVEL: 'warn', ...throwawaySecrets(), ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return child;
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** CPU time (user + system) a process has used so far, from /proc (Linux); null elsewhere. */
function cpuMs(pid: number | undefined): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime + stime, in clock ticks of 10 ms
  } catch {
    return null;
  }
}

/**
 * One POST over a keep-alive socket with node:http: a lighter client than fetch, so the load
 * generator takes less of the machine's CPU away from what is measured.
 */
function post(agent: http.Agent, url: URL, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (res) => {
      res.resume();
      res.once('end', () => resolve(res.statusCode ?? 0));
      res.once('error', reject);
    });
    req.once('error', reject);
    req.end(body);
  });
}

/** Runs `count` tasks with at most `concurrency` in flight. */
async function pool(count: number, concurrency: number, task: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: concurrency }, async () => { while (next < count) await task(next++); }));
}

/** The same work without the product: the booking row and the outbox row in one transaction, plain pg. */
async function rawPostgresRate(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query('CREATE TABLE bench_booking (id bigserial PRIMARY KEY, email text NOT NULL, payload jsonb NOT NULL, created_at timestamptz NOT NULL DEFAULT now())');
  await client.query('CREATE TABLE bench_outbox (id uuid PRIMARY KEY DEFAULT gen_random_uuid(), type text NOT NULL, payload jsonb NOT NULL, status text NOT NULL DEFAULT \'pending\', created_at timestamptz NOT NULL DEFAULT now())');
  await client.end();
  const poolClients = new pg.Pool({ connectionString: databaseUrl, max: CONCURRENCY });
  const deadline = Date.now() + RAW_SECONDS * 1000;
  let done = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      const c = await poolClients.connect();
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
  await poolClients.end();
  return done / RAW_SECONDS;
}

async function main(): Promise<void> {
  console.log(`bench:intake — ${REQUESTS} bookings, ${CONCURRENCY} concurrent, HubSpot emulator in outage during intake`);
  const database = await createTestDatabase('bench');
  const hubspot = await startHubSpotEmulator({ port: 0, accessToken: TOKEN });
  const prefix = `bench-${process.pid}`;
  const apiPort = await freePort();
  const common = { DATABASE_URL: database.url, REDIS_URL, QUEUE_PREFIX: prefix };
  // All requests come from 127.0.0.1: the per-address limit of the public forms would refuse
  // nearly all of them, so it is off here (this measures intake, not the limiter).
  const api = startProcess('api/src/main.ts', { ...common, PORT: String(apiPort), HOST: '127.0.0.1', RATE_LIMIT_MAX: '0' });
  const worker = startProcess('worker/src/main.ts', {
    ...common,
    HUBSPOT_ACCESS_TOKEN: TOKEN,
    HUBSPOT_BASE_URL: hubspot.url,
    TWILIO_ACCOUNT_SID: 'AC00000000000000000000000000be0c01',
    TWILIO_AUTH_TOKEN: 'bench',
    TWILIO_FROM: '+15555550100',
    CRM_PULL_INTERVAL_MS: '0',
  });
  const db = createPrismaClient(database.url);
  try {
    const base = `http://127.0.0.1:${apiPort}`;
    if (!(await waitUntil(async () => (await fetch(`${base}/healthz`)).ok, 30_000))) throw new Error('API did not start');

    hubspot.faults.outage(3600); // lifted as soon as the intake is done
    const preferredDate = addDays(easternToday(), 7);
    const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
    const endpoint = new URL(`${base}/api/hubspot/portal/requestBooking`);
    const bookingBody = (n: number) =>
      JSON.stringify({
        name: `Bench Customer${n}`, email: `bench.${n}@example.com`, phone: '+14045550123',
        address: { street: `${n} Peachtree St NE`, city: 'Atlanta', state: 'GA', zip: '30303' },
        squareFootage: 1500, serviceType: 'Deep Clean', preferredDate, quoteType: 'virtual',
        contactMethod: 'email', timeOfDay: 'morning', rooms: { kitchen: true, bathroomCount: 2 }, agreed: true,
      });
    // Untimed warm-up (also bookings, also checked below): code loaded on first use, JIT, prepared statements.
    await pool(WARMUP, CONCURRENCY, async (i) => void (await post(agent, endpoint, bookingBody(REQUESTS + i)).catch(() => 0)));

    const latencies: number[] = [];
    let failures = 0;
    const cpuBefore = { api: cpuMs(api.pid), worker: cpuMs(worker.pid), bench: process.cpuUsage() };
    const started = performance.now();
    await pool(REQUESTS, CONCURRENCY, async (i) => {
      const t0 = performance.now();
      const status = await post(agent, endpoint, bookingBody(i)).catch(() => 0);
      latencies.push(performance.now() - t0);
      if (status !== 201) failures++;
    });
    const intakeSeconds = (performance.now() - started) / 1000;
    agent.destroy();
    const perRequest = (before: number | null, after: number | null) =>
      before === null || after === null ? 'n/a' : `${((after - before) / REQUESTS).toFixed(2)} ms`;
    const benchCpu = process.cpuUsage(cpuBefore.bench);
    const cpu = {
      api: perRequest(cpuBefore.api, cpuMs(api.pid)),
      worker: perRequest(cpuBefore.worker, cpuMs(worker.pid)),
      client: `${((benchCpu.user + benchCpu.system) / 1000 / REQUESTS).toFixed(2)} ms`,
    };
    latencies.sort((a, b) => a - b);
    const accepted = REQUESTS - failures;
    const intakeRate = accepted / intakeSeconds;

    const requestsBefore = hubspot.requests().length;
    hubspot.faults.clear();
    const drainStart = performance.now();
    const drained = await waitUntil(async () => (await db.deal.count({ where: { crmSyncedAt: null } })) === 0, DRAIN_TIMEOUT_S * 1000);
    const drainSeconds = (performance.now() - drainStart) / 1000;
    const hubspotRequests = hubspot.requests().length - requestsBefore;

    const local = await db.deal.findMany({ select: { id: true } });
    const remote = hubspot.objects('deals').map((d) => d.properties.app_request_id);
    const counts = new Map<string, number>();
    for (const id of remote) if (id) counts.set(id, (counts.get(id) ?? 0) + 1);
    const duplicates = [...counts.values()].filter((n) => n > 1).length;
    const lost = local.filter((d) => !counts.has(d.id)).length;

    const raw = await rawPostgresRate(database.url);
    console.log('');
    console.log(`accepted            ${accepted} of ${REQUESTS} (${failures} failed)`);
    console.log(`intake              ${intakeRate.toFixed(0)} requests/s over ${intakeSeconds.toFixed(2)} s`);
    console.log(`latency             p50 ${ms(percentile(latencies, 50))}  p95 ${ms(percentile(latencies, 95))}  p99 ${ms(percentile(latencies, 99))}`);
    console.log(`cpu per request     api ${cpu.api}  worker ${cpu.worker}  load client + emulator ${cpu.client}`);
    console.log(`raw postgres        ${raw.toFixed(0)} transactions/s (booking + outbox row, ${CONCURRENCY} clients, plain pg)`);
    console.log(`intake / raw        ${((intakeRate / raw) * 100).toFixed(1)} %   (target >= 25 % with p99 < 50 ms)`);
    console.log(`drain               ${drained ? `${drainSeconds.toFixed(1)} s` : `not finished after ${DRAIN_TIMEOUT_S} s`}   (target <= 300 s)`);
    console.log(`hubspot requests    ${requestsBefore} refused during the outage, ${hubspotRequests} after it (budget 100 per 10 s)`);
    console.log(`duplicates          ${duplicates}   (must be 0)`);
    console.log(`lost                ${lost}   (must be 0)`);
  } finally {
    await db.$disconnect();
    await Promise.all([stop(api), stop(worker)]);
    await hubspot.close();
    await database.drop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
