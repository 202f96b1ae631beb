import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrismaClient, type Db } from '@app/db/client';
import { Redis } from 'ioredis';
import type { HubSpotEmulator } from '@app/emulators/hubspot/server';
import { startSetUpHubSpot, type TestHubSpot } from '../../../test/hubspot-account';
import { testDatabaseUrl, testRedisUrl, uniqueQueuePrefix } from '../../../test/context';
import { insertBooking } from '../../../test/fixtures';
import { createHubSpotClient } from '../crm/hubspot-client';
import { createHubSpotGateway } from '../crm/hubspot-gateway';
import { DEFAULT_SEARCH_LIMITS, redisHubSpotBudgets } from '../crm/request-budget';
import { createLogger } from '@app/runtime/logger';
import { createQueueBackend } from '@app/runtime/queue/connection';
import { DEFAULT_JOB_OPTIONS } from '../queue/job-options';
import { startWorkers } from '../runtime';
import { crmPushBookingJob } from './crm-push-booking';

const log = createLogger({ service: 'budget-test', level: 'silent', format: 'json' });
const LIMIT = { max: 20, windowMs: 2_000 };

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
        const budgets = redisHubSpotBudgets(redis, prefix, { request: LIMIT, search: DEFAULT_SEARCH_LIMITS });
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
