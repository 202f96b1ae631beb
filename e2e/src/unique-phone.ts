import { Redis } from 'ioredis';
import { inject } from 'vitest';

/**
 * 404-555-2000 to 404-555-7699: fictional numbers, clear of the demo's 555-01xx and of the few
 * fixed numbers tests type themselves (555-0177, 555-0199, 555-7788, 555-999x).
 */
const FIRST = 2_000;
const COUNT = 5_700;

/**
 * A phone number no other customer of this run has: browser files run side by side and share one
 * api, so a number drawn at random would sooner or later meet another file's, and with it its
 * texts and its per-phone login limits. The run's counter lives in Redis under its queue prefix.
 */
export async function uniquePhone(): Promise<{ e164: string; digits: string }> {
  const redis = new Redis(inject('redisUrl'), { maxRetriesPerRequest: 3 });
  const n = await redis.incr(`${inject('queuePrefix')}:e2e-phones`).finally(() => redis.quit());
  if (n > COUNT) throw new Error(`this run used all ${COUNT} test phone numbers`);
  const digits = `404555${FIRST + n - 1}`;
  return { e164: `+1${digits}`, digits };
}
