/**
 * npm run bench:intake — how fast the API accepts bookings while HubSpot is down, and how fast
 * the worker drains them once it is back. Everything runs on 127.0.0.1, bounded in count and
 * time, and is stopped and dropped at the end. Options (environment): BENCH_REQUESTS (2000),
 * BENCH_CONCURRENCY (50), BENCH_WARMUP (1000, untimed, sent just before the timed ones on the same
 * connections), BENCH_RAW_SECONDS (5), BENCH_DRAIN_TIMEOUT_S (600).
 * BENCH_PROFILE_DIR: write V8 CPU profiles of the API and the worker there.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createPrismaClient } from '@app/db/client';
import { bookingRequestBody } from '@app/shared/booking-request-fixture';
import { addDays, easternToday } from '@app/shared/eastern-time';
import { startHubSpotEmulator } from '@app/emulators/hubspot/server';
import { createRedisConnection } from '@app/runtime/queue/connection';
import { formatReport, setUpCrmAccount } from '../worker/src/crm/account/setup-account';
import { DEFAULT_SEARCH_LIMITS, redisHubSpotBudgets } from '../worker/src/crm/request-budget';
import { freePort, waitUntil } from '../dev/src/net';
import { createTestDatabase } from '../test/database';
import { postMany } from './http-load';
import { rawPostgresRate } from './raw-postgres';
import { startBenchMail } from './bench-mail';
import { startLocalTwilio } from './local-twilio';
import { dropQueues, startProcess, stop, waitForWorkers } from './server-processes';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 50);
const RAW_SECONDS = Number(process.env.BENCH_RAW_SECONDS ?? 5);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 1_000);
const DRAIN_TIMEOUT_S = Number(process.env.BENCH_DRAIN_TIMEOUT_S ?? 600);
const TOKEN = 'bench-token';
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const ms = (n: number) => `${n.toFixed(1)} ms`;

/** CPU time (user + system) a process has used so far, from /proc (Linux); null elsewhere. */
function cpuMs(pid: number | undefined): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime + stime, in clock ticks of 10 ms
  } catch {
    return null;
  }
}

/** Pids of the processes with this command name (all Postgres backends, say); null where /proc is absent. */
function pidsNamed(command: string): number[] | null {
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((entry) => /^\d+$/.test(entry));
  } catch {
    return null;
  }
  return entries.map(Number).filter((pid) => {
    try {
      return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === command;
    } catch {
      return false; // the process ended meanwhile
    }
  });
}

/** CPU time of these processes together (those that ended count nothing); null without /proc. */
function cpuMsOfPids(pids: readonly number[] | null): number | null {
  return pids === null ? null : pids.reduce((sum, pid) => sum + (cpuMs(pid) ?? 0), 0);
}

async function main(): Promise<void> {
  console.log(`bench:intake — ${REQUESTS} bookings, ${CONCURRENCY} concurrent, HubSpot emulator in outage during intake`);
  const database = await createTestDatabase('bench');
  const prefix = `bench-${process.pid}`;
  // A fresh account set up as a real one is (npm run crm:setup), before the worker checks it:
  // in the account's budget the workers share in Redis, so their first 10 s count its requests
  // (else a drain that starts soon after meets HubSpot's 429).
  const hubspot = await startHubSpotEmulator({ port: 0, accessToken: TOKEN, blank: true });
  const setupRedis = createRedisConnection(REDIS_URL, 'worker');
  const setupBudget = redisHubSpotBudgets(setupRedis, prefix, { request: { max: 90, windowMs: 10_000 }, search: DEFAULT_SEARCH_LIMITS }).request;
  const account = await setUpCrmAccount({ accessToken: TOKEN, basePath: hubspot.url, apply: true, budget: setupBudget }).finally(() => setupRedis.disconnect());
  if (!account.ready) throw new Error(`crm:setup left the bench account not ready:\n${formatReport(account)}`);
  const apiPort = await freePort();
  const common = { DATABASE_URL: database.url, REDIS_URL, QUEUE_PREFIX: prefix };
  // All requests come from 127.0.0.1: the per-address limit of the public forms would refuse
  // nearly all of them, so it is off here (this measures intake, not the limiter).
  const api = startProcess('api/dist/main.js', { ...common, PORT: String(apiPort), HOST: '127.0.0.1', RATE_LIMIT_MAX: '0' });
  const twilio = await startLocalTwilio();
  const mail = await startBenchMail();
  const worker = startProcess('worker/dist/main.js', {
    ...common,
    HUBSPOT_ACCESS_TOKEN: TOKEN,
    HUBSPOT_BASE_URL: hubspot.url,
    ...twilio.env,
    ...mail.env,
    CRM_PULL_INTERVAL_MS: '0',
    HOUSEKEEPING_INTERVAL_MS: '0',
    CRM_SWEEP_INTERVAL_MS: '0',
  });
  const db = createPrismaClient(database.url);
  try {
    const base = `http://127.0.0.1:${apiPort}`;
    if (!(await waitUntil(async () => (await fetch(`${base}/healthz`)).ok, 30_000))) throw new Error('API did not start');
    // The worker's own start-up (loading its code) must not overlap the timed intake.
    if (!(await waitForWorkers(REDIS_URL, prefix, 30_000))) throw new Error('worker did not start');
    // Nor its check of the account, which holds the crm queue until it answers: started before the
    // check was done, the outage met the check instead of the pushes (the worker is connected to
    // every queue, the held crm queue included, before the check ends).
    const accountChecked = async () => (await db.crmAccountStatus.findUnique({ where: { id: 1 }, select: { ready: true } }))?.ready === true;
    if (!(await waitUntil(accountChecked, 30_000))) throw new Error('the worker did not find the HubSpot account ready');

    hubspot.clearRequests(); // the set-up's and the worker's account check's requests are not the intake's
    hubspot.faults.outage(3600); // lifted as soon as the intake is done
    const preferredDate = addDays(easternToday(), 7);
    const endpoint = new URL(`${base}/api/hubspot/portal/requestBooking`);
    const bookingBody = (n: number) =>
      JSON.stringify(
        bookingRequestBody({
          name: `Bench Customer${n}`, email: `bench.${n}@example.com`, phone: '+14045550123',
          address: { street: `${n} Peachtree St NE`, city: 'Atlanta', state: 'GA', zip: '30303' }, preferredDate,
        }),
      );
    // A first round of bookings loads what loads on first use (the API's code paths, the
    // worker's HubSpot client, whose first call meets the outage). Then the untimed warm-up (JIT,
    // prepared statements) runs straight into the timed requests on the same connections, so
    // what is timed is the steady state at CONCURRENCY clients. All are bookings, all checked below.
    const first = await postMany({ url: endpoint, count: CONCURRENCY, concurrency: CONCURRENCY, body: bookingBody, expectedStatus: 201 });
    await waitUntil(async () => hubspot.requests().length > 0, 10_000);

    // Processes listed once, read at the start of the timed requests without a /proc scan
    // (the load waits while it is taken); backends started later count whole at the end.
    const pids = { postgres: pidsNamed('postgres'), redis: pidsNamed('redis-server') };
    const cpuNow = (fresh: boolean) => {
      const bench = process.cpuUsage();
      return {
        api: cpuMs(api.pid),
        worker: cpuMs(worker.pid),
        postgres: cpuMsOfPids(fresh ? pidsNamed('postgres') : pids.postgres),
        redis: cpuMsOfPids(fresh ? pidsNamed('redis-server') : pids.redis),
        bench: (bench.user + bench.system) / 1000,
      };
    };
    let cpuBefore = cpuNow(false);
    const { latencies, seconds: intakeSeconds, failures, untimedFailures } = await postMany({
      url: endpoint,
      warmup: WARMUP,
      count: REQUESTS,
      concurrency: CONCURRENCY,
      body: (i) => bookingBody(CONCURRENCY + i),
      expectedStatus: 201,
      onTimedStart: () => (cpuBefore = cpuNow(false)),
    });
    const cpuAfter = cpuNow(true);
    const perRequest = (key: keyof typeof cpuAfter) => {
      const before = cpuBefore[key];
      const after = cpuAfter[key];
      return before === null || after === null ? 'n/a' : `${((after - before) / REQUESTS).toFixed(2)} ms`;
    };
    const cpu = {
      api: perRequest('api'),
      worker: perRequest('worker'),
      postgres: perRequest('postgres'),
      redis: perRequest('redis'),
      client: perRequest('bench'),
    };
    latencies.sort((a, b) => a - b);
    const accepted = REQUESTS - failures;
    const warmupFailures = first.failures + untimedFailures;
    const intakeRate = accepted / intakeSeconds;

    const requestsBefore = hubspot.requests().length;
    hubspot.faults.clear();
    const outageEndedAt = Date.now();
    const drainStart = performance.now();
    const drained = await waitUntil(async () => (await db.deal.count({ where: { crmSyncedAt: null } })) === 0, DRAIN_TIMEOUT_S * 1000);
    const drainSeconds = (performance.now() - drainStart) / 1000;
    const afterOutage = hubspot.requests().slice(requestsBefore);
    const hubspotRequests = afterOutage.length;
    const refused429 = afterOutage.filter((r) => r.status === 429).length;
    // The first booking the worker recorded as in HubSpot (contact, deal and line items), after
    // the outage's end: no push can succeed during it. What the drain waited before it started.
    const firstSynced = (await db.deal.aggregate({ _min: { crmSyncedAt: true } }))._min.crmSyncedAt;
    const firstPushSeconds = firstSynced ? (firstSynced.getTime() - outageEndedAt) / 1000 : null;

    const local = await db.deal.findMany({ select: { id: true } });
    const remote = hubspot.objects('deals').map((d) => d.properties.app_request_id);
    const counts = new Map<string, number>();
    for (const id of remote) if (id) counts.set(id, (counts.get(id) ?? 0) + 1);
    const duplicates = [...counts.values()].filter((n) => n > 1).length;
    const lost = local.filter((d) => !counts.has(d.id)).length;

    const raw = await rawPostgresRate(database.url, CONCURRENCY, RAW_SECONDS);
    console.log('');
    console.log(`accepted            ${accepted} of ${REQUESTS} (${failures} failed${warmupFailures > 0 ? `; ${warmupFailures} untimed ones failed too` : ''})`);
    console.log(`intake              ${intakeRate.toFixed(0)} requests/s over ${intakeSeconds.toFixed(2)} s`);
    console.log(`latency             p50 ${ms(percentile(latencies, 50))}  p95 ${ms(percentile(latencies, 95))}  p99 ${ms(percentile(latencies, 99))}`);
    console.log(`cpu per request     api ${cpu.api}  worker ${cpu.worker}  postgres ${cpu.postgres}  redis ${cpu.redis}  load client + emulator ${cpu.client}`);
    console.log(`raw postgres        ${raw.transactionsPerSecond.toFixed(0)} transactions/s (booking + outbox row, ${CONCURRENCY} clients, ${raw.tool})`);
    console.log(`intake / raw        ${((intakeRate / raw.transactionsPerSecond) * 100).toFixed(1)} %   (target >= 25 % with p99 < 50 ms)`);
    console.log(`first push          ${firstPushSeconds === null ? 'none' : `${firstPushSeconds.toFixed(1)} s`} after the outage's end (first booking synced)`);
    console.log(`drain               ${drained ? `${drainSeconds.toFixed(1)} s` : `not finished after ${DRAIN_TIMEOUT_S} s`}   (target < 20 s)`);
    console.log(`hubspot requests    ${requestsBefore} refused during the outage, ${hubspotRequests} after it, ${refused429} answered 429 (budget 100 per 10 s)`);
    console.log(`duplicates          ${duplicates}   (must be 0)`);
    console.log(`lost                ${lost}   (must be 0)`);
  } finally {
    await db.$disconnect();
    await Promise.all([stop(api), stop(worker)]);
    // The run's jobs are thousands of Redis keys under its own prefix, with the HubSpot budget's: leave none behind.
    await dropQueues(REDIS_URL, prefix);
    await hubspot.close();
    await twilio.emulator.close();
    await mail.close();
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
