import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { testRedisUrl, uniqueQueuePrefix } from '../../../test/context';
import { hubspotBudgetKeys } from '@app/runtime/hubspot-budget-keys';
import { DEFAULT_SEARCH_LIMITS, localHubSpotBudgets, localRequestBudget, redisHubSpotBudgets, redisRequestBudget, type HubSpotBudgets, type RequestBudget } from './request-budget';

/** Largest number of take() calls that resolved within any window of `windowMs`. */
function maxInWindow(times: number[], windowMs: number): number {
  let best = 0;
  for (let i = 0; i < times.length; i++) {
    const end = (times[i] ?? 0) + windowMs;
    best = Math.max(best, times.filter((t) => t >= (times[i] ?? 0) && t < end).length);
  }
  return best;
}

async function takeMany(budgets: RequestBudget[], count: number): Promise<number[]> {
  const times: number[] = [];
  await Promise.all(
    Array.from({ length: count }, async (_, i) => {
      await budgets[i % budgets.length]!.take();
      times.push(Date.now());
    }),
  );
  return times.sort((a, b) => a - b);
}

describe('HubSpot request budget', () => {
  const redis = new Redis(testRedisUrl());
  afterAll(() => redis.disconnect());

  it('keeps several workers sharing Redis under the limit in any window', async () => {
    const key = `${uniqueQueuePrefix('budget')}:hubspot`;
    const limits = { max: 10, windowMs: 500 };
    const workers = [redisRequestBudget(redis, key, limits), redisRequestBudget(redis.duplicate(), key, limits), redisRequestBudget(redis, key, limits)];
    const started = Date.now();
    const times = await takeMany(workers, 35);
    expect(maxInWindow(times, 500)).toBeLessThanOrEqual(10);
    // 35 slots at 10 per half second need at least three full windows of waiting.
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_500);
  });

  it('counts each request that had to wait, once, where the api reads it for /metrics', async () => {
    const prefix = uniqueQueuePrefix('budget-waits');
    const budgets = redisHubSpotBudgets(redis, prefix, { request: { max: 3, windowMs: 300 }, search: DEFAULT_SEARCH_LIMITS });
    await takeMany([budgets.request], 3);
    expect(await redis.get(hubspotBudgetKeys(prefix).waits)).toBeNull();
    await takeMany([budgets.request], 5);
    // Five more in a full window: each of the five waited (some longer than one window), counted once each.
    expect(Number(await redis.get(hubspotBudgetKeys(prefix).waits))).toBe(5);
    await redis.del(...Object.values(hubspotBudgetKeys(prefix)));
  });

  it('does the same within one process without Redis', async () => {
    const budget = localRequestBudget({ max: 5, windowMs: 300 });
    const times = await takeMany([budget], 17);
    expect(maxInWindow(times, 300)).toBeLessThanOrEqual(5);
  });
});

/** Searches and other requests taken at once from `budgets` (round robin); the instants of each kind. */
async function takeMixed(budgets: HubSpotBudgets[], searches: number, requests: number) {
  const [searchTimes, requestTimes] = await Promise.all([
    takeMany(budgets.map((b) => b.search), searches),
    takeMany(budgets.map((b) => b.request), requests),
  ]);
  return { searchTimes, requestTimes, all: [...searchTimes, ...requestTimes].sort((a, b) => a - b) };
}

describe('HubSpot search budget', () => {
  const redis = new Redis(testRedisUrl());
  afterAll(() => redis.disconnect());
  const limits = { request: { max: 100, windowMs: 10_000 }, search: { max: 4, windowMs: 1_000 } };

  it('holds searches to 4 per second across two workers sharing Redis', async () => {
    const prefix = uniqueQueuePrefix('search-budget');
    const other = redis.duplicate();
    try {
      const workers = [redisHubSpotBudgets(redis, prefix, limits), redisHubSpotBudgets(other, prefix, limits)];
      const started = Date.now();
      const times = await takeMany(workers.map((w) => w.search), 14);
      expect(maxInWindow(times, 1_000)).toBeLessThanOrEqual(4);
      // 14 searches at 4 a second: three full windows of waiting at least.
      expect(Date.now() - started).toBeGreaterThanOrEqual(3_000);
    } finally {
      other.disconnect();
    }
  });

  it('takes a slot of the account budget with every search, and none of the search budget for other requests', async () => {
    const tight = { request: { max: 6, windowMs: 1_000 }, search: { max: 4, windowMs: 1_000 } };
    const prefix = uniqueQueuePrefix('search-budget');
    const other = redis.duplicate();
    try {
      const workers = [redisHubSpotBudgets(redis, prefix, tight), redisHubSpotBudgets(other, prefix, tight)];
      const { searchTimes, all } = await takeMixed(workers, 8, 10);
      expect(maxInWindow(all, 1_000)).toBeLessThanOrEqual(6);
      expect(maxInWindow(searchTimes, 1_000)).toBeLessThanOrEqual(4);

      // A full search window holds back searches only: the account's two slots left go at once.
      const fresh = redisHubSpotBudgets(redis, uniqueQueuePrefix('search-budget'), tight);
      await takeMany([fresh.search], 4);
      const before = Date.now();
      await takeMany([fresh.request], 2);
      expect(Date.now() - before).toBeLessThan(300);
    } finally {
      other.disconnect();
    }
  });

  it('does the same within one process without Redis', async () => {
    const budgets = localHubSpotBudgets({ request: { max: 6, windowMs: 600 }, search: { max: 3, windowMs: 600 } });
    const { searchTimes, all } = await takeMixed([budgets], 9, 9);
    expect(maxInWindow(all, 600)).toBeLessThanOrEqual(6);
    expect(maxInWindow(searchTimes, 600)).toBeLessThanOrEqual(3);
  });
});
