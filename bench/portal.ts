/**
 * npm run bench:portal — how fast the customer portal answers its own polling: 200 customers
 * signed in at once against a mirror of 5,000 customers and 20,000 cleanings. Each keeps the
 * portal open as the page does: every 15 s it asks for its deals, then for the tickets of its
 * upcoming deals; now and then (a tab coming back into focus) it asks again at once. Every
 * customer starts at a random moment of the first interval, as people do. Prints p50 and p99 of
 * each endpoint (target p99 < 20 ms) and the api process's CPU time per request.
 * Everything runs on 127.0.0.1, bounded in time, and is stopped and dropped at the end.
 * Options (environment): BENCH_CUSTOMERS (5000), BENCH_DEALS (20000), BENCH_PORTAL_USERS (200),
 * BENCH_SECONDS (60 timed, after 15 untimed), BENCH_POLL_MS (15000), BENCH_FOCUS_RATE (0.2 of
 * polls are followed by a focus refetch).
 */
import { randomBytes } from 'node:crypto';
import { createPrismaClient } from '@app/db/client';
import { loginCodeFor } from '@app/runtime/sms/login-code';
import { freePort, waitForHttp } from '../dev/src/net';
import { createTestDatabase } from '../test/database';
import { TestBrowser } from '../test/portal-app';
import { LoadConnection } from './http-load';
import { percentile } from './request-stats';
import { seedStaffData } from './seed-staff-data';
import { cpuMs, startProcess, stop } from './server-processes';
import { SMS_CONSENT_VERSION } from '@app/shared/sms-consent';

const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 5_000);
const DEALS = Number(process.env.BENCH_DEALS ?? 20_000);
const USERS = Number(process.env.BENCH_PORTAL_USERS ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const POLL_MS = Number(process.env.BENCH_POLL_MS ?? 15_000);
const FOCUS_RATE = Number(process.env.BENCH_FOCUS_RATE ?? 0.2);
const TARGET_P99_MS = 20;
const ms = (n: number) => `${n.toFixed(1)} ms`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const addressOf = (i: number) => `10.77.${Math.floor(i / 250)}.${(i % 250) + 1}`;

/** Signs the customers in through both login steps; the code is derived as the worker would text it. */
async function signInAll(baseUrl: string, db: ReturnType<typeof createPrismaClient>, otpSecret: string, customers: { email: string; phone: string }[]): Promise<string[]> {
  const cookies: string[] = [];
  for (const [i, customer] of customers.entries()) {
    // Each from an address of its own (X-Forwarded-For, as behind the front): the per-address limits hold.
    const browser = new TestBrowser(baseUrl);
    const from = { 'X-Forwarded-For': addressOf(i) };
    const requested = await browser.post('/api/portal/auth/request-code', { ...customer, code: '', consentVersion: SMS_CONSENT_VERSION }, from);
    if (requested.status !== 200) throw new Error(`request-code answered ${requested.status}: ${await requested.text()}`);
    const challenge = await db.otpChallenge.findFirstOrThrow({ where: { phone: customer.phone }, orderBy: { createdAt: 'desc' }, select: { id: true } });
    const verified = await browser.post('/api/portal/auth/verify-code', { ...customer, code: loginCodeFor(otpSecret, challenge.id) }, from);
    if (verified.status !== 200) throw new Error(`verify-code answered ${verified.status}: ${await verified.text()}`);
    cookies.push([...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
  }
  return cookies;
}

interface Sample {
  endpoint: 'deals' | 'tickets';
  ms: number;
  ok: boolean;
}

/**
 * One customer's open portal: deals, then the tickets of its upcoming deals, every POLL_MS (and
 * a focus refetch now and then). Each poll opens its connection, as a browser does after the
 * api's keep-alive timeout (5 s) has closed the last one.
 */
async function customerLoop(port: number, cookie: string, address: string, until: number, timedFrom: number, samples: Sample[]): Promise<void> {
  // From the customer's own address, as behind the front (the api's per-address limits hold).
  const headers = [`Cookie: ${cookie}`, 'Accept: application/json', `X-Forwarded-For: ${address}`];
  const poll = async () => {
    const connection = new LoadConnection('127.0.0.1', port);
    const timed = async (endpoint: Sample['endpoint'], path: string) => {
      const started = performance.now();
      const answer = await connection.get(path, headers).catch(() => ({ status: 0, body: Buffer.alloc(0) }));
      if (started >= timedFrom) samples.push({ endpoint, ms: performance.now() - started, ok: answer.status === 200 });
      return answer;
    };
    try {
      const deals = await timed('deals', '/api/portal/deals');
      const upcoming = deals.status === 200 ? ((JSON.parse(deals.body.toString('utf8')) as { upcoming?: { id: string }[] }).upcoming ?? []) : [];
      if (upcoming.length > 0) await timed('tickets', `/api/hubspot/portal/fetchTickets?dealIds=${upcoming.map((d) => encodeURIComponent(d.id)).join(',')}`);
    } finally {
      connection.close();
    }
  };
  await sleep(Math.random() * POLL_MS);
  while (performance.now() < until) {
    await poll();
    if (Math.random() < FOCUS_RATE) {
      await sleep(Math.random() * 2_000);
      await poll();
    }
    await sleep(POLL_MS);
  }
}

async function main(): Promise<void> {
  console.log(`bench:portal — ${USERS} customers polling every ${POLL_MS / 1000} s, ${CUSTOMERS} customers and ${DEALS} cleanings in the mirror, ${SECONDS} s timed`);
  const database = await createTestDatabase('bench_portal');
  const db = createPrismaClient(database.url);
  let api: ReturnType<typeof startProcess> | undefined;
  try {
    const seedStarted = performance.now();
    await seedStaffData(db, { customers: CUSTOMERS, deals: DEALS, now: new Date() });
    console.log(`seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);
    // Customers who may sign in, each with some cleanings.
    const customers = await db.contact.findMany({
      where: { portalEligible: true, suspended: false, phone: { not: null }, deals: { some: {} } },
      select: { email: true, phone: true },
      take: USERS,
      orderBy: { email: 'asc' },
    });

    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const otpSecret = randomBytes(32).toString('hex');
    api = startProcess('api/dist/main.js', {
      NODE_ENV: 'test',
      DATABASE_URL: database.url,
      REDIS_URL: process.env.REDIS_URL || 'redis://127.0.0.1:6379',
      QUEUE_PREFIX: `bench-portal-${process.pid}`,
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      OTP_SECRET: otpSecret,
      TRUST_PROXY_HOPS: '1',
      // One login text per customer; the company's default hourly budget is 200 texts.
      SMS_BUDGET_PER_HOUR: String(USERS + 50),
      SMS_BUDGET_PER_DAY: String(USERS + 50),
    });
    if (!(await waitForHttp(`${baseUrl}/healthz`, 30_000))) throw new Error('the api did not start');
    const pid = api.pid;
    if (pid === undefined) throw new Error('the api has no pid');

    const cookies = await signInAll(baseUrl, db, otpSecret, customers.map((c) => ({ email: c.email, phone: c.phone ?? '' })));
    console.log(`${cookies.length} customers signed in`);

    const samples: Sample[] = [];
    const started = performance.now();
    const timedFrom = started + POLL_MS;
    const until = timedFrom + SECONDS * 1000;
    let cpuBefore = 0;
    const cpuAtStart = sleep(POLL_MS).then(async () => {
      cpuBefore = await cpuMs(pid);
    });
    await Promise.all([cpuAtStart, ...cookies.map((cookie, i) => customerLoop(port, cookie, addressOf(i), until, timedFrom, samples))]);
    const cpuUsed = (await cpuMs(pid)) - cpuBefore;

    const failures = samples.filter((s) => !s.ok).length;
    console.log(`${samples.length} timed requests in ${SECONDS} s (${(samples.length / SECONDS).toFixed(1)} requests/s), failures ${failures}`);
    let missed = failures > 0 ? 1 : 0;
    for (const endpoint of ['deals', 'tickets'] as const) {
      const sorted = samples.filter((s) => s.endpoint === endpoint).map((s) => s.ms).sort((a, b) => a - b);
      const [p50, p99] = [percentile(sorted, 50), percentile(sorted, 99)];
      if (p99 >= TARGET_P99_MS) missed++;
      console.log(`  ${endpoint.padEnd(8)} ${String(sorted.length).padStart(6)} requests  p50 ${ms(p50).padStart(8)}  p99 ${ms(p99).padStart(8)}  (target p99 < ${TARGET_P99_MS} ms)`);
    }
    // The answers of the last poll cycle fall partly after the window closes; the CPU counts the whole window.
    console.log(`api CPU ${ms(cpuUsed / Math.max(1, samples.length))} per request (${(cpuUsed / 1000).toFixed(1)} s of CPU over ${SECONDS} s)`);
    console.log(missed ? `${missed} figure(s) missed the target` : 'every figure within its target');
  } finally {
    if (api) await stop(api);
    await db.$disconnect();
    await database.drop();
  }
}

await main();
