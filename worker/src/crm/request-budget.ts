import type { Redis } from 'ioredis';

/**
 * HubSpot's rate limit is per account (default budget: 100 requests in any 10 s). Every
 * HubSpot request of every worker takes a slot here first, so together they stay under it.
 */
export interface RequestBudget {
  /** Resolves when a request may be sent now (waiting as long as needed). */
  take(): Promise<void>;
}

export interface BudgetLimits {
  max: number;
  windowMs: number;
}

/** Requests leave a little after they take their slot; this margin keeps HubSpot's window under the limit too. */
const SAFETY_MARGIN_MS = 100;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// Sliding-window log in one sorted set, atomically: drop entries older than the window; if
// there is room, record this request and answer 0; else answer how long until the oldest leaves.
// Redis's own clock is used so that workers on different machines agree.
const TAKE_SCRIPT = `
local key, max, window, member = KEYS[1], tonumber(ARGV[1]), tonumber(ARGV[2]), ARGV[3]
local t = redis.call('TIME')
local now = t[1] * 1000 + math.floor(t[2] / 1000)
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
if redis.call('ZCARD', key) < max then
  redis.call('ZADD', key, now, member)
  redis.call('PEXPIRE', key, window)
  return 0
end
local oldest = redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')
return math.max(1, tonumber(oldest[2]) + window - now)
`;

/** Shared by every worker process using the same Redis and key. */
export function redisRequestBudget(redis: Redis, key: string, limits: BudgetLimits): RequestBudget {
  let counter = 0;
  const memberPrefix = `${process.pid}-${Math.random().toString(36).slice(2)}`;
  return {
    async take() {
      for (;;) {
        const member = `${memberPrefix}-${counter++}`;
        const waitMs = Number(await redis.eval(TAKE_SCRIPT, 1, key, limits.max, limits.windowMs + SAFETY_MARGIN_MS, member));
        if (waitMs === 0) return;
        await sleep(waitMs);
      }
    },
  };
}

/**
 * The same rule within one process, for setups without Redis (development keeps the queue
 * in Postgres and runs one worker).
 */
export function localRequestBudget(limits: BudgetLimits, now: () => number = Date.now): RequestBudget {
  const sent: number[] = [];
  let chain = Promise.resolve();
  const takeOne = async () => {
    for (;;) {
      const cutoff = now() - limits.windowMs - SAFETY_MARGIN_MS;
      while (sent.length > 0 && (sent[0] ?? 0) <= cutoff) sent.shift();
      if (sent.length < limits.max) {
        sent.push(now());
        return;
      }
      await sleep(Math.max(1, (sent[0] ?? 0) - cutoff));
    }
  };
  return {
    // Serialised, so waiting callers are served in order.
    take() {
      const next = chain.then(takeOne);
      chain = next.catch(() => {});
      return next;
    },
  };
}
