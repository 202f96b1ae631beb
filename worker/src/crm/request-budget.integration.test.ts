import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { testRedisUrl, uniqueQueuePrefix } from '../../../test/context';
import { localRequestBudget, redisRequestBudget, type RequestBudget } from './request-budget';

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

  it('does the same within one process without Redis', async () => {
    const budget = localRequestBudget({ max: 5, windowMs: 300 });
    const times = await takeMany([budget], 17);
    expect(maxInWindow(times, 300)).toBeLessThanOrEqual(5);
  });
});
