import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrismaClient, type Db } from '@app/db/client';
import { accountDay, dailyFiguresFromHeaders, withHubSpotUse } from '../crm/daily-budget';
import type { TestDatabase } from '../../../test/database';
import { crmPullJob } from './crm-pull';
import { crmSweepJob } from './crm-sweep';
import { Redis } from 'ioredis';
import type { HubSpotEmulator } from '@app/emulators/hubspot/server';
import { startSetUpHubSpot, type TestHubSpot } from '../../../test/hubspot-account';
import { createOwnTestDatabase, testDatabaseUrl, testRedisUrl, uniqueQueuePrefix } from '../../../test/context';
import { insertBooking } from '../../../test/fixtures';
import { TEST_BUDGET_MARGIN_MS } from '../../../test/hubspot-gateway';
import { createHubSpotClient } from '../crm/hubspot-client';
import { createHubSpotGateway } from '../crm/hubspot-gateway';
import { DEFAULT_SEARCH_LIMITS, redisHubSpotBudgets } from '../crm/request-budget';
import { createLogger } from '@app/runtime/logger';
import { createQueueBackend } from '@app/runtime/queue/connection';
import { hubspotBudgetKeys } from '@app/runtime/hubspot-budget-keys';
import { DEFAULT_JOB_OPTIONS } from '../queue/job-options';
import { startWorkers } from '../runtime';
import { crmPushBookingJob } from './crm-push-booking';

const log = createLogger({ service: 'budget-test', level: 'silent', format: 'json' });
// A window this short meets a long wait for a core between a request's slot and its arrival at
// the emulator: in a full run on two cores one request arrived more than 300 ms late and the
// emulator's window held 21. The margin covers that wait, as the worker's covers a network's.
const LIMIT = { max: 20, windowMs: 2_000, marginMs: 3 * TEST_BUDGET_MARGIN_MS };

/** Most requests the emulator logged within any `windowMs`. */
function busiestWindow(times: number[], windowMs: number): number {
  let best = 0;
  let start = 0;
  for (let end = 0; end < times.length; end++) {
    while ((times[end] ?? 0) - (times[start] ?? 0) >= windowMs) start++;
    best = Math.max(best, end - start + 1);
  }
  return best;
}

describe('the shared HubSpot budget with real jobs', () => {
  let db: Db;
  let crm: TestHubSpot;
  let hubspot: HubSpotEmulator;
  const redis = new Redis(testRedisUrl());

  beforeAll(async () => {
    db = createPrismaClient(testDatabaseUrl());
    crm = await startSetUpHubSpot({ rateLimit: { max: LIMIT.max, intervalMs: LIMIT.windowMs } });
    hubspot = crm.emulator;
    await db.deal.updateMany({ where: { crmSyncedAt: null }, data: { crmSyncedAt: new Date(0) } }); // not ours
  });
  afterAll(async () => {
    redis.disconnect();
    await hubspot.close();
    await db.$disconnect();
  });

  it('keeps two workers under the account budget: no 429, never more than the budget in any window, and no search', async () => {
    const prefix = uniqueQueuePrefix('budget');
    // Two workers as two processes would be: separate clients and runtimes, the budgets shared in Redis.
    const runtimes = await Promise.all(
      [0, 1].map(async () => {
        const budgets = redisHubSpotBudgets(redis, prefix, { request: LIMIT, search: { ...DEFAULT_SEARCH_LIMITS, marginMs: TEST_BUDGET_MARGIN_MS } });
        const gateway = createHubSpotGateway(createHubSpotClient({ accessToken: crm.token, basePath: hubspot.url }), budgets);
        const backend = createQueueBackend({ redisUrl: testRedisUrl(), databaseUrl: testDatabaseUrl(), prefix });
        // Small batches, so the bookings need many requests.
        return startWorkers({ backend, jobs: [crmPushBookingJob({ db, hubspot: gateway, account: crm.account, batchSize: 2 })], log, settings: { concurrency: 3 } });
      }),
    );
    const producer = createQueueBackend({ redisUrl: testRedisUrl(), databaseUrl: testDatabaseUrl(), prefix });
    const queue = producer.createQueue('crm');
    try {
      const bookings: Awaited<ReturnType<typeof insertBooking>>[] = [];
      for (let i = 0; i < 40; i++) bookings.push(await insertBooking(db));
      hubspot.clearRequests();
      await Promise.all(bookings.map((b) => queue.add('crm.push-booking', { dealId: b.dealId }, { ...DEFAULT_JOB_OPTIONS, jobId: b.outboxId })));
      await expect
        .poll(() => db.deal.count({ where: { id: { in: bookings.map((b) => b.dealId) }, crmSyncedAt: null } }), { timeout: 60_000, interval: 250 })
        .toBe(0);
      const requests = hubspot.requests();
      expect(requests.length).toBeGreaterThan(2 * LIMIT.max); // enough traffic for the limit to matter
      expect(requests.filter((r) => r.status === 429)).toHaveLength(0);
      expect(busiestWindow(requests.map((r) => r.at).sort((a, b) => a - b), LIMIT.windowMs)).toBeLessThanOrEqual(LIMIT.max);
      const searches = requests.filter((r) => r.path.endsWith('/search')).map((r) => r.at);
      // Pushes find what an earlier attempt created by batch read on our id, never by search (whose index lags).
      expect(searches).toHaveLength(0);
    } finally {
      await queue.close();
      await producer.close();
      await Promise.all(runtimes.map((r) => r.close()));
    }
  });
});

describe("HubSpot's daily limit with real jobs", () => {
  // Its own database: the sweep checks every mirrored HubSpot id against this file's emulator.
  let database: TestDatabase;
  let db: Db;
  let crm: TestHubSpot;
  let hubspot: HubSpotEmulator;
  const redis = new Redis(testRedisUrl());
  // The workers' clock, so the account's day can end within the test. It starts an hour after the
  // real time, so the account's next midnight, where a push that meets the spent day is delayed
  // to, lies ahead of the queue's own (real) clock, which counts that delay.
  let clock = Date.now() + 60 * 60_000;
  const NEXT_MIDNIGHT = accountDay(clock, 'America/New_York').resetsAt;
  const DAY = { limit: 1_000, timeZone: 'America/New_York', reservePercent: 10, sweepPerDay: 0, now: () => clock };

  beforeAll(async () => {
    database = await createOwnTestDatabase('daily_budget');
    db = createPrismaClient(database.url);
    crm = await startSetUpHubSpot();
    hubspot = crm.emulator;
    hubspot.config.set({ dailyLimit: { max: 1_000, timeZone: 'America/New_York', headers: true } });
  }, 120_000);
  afterAll(async () => {
    redis.disconnect();
    await hubspot?.close();
    await db?.$disconnect();
    await database?.drop();
  });

  it('as the day runs low the sweep stops first and pushes go on; a push that meets the spent day waits for the next one, then syncs', async () => {
    const prefix = uniqueQueuePrefix('daily-jobs');
    const budgets = redisHubSpotBudgets(redis, prefix, { request: { max: 100, windowMs: 10_000, marginMs: TEST_BUDGET_MARGIN_MS }, search: { ...DEFAULT_SEARCH_LIMITS, marginMs: TEST_BUDGET_MARGIN_MS } }, DAY);
    const daily = budgets.daily!;
    const client = createHubSpotClient({
      accessToken: crm.token,
      basePath: hubspot.url,
      onResponseHeaders: (headers) => {
        const figures = dailyFiguresFromHeaders(headers);
        if (figures) void daily.observe(figures);
      },
    });
    const gateway = createHubSpotGateway(client, budgets);
    const deps = { db, hubspot: gateway, account: crm.account };
    const backend = createQueueBackend({ redisUrl: testRedisUrl(), databaseUrl: database.url, prefix });
    const runtime = await startWorkers({ backend, jobs: [crmPushBookingJob(deps)], log, settings: { concurrency: 2 } });
    const producer = createQueueBackend({ redisUrl: testRedisUrl(), databaseUrl: database.url, prefix });
    const queue = producer.createQueue('crm');
    const push = async () => {
      const booking = await insertBooking(db);
      const job = await queue.add('crm.push-booking', { dealId: booking.dealId }, { ...DEFAULT_JOB_OPTIONS, jobId: booking.outboxId });
      return { ...booking, job };
    };
    const synced = (dealId: string) => db.deal.findUniqueOrThrow({ where: { id: dealId } }).then((d) => d.crmSyncedAt !== null);
    try {
      const first = await push();
      await expect.poll(() => synced(first.dealId), { timeout: 20_000 }).toBe(true);
      // Other integrations of the account bring its day to 850 of 1,000 (crm:setup's requests count too);
      // the next push learns it from HubSpot's headers.
      const seen = await daily.figures();
      expect(seen.used).toBeGreaterThan(seen.sent); // HubSpot's figure already holds crm:setup's requests
      hubspot.useDailyRequests(850 - seen.used);
      const next = await push();
      await expect.poll(() => synced(next.dealId), { timeout: 20_000 }).toBe(true);
      expect((await daily.figures()).used).toBeGreaterThanOrEqual(850);

      // Past 80 % the optional sweep sends nothing and ends, to go on from its cursor later.
      const before = hubspot.requests().length;
      const swept = await withHubSpotUse('sweep', () => crmSweepJob(deps).process({}, { log, jobId: 'sweep', attempt: 1 }));
      expect(swept).toMatchObject({ stopped: 'hubspot-daily-limit' });
      expect(hubspot.requests().length).toBe(before);
      // The pull (under 90 %) still runs.
      await withHubSpotUse('pull', () => crmPullJob(deps).process({}, { log, jobId: 'pull', attempt: 1 }));
      expect(hubspot.requests().length).toBeGreaterThan(before);

      // The rest of the day goes elsewhere: HubSpot answers 429 DAILY, and the push waits, delayed to the account's midnight.
      hubspot.useDailyRequests(1_000);
      const second = await push();
      await expect.poll(() => second.job.getState(), { timeout: 20_000 }).toBe('delayed');
      const waiting = await queue.getJob(second.outboxId);
      expect(waiting?.attemptsMade).toBe(0);
      expect(waiting?.delay).toBeGreaterThan(0);
      // Delayed to the account's midnight (BullMQ counts the delay from the job's creation).
      expect((waiting?.timestamp ?? 0) + (waiting?.delay ?? 0)).toBeGreaterThan(NEXT_MIDNIGHT - 60_000);
      expect(await synced(second.dealId)).toBe(false);
      expect(hubspot.requests().filter((r) => r.status === 429)).toHaveLength(1);
      // Every worker now holds its requests: a third push is refused here, not by HubSpot.
      const third = await push();
      await expect.poll(() => third.job.getState(), { timeout: 20_000 }).toBe('delayed');
      expect(hubspot.requests().filter((r) => r.status === 429)).toHaveLength(1);
      expect(await queue.getJobCounts('failed')).toMatchObject({ failed: 0 });
      expect((await daily.figures()).refused.push).toBeGreaterThanOrEqual(1);

      // The account's next day: HubSpot accepts again, and the waiting pushes sync (no attempt was used).
      clock = NEXT_MIDNIGHT + 1_000;
      hubspot.startNewDay();
      await (await queue.getJob(second.outboxId))!.promote();
      await (await queue.getJob(third.outboxId))!.promote();
      await expect.poll(async () => (await synced(second.dealId)) && (await synced(third.dealId)), { timeout: 20_000 }).toBe(true);
      expect(await queue.getJobCounts('failed')).toMatchObject({ failed: 0 });
    } finally {
      await queue.close();
      await producer.close();
      await runtime.close();
      await redis.del(hubspotBudgetKeys(prefix).daily);
    }
  });
});
