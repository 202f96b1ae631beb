import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { hubspotBudgetKeys } from '@app/runtime/hubspot-budget-keys';
import { dailyFiguresOf } from '@app/runtime/hubspot-daily';
import { testRedisUrl, uniqueQueuePrefix } from '../../../test/context';
import { DailyLimitError } from '../jobs/job-errors';
import type { DailyLimits } from './daily-budget';
import { DEFAULT_SEARCH_LIMITS, localHubSpotBudgets, redisHubSpotBudgets, type HubSpotBudgets } from './request-budget';

const WIDE = { request: { max: 10_000, windowMs: 10_000 }, search: DEFAULT_SEARCH_LIMITS };
// 100 a day: the sweep may fill 80 (and 30 of its own), the pull 90, pushes all 100.
const LIMITS: DailyLimits = { limit: 100, timeZone: 'America/New_York', reservePercent: 10, sweepPerDay: 30 };

async function takeUntilRefused(budgets: HubSpotBudgets, use: 'push' | 'pull' | 'sweep', most = 200): Promise<{ sent: number; error: unknown }> {
  for (let sent = 0; sent < most; sent++) {
    try {
      await budgets.request.take(use);
    } catch (error) {
      return { sent, error };
    }
  }
  return { sent: most, error: undefined };
}

/** Each case runs against both stores: Redis shared by workers, and one process without Redis. */
function stores(redis: Redis) {
  return [
    {
      name: 'Redis',
      make: (prefix: string, now: () => number, limits = LIMITS) => redisHubSpotBudgets(redis, prefix, WIDE, { ...limits, now }),
    },
    {
      name: 'one process',
      make: (_prefix: string, now: () => number, limits = LIMITS) => localHubSpotBudgets(WIDE, now, limits),
    },
  ];
}

describe("HubSpot's daily limit, counted", () => {
  const redis = new Redis(testRedisUrl());
  afterAll(() => redis.disconnect());
  const noon = Date.parse('2026-11-27T17:00:00Z'); // 12:00 in New York

  for (const store of stores(redis)) {
    it(`${store.name}: the sweep stops first (its cap, then 80 %), the pull at 90 %, pushes use the whole day`, async () => {
      const budgets = store.make(uniqueQueuePrefix('daily'), () => noon);
      const sweep = await takeUntilRefused(budgets, 'sweep');
      expect(sweep.sent).toBe(30); // its own cap
      expect(sweep.error).toBeInstanceOf(DailyLimitError);
      expect((sweep.error as DailyLimitError).resumeAt).toBe(Date.parse('2026-11-28T05:00:00Z'));
      expect((await takeUntilRefused(budgets, 'pull')).sent).toBe(60); // up to 90
      expect((await takeUntilRefused(budgets, 'sweep')).sent).toBe(0);
      expect((await takeUntilRefused(budgets, 'push')).sent).toBe(10); // the reserve
      const figures = await budgets.daily!.figures();
      expect(figures).toMatchObject({ day: '2026-11-27', sent: 100, used: 100, limit: 100, sentBy: { push: 10, pull: 60, sweep: 30 } });
      expect(figures.refused).toEqual({ push: 1, pull: 1, sweep: 2 });
    });

    it(`${store.name}: a new day in the account's time zone starts afresh`, async () => {
      let now = noon;
      const budgets = store.make(uniqueQueuePrefix('daily-roll'), () => now);
      expect((await takeUntilRefused(budgets, 'push')).sent).toBe(100);
      now = Date.parse('2026-11-28T04:59:59Z'); // 23:59:59 in New York: still the 27th
      expect((await takeUntilRefused(budgets, 'push')).sent).toBe(0);
      now = Date.parse('2026-11-28T05:00:01Z');
      expect((await takeUntilRefused(budgets, 'pull', 5)).sent).toBe(5);
      expect(await budgets.daily!.figures()).toMatchObject({ day: '2026-11-28', sent: 5 });
    });

    it(`${store.name}: HubSpot's own figure counts other integrations; its 429 DAILY closes the day`, async () => {
      const budgets = store.make(uniqueQueuePrefix('daily-observe'), () => noon);
      await budgets.request.take('pull');
      // HubSpot says 85 of 100 are used (other integrations): the pull (90 %) has 5 left.
      await budgets.daily!.observe({ limit: 100, remaining: 15 });
      expect((await takeUntilRefused(budgets, 'pull')).sent).toBe(5);
      expect(await budgets.daily!.figures()).toMatchObject({ sent: 6, used: 90 });
      // A lower limit in HubSpot's headers than configured wins; its latest figure replaces the last.
      await budgets.daily!.observe({ limit: 50, remaining: 10 });
      expect(await budgets.daily!.figures()).toMatchObject({ used: 40, limit: 50 });
      expect((await takeUntilRefused(budgets, 'push')).sent).toBe(10);
      expect(await budgets.daily!.spent()).toBe(Date.parse('2026-11-28T05:00:00Z'));
      expect((await takeUntilRefused(budgets, 'push')).sent).toBe(0);
    });
  }

  it('Redis: shared by every worker and kept across a restart, and readable by the api', async () => {
    const prefix = uniqueQueuePrefix('daily-shared');
    const now = () => noon;
    const other = redis.duplicate();
    const workers = [redisHubSpotBudgets(redis, prefix, WIDE, { ...LIMITS, now }), redisHubSpotBudgets(other, prefix, WIDE, { ...LIMITS, now })];
    await Promise.all(Array.from({ length: 40 }, (_, i) => workers[i % 2]!.request.take('pull')));
    await Promise.all(Array.from({ length: 10 }, (_, i) => workers[i % 2]!.search.take('pull')));
    // A restarted worker is a new budget on the same keys: the day's count is where it was.
    const restarted = redisHubSpotBudgets(redis.duplicate(), prefix, WIDE, { ...LIMITS, now });
    expect((await takeUntilRefused(restarted, 'pull')).sent).toBe(40);
    const hash = await redis.hgetall(hubspotBudgetKeys(prefix).daily);
    expect(dailyFiguresOf(hash, noon)).toMatchObject({ day: '2026-11-27', sent: 90, used: 90, limit: 100, sentBy: { pull: 90 } });
    // Once the day has ended, the api reports nothing used until a worker writes the new day.
    expect(dailyFiguresOf(hash, Date.parse('2026-11-28T05:00:00Z'))).toMatchObject({ day: null, sent: 0, used: 0, limit: 100 });
    other.disconnect();
    await redis.del(...Object.values(hubspotBudgetKeys(prefix)));
  });
});
