/**
 * npm run bench:sync — how fast bookings reach HubSpot at a steady rate, what that costs in
 * HubSpot requests, and how long a first pull of many changed deals takes, against the HubSpot
 * emulator (blank, set up by crm:setup's code) and the built api and worker. Everything runs on
 * 127.0.0.1, bounded in count and time, and is stopped and dropped at the end.
 *
 * Options (environment): BENCH_BOOKINGS (1000), BENCH_RATE (10 bookings per second),
 * BENCH_PULL_DEALS (10000), BENCH_PULL_INTERVAL_MS (60000: the worker's crm.pull schedule while
 * the bookings arrive, production's default; 0 = off), BENCH_INDEX_LAG_MS (2000: how far the
 * emulator's search trails writes, as in dev), BENCH_DRAIN_TIMEOUT_S (120), BENCH_PULL_TIMEOUT_S
 * (120). The worker's CRM_PUSH_LINGER_MS and WORKER_CONCURRENCY are passed on when set.
 * Then BENCH_INVOICES (100) of the synced bookings are invoiced as done plan visits are
 * (docs/payments.md): HubSpot requests per invoice made open there, and the time to make them all.
 * Last, HubSpot requests a day at BENCH_DAILY_DEALS (20000) mirrored deals (bench/daily-budget.ts)
 * against the daily limit (HUBSPOT_DAILY_LIMIT, 250000), within BENCH_DAILY_TIMEOUT_S (600).
 */
import { createPrismaClient } from '@app/db/client';
import { bookingRequestBody } from '@app/shared/booking-request-fixture';
import { addDays, easternToday } from '@app/shared/eastern-time';
import { startHubSpotEmulator } from '@app/emulators/hubspot/server';
import { freePort, waitUntil } from '../dev/src/net';
import { createStageMap } from '../worker/src/crm/account/stage-map';
import { formatReport, setUpCrmAccount } from '../worker/src/crm/account/setup-account';
import { writeVisitInvoice } from '../worker/src/crm/made-invoice-repository';
import { createQueueBackend } from '@app/runtime/queue/connection';
import { createTestDatabase } from '../test/database';
import { postPaced } from './paced-load';
import { percentile, summarizeRequests } from './request-stats';
import { createChangedDeals } from './seed-changed-deals';
import { measureDailyRequests } from './daily-budget';
import { dropQueues, startProcess, stop, waitForWorkers } from './server-processes';
import { startBenchMail } from './bench-mail';
import { startLocalTwilio } from './local-twilio';

const BOOKINGS = Number(process.env.BENCH_BOOKINGS ?? 1_000);
const RATE = Number(process.env.BENCH_RATE ?? 10);
const PULL_DEALS = Number(process.env.BENCH_PULL_DEALS ?? 10_000);
const PULL_INTERVAL_MS = Number(process.env.BENCH_PULL_INTERVAL_MS ?? 60_000);
const INDEX_LAG_MS = Number(process.env.BENCH_INDEX_LAG_MS ?? 2_000);
const DRAIN_TIMEOUT_S = Number(process.env.BENCH_DRAIN_TIMEOUT_S ?? 120);
const PULL_TIMEOUT_S = Number(process.env.BENCH_PULL_TIMEOUT_S ?? 120);
const INVOICES = Number(process.env.BENCH_INVOICES ?? 100);
const DAILY_DEALS = Number(process.env.BENCH_DAILY_DEALS ?? 20_000);
const DAILY_TIMEOUT_S = Number(process.env.BENCH_DAILY_TIMEOUT_S ?? 600);
const DAILY_LIMIT = Number(process.env.HUBSPOT_DAILY_LIMIT ?? 250_000);
/** The worker's defaults (worker/src/env.ts), which the bench leaves as they are. */
const WORKER = { sweepIntervalMs: 3_600_000, sweepPassHours: 24, sweepDailyRequests: 2_500, pullRereadMs: 300_000 };
const TOKEN = 'bench-token';
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

/** The sync targets (docs/benchmarks.md). */
const TARGET = { p50Ms: 2_000, p99Ms: 10_000, requestsPerBooking: 0.5, per10s: 100, searchesPerSecond: 4 };

const verdict = (ok: boolean) => (ok ? 'ok' : 'MISS');
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const line = (label: string, value: string, target?: string, ok?: boolean) =>
  console.log(`${label.padEnd(28)}${value.padEnd(46)}${target ? `(target ${target}) ${verdict(ok ?? false)}` : ''}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Worker settings under study: passed on from the bench's environment when set. */
function workerOverrides(): Record<string, string> {
  const names = ['CRM_PUSH_LINGER_MS', 'WORKER_CONCURRENCY'];
  return Object.fromEntries(names.flatMap((name) => (process.env[name] ? [[name, process.env[name]!]] : [])));
}

async function main(): Promise<void> {
  const overrides = workerOverrides();
  console.log(
    `bench:sync — ${BOOKINGS} bookings at ${RATE}/s, then a pull of ${PULL_DEALS} changed deals; crm.pull every ${PULL_INTERVAL_MS} ms during the bookings` +
      `${Object.keys(overrides).length > 0 ? `; worker ${Object.entries(overrides).map(([k, v]) => `${k}=${v}`).join(' ')}` : ''}`,
  );
  const database = await createTestDatabase('bench_sync');
  const hubspot = await startHubSpotEmulator({ port: 0, accessToken: TOKEN, blank: true, indexLagMs: INDEX_LAG_MS });
  const account = await setUpCrmAccount({ accessToken: TOKEN, basePath: hubspot.url, apply: true });
  if (!account.ready || !account.stageMap) throw new Error(`crm:setup left the bench account not ready:\n${formatReport(account)}`);
  const stages = createStageMap(account.stageMap);
  const prefix = `bench-sync-${process.pid}`;
  const apiPort = await freePort();
  const common = { DATABASE_URL: database.url, REDIS_URL, QUEUE_PREFIX: prefix };
  // All bookings come from 127.0.0.1: the per-address limit of the public forms is off here.
  const api = startProcess('api/dist/main.js', { ...common, PORT: String(apiPort), HOST: '127.0.0.1', RATE_LIMIT_MAX: '0' });
  const twilio = await startLocalTwilio();
  const mail = await startBenchMail();
  const worker = startProcess('worker/dist/main.js', {
    ...common,
    HUBSPOT_ACCESS_TOKEN: TOKEN,
    HUBSPOT_BASE_URL: hubspot.url,
    ...twilio.env,
    ...mail.env,
    CRM_PULL_INTERVAL_MS: String(PULL_INTERVAL_MS),
    HOUSEKEEPING_INTERVAL_MS: '0',
    ...overrides,
  });
  const db = createPrismaClient(database.url);
  const queueBackend = createQueueBackend({ redisUrl: REDIS_URL, databaseUrl: '', prefix });
  const crmQueue = queueBackend.createQueue('crm');
  try {
    const base = `http://127.0.0.1:${apiPort}`;
    if (!(await waitUntil(async () => (await fetch(`${base}/healthz`)).ok, 30_000))) throw new Error('API did not start');
    // Includes the crm queue, which the worker runs only once its account check passed.
    if (!(await waitForWorkers(REDIS_URL, prefix, 30_000))) throw new Error('worker did not start');
    // The worker runs crm jobs once its account check passed; that check's requests are not the bookings'.
    const accountReady = async () => (await db.crmAccountStatus.findUnique({ where: { id: 1 } }))?.ready === true;
    if (!(await waitUntil(accountReady, 30_000))) throw new Error('the worker did not find the HubSpot account ready');
    await sleep(1_000);

    // --- bookings at a steady rate ------------------------------------------------------------
    // The set-up's and the account check's requests are not the bookings'. The set-up's were sent
    // outside the worker's budget, so the emulator's window starts afresh too (set() resets it).
    hubspot.clearRequests();
    hubspot.rateLimit.set(hubspot.rateLimit.get());
    const preferredDate = addDays(easternToday(), 7);
    const bookingBody = (n: number) =>
      JSON.stringify(
        bookingRequestBody({
          name: `Sync Customer${n}`, email: `sync.${n}@example.com`, phone: '+14045550123',
          address: { street: `${n} Peachtree St NE`, city: 'Atlanta', state: 'GA', zip: '30303' }, preferredDate,
        }),
      );
    const bookingsFrom = Date.now();
    const load = await postPaced({ url: new URL(`${base}/api/hubspot/portal/requestBooking`), count: BOOKINGS, perSecond: RATE, body: bookingBody });
    const answeredAt = new Map<string, number>();
    for (const a of load.answers) {
      const dealId = (a.body as { request?: { dealId?: string } } | undefined)?.request?.dealId;
      if (a.status === 201 && dealId) answeredAt.set(dealId, a.answeredAt);
    }
    // Our rows are marked synced only once HubSpot has the contact, the deal and its line items.
    const drained = await waitUntil(async () => (await db.deal.count({ where: { crmSyncedAt: null } })) === 0, DRAIN_TIMEOUT_S * 1000, 250);
    const bookingsUntil = Date.now();

    const remoteDeals = hubspot.objects('deals');
    const createdAt = new Map<string, number>();
    const copies = new Map<string, number>();
    for (const d of remoteDeals) {
      const id = d.properties.app_request_id;
      if (!id) continue;
      copies.set(id, (copies.get(id) ?? 0) + 1);
      createdAt.set(id, Math.min(createdAt.get(id) ?? Infinity, Date.parse(d.createdAt)));
    }
    const latencies = [...answeredAt].flatMap(([id, at]) => (createdAt.has(id) ? [createdAt.get(id)! - at] : [])).sort((a, b) => a - b);
    const lost = [...answeredAt.keys()].filter((id) => !copies.has(id)).length;
    const duplicates = [...copies.values()].filter((n) => n > 1).length;
    const bookingRequests = summarizeRequests(hubspot.requests(bookingsFrom).filter((e) => e.at <= bookingsUntil));
    const dealBatches = hubspot.requests(bookingsFrom).filter((e) => e.at <= bookingsUntil && e.path === '/crm/v3/objects/deals/batch/create' && e.status < 300).length;
    if (process.env.BENCH_VERBOSE) printPaths('bookings', hubspot.requests(bookingsFrom).filter((e) => e.at <= bookingsUntil));
    const bookingMinutes = (bookingsUntil - bookingsFrom) / 60_000;
    const apiLatencies = load.answers.map((a) => a.latencyMs).sort((a, b) => a - b);

    // --- invoices, as a done plan visit's are made ---------------------------------------------
    const invoiced = (await db.deal.findMany({ where: { crmSyncedAt: { not: null }, amountCents: { gt: 0 } }, select: { id: true }, take: INVOICES })).map((d) => d.id);
    const invoicesFrom = Date.now();
    for (const dealId of invoiced) await db.$transaction((tx) => writeVisitInvoice(tx, dealId));
    const invoicesMade = await waitUntil(async () => (await db.madeInvoice.count({ where: { status: 'pending' } })) === 0, DRAIN_TIMEOUT_S * 1000, 250);
    const invoicesUntil = Date.now();
    const invoiceRequests = summarizeRequests(hubspot.requests(invoicesFrom).filter((e) => e.at <= invoicesUntil));
    const openInvoices = hubspot.objects('invoices').filter((i) => i.properties.hs_invoice_status === 'open').length;
    if (process.env.BENCH_VERBOSE) printPaths('invoices', hubspot.requests(invoicesFrom).filter((e) => e.at <= invoicesUntil));

    // --- a first pull of many changed deals ---------------------------------------------------
    // The schedule would start pulls of its own during the measurement: this one is started by hand.
    await crmQueue.removeJobScheduler('crm.pull');
    const settled = await waitUntil(async () => {
      const counts = await crmQueue.getJobCounts('active', 'waiting', 'prioritized', 'delayed');
      return Object.values(counts).every((n) => n === 0);
    }, 60_000, 250);
    const contactIds = hubspot.objects('contacts').map((c) => c.id);
    const seedStart = performance.now();
    const dealIds = await createChangedDeals({ hubspot, token: TOKEN, count: PULL_DEALS, stages, contactIds });
    const seedMs = performance.now() - seedStart;
    await sleep(INDEX_LAG_MS + 500); // until search sees the last of them, as it would by the next scheduled pull
    const mirroredBefore = await db.deal.count({ where: { source: 'hubspot' } });
    const pullFrom = Date.now();
    const deadline = pullFrom + PULL_TIMEOUT_S * 1000;
    let runs = 0;
    let mirroredAt: number | undefined;
    let failedRuns = 0;
    const mirrored = () => db.deal.count({ where: { source: 'hubspot' } });
    while (mirroredAt === undefined && Date.now() < deadline) {
      runs++;
      const job = await crmQueue.add('crm.pull', {}, { jobId: `bench-pull-${runs}`, attempts: 1, removeOnFail: 100 });
      await waitUntil(async () => {
        if (mirroredAt === undefined && (await mirrored()) - mirroredBefore >= dealIds.length) mirroredAt = Date.now();
        const state = await job.getState();
        if (state === 'failed') failedRuns++;
        return state === 'completed' || state === 'failed';
      }, deadline - Date.now(), 250);
    }
    const pullUntil = Date.now();
    const mirroredCount = (await mirrored()) - mirroredBefore;
    if (process.env.BENCH_VERBOSE) printPaths('pull', hubspot.requests(pullFrom).filter((e) => e.at <= pullUntil));
    const pullRequests = summarizeRequests(hubspot.requests(pullFrom).filter((e) => e.at <= pullUntil));

    // --- figures ----------------------------------------------------------------------------
    const p50 = percentile(latencies, 50);
    const p95 = percentile(latencies, 95);
    const p99 = percentile(latencies, 99);
    const perBooking = bookingRequests.total / Math.max(1, answeredAt.size);
    console.log('');
    const refusals = load.answers.filter((a) => a.status !== 201).map((a) => `${a.status || 'no answer'} ${JSON.stringify(a.body ?? '').slice(0, 200)}`);
    line('bookings accepted', `${answeredAt.size} of ${BOOKINGS} in ${load.seconds.toFixed(1)} s (${load.late} sent late)`);
    for (const refusal of new Set(refusals)) line('  refused', refusal);
    line('api answer', `p50 ${percentile(apiLatencies, 50).toFixed(1)} ms  p99 ${percentile(apiLatencies, 99).toFixed(1)} ms`);
    line('booking -> deal in HubSpot', `p50 ${seconds(p50)}`, '< 2 s', latencies.length > 0 && p50 < TARGET.p50Ms);
    line('', `p95 ${seconds(p95)}`);
    line('', `p99 ${seconds(p99)}`, '< 10 s', latencies.length > 0 && p99 < TARGET.p99Ms);
    line('drain', drained ? `all synced ${seconds(bookingsUntil - bookingsFrom)} after the first booking` : `not finished after ${DRAIN_TIMEOUT_S} s`);
    line('requests per booking', `${perBooking.toFixed(3)} (${bookingRequests.total}: push ${bookingRequests.push}, pull ${bookingRequests.pull}, account ${bookingRequests.account})`, '<= 0.5', perBooking <= TARGET.requestsPerBooking);
    line('deal batches', `${dealBatches}, ${(answeredAt.size / Math.max(1, dealBatches)).toFixed(1)} bookings each on average`);
    line('searches per minute', `${(bookingRequests.searches / bookingMinutes).toFixed(1)} (${bookingRequests.searches} in ${(bookingMinutes * 60).toFixed(0)} s)`);
    line('  most in any 1 s', String(bookingRequests.maxSearchesPerSecond), '<= 4', bookingRequests.maxSearchesPerSecond <= TARGET.searchesPerSecond);
    line('requests in any 10 s', `at most ${bookingRequests.maxPer10s}`, '<= 100', bookingRequests.maxPer10s <= TARGET.per10s);
    line('answered 429', String(bookingRequests.refused));
    line('duplicates', String(duplicates), '0', duplicates === 0);
    line('lost', String(lost), '0', lost === 0);
    console.log('');
    line('invoices made open', `${openInvoices} of ${invoiced.length}${invoicesMade ? '' : ` (not all after ${DRAIN_TIMEOUT_S} s)`} in ${seconds(invoicesUntil - invoicesFrom)}`);
    line('requests per invoice', `${(invoiceRequests.total / Math.max(1, invoiced.length)).toFixed(2)} (${invoiceRequests.total}; at most ${invoiceRequests.maxPer10s} in any 10 s, ${invoiceRequests.refused} answered 429)`);
    console.log('');
    line('pull: deals created', `${dealIds.length} in ${seconds(seedMs)} (batch create, emulator limit lifted)`);
    if (!settled) line('pull: note', 'a crm job of the booking phase was still running when the pull started');
    line(
      'pull: mirrored',
      mirroredAt === undefined ? `${mirroredCount} of ${dealIds.length} after ${seconds(pullUntil - pullFrom)}` : `all ${dealIds.length} in ${seconds(mirroredAt - pullFrom)}`,
      `all within ${PULL_TIMEOUT_S} s`,
      mirroredAt !== undefined,
    );
    line('pull: runs', `${runs} crm.pull job(s), ${failedRuns} failed, last done ${seconds(pullUntil - pullFrom)} after the first began`);
    line('pull: requests', `${pullRequests.total} (${pullRequests.searches} searches, ${pullRequests.refused} answered 429)`);
    line('pull: requests in any 10 s', `at most ${pullRequests.maxPer10s}`, '<= 100', pullRequests.maxPer10s <= TARGET.per10s);
    line('pull: searches in any 1 s', `at most ${pullRequests.maxSearchesPerSecond}`, '<= 4', pullRequests.maxSearchesPerSecond <= TARGET.searchesPerSecond);

    // --- HubSpot requests a day at DAILY_DEALS mirrored deals ----------------------------------
    const runsPerPass = Math.round((WORKER.sweepPassHours * 3_600_000) / WORKER.sweepIntervalMs);
    const daily = await measureDailyRequests({
      db, hubspot, crmQueue, token: TOKEN, stages, deals: DAILY_DEALS, runsPerPass,
      pullIntervalMs: PULL_INTERVAL_MS > 0 ? PULL_INTERVAL_MS : 60_000, sweepIntervalMs: WORKER.sweepIntervalMs,
      rereadMs: WORKER.pullRereadMs, indexLagMs: INDEX_LAG_MS, timeoutS: DAILY_TIMEOUT_S,
    });
    const scheduled = daily.sweepPerDay + daily.pullPerDay;
    const pct = (n: number) => `${((100 * n) / DAILY_LIMIT).toFixed(1)} %`;
    console.log('');
    line('day: mirror', `${daily.mirroredDeals} deals, ${daily.mirroredContacts} contacts`);
    line('day: sweep, one pass', `${runsPerPass} runs, ${daily.sweepRuns.reduce((a, b) => a + b, 0)} requests (at most ${Math.max(...daily.sweepRuns)} a run)`);
    line('day: sweep a day', `${daily.sweepPerDay} (${pct(daily.sweepPerDay)} of ${DAILY_LIMIT})`, `<= ${WORKER.sweepDailyRequests}`, daily.sweepPerDay <= WORKER.sweepDailyRequests);
    line('day: pull, nothing changed', `${daily.idlePull} a run, ${daily.pullPerDay} a day (every ${PULL_INTERVAL_MS > 0 ? PULL_INTERVAL_MS : 60_000} ms)`);
    line('  after a burst', `${daily.pullAfterBurst} a run once the burst is older than the re-read window (median of 3)`);
    line('day: requests a day', `${scheduled} of ${DAILY_LIMIT} (${pct(scheduled)}) before bookings`, '< 80 %', scheduled < 0.8 * DAILY_LIMIT);
    line('day: room for bookings', `${Math.floor((0.8 * DAILY_LIMIT - scheduled) / Math.max(perBooking, 0.001))} a day below 80 % at ${perBooking.toFixed(3)} requests each`);
  } finally {
    await db.$disconnect();
    await Promise.all([stop(api), stop(worker)]);
    await crmQueue.close();
    await queueBackend.close();
    await dropQueues(REDIS_URL, prefix);
    await hubspot.close();
    await twilio.emulator.close();
    await mail.close();
    await database.drop();
  }
}

/** BENCH_VERBOSE: what the account was asked, path by path, with the statuses it answered. */
function printPaths(phase: string, entries: readonly { method: string; path: string; status: number }[]): void {
  const counts = new Map<string, number>();
  for (const e of entries) counts.set(`${e.method} ${e.path} ${e.status}`, (counts.get(`${e.method} ${e.path} ${e.status}`) ?? 0) + 1);
  for (const [key, n] of [...counts].sort((a, b) => b[1] - a[1])) console.log(`  ${phase}: ${String(n).padStart(5)}  ${key}`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
