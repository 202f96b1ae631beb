import type { Redis } from 'ioredis';
import { hubspotBudgetKeys } from '@app/runtime/hubspot-budget-keys';

/**
 * HubSpot's rate limit is per account (default budget: 100 requests in any 10 s). Every
 * HubSpot request of every worker takes a slot here first, so together they stay under it.
 * Search requests have a second, tighter limit of their own (about 4 per second per token):
 * a search takes a slot of both at the same instant (see HubSpotBudgets).
 */
export interface RequestBudget {
  /** Resolves when a request may be sent now (waiting as long as needed). */
  take(): Promise<void>;
}

export interface BudgetLimits {
  max: number;
  windowMs: number;
}

/** The account budget every request takes, and the one searches take (account and search together). */
export interface HubSpotBudgets {
  request: RequestBudget;
  search: RequestBudget;
}

export interface HubSpotBudgetLimits {
  request: BudgetLimits;
  search: BudgetLimits;
}

/** HubSpot's documented search limit: 4 requests per second per token. */
export const DEFAULT_SEARCH_LIMITS: BudgetLimits = { max: 4, windowMs: 1_000 };

/** Requests leave a little after they take their slot; this margin keeps HubSpot's window under the limit too. */
const SAFETY_MARGIN_MS = 100;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// Sliding-window logs, one sorted set per window, checked and taken atomically: drop entries
// older than each window; if every window has room, record this request in all of them and
// answer 0; else answer how long until the fullest one has room. Taking all or none matters: a
// slot taken in one window while waiting for another would be spent long before the request
// leaves. Redis's own clock is used so that workers on different machines agree.
// ARGV: member, then max and window (ms) of each key in KEYS order.
const TAKE_SCRIPT = `
local member = ARGV[1]
local t = redis.call('TIME')
local now = t[1] * 1000 + math.floor(t[2] / 1000)
local wait = 0
for i, key in ipairs(KEYS) do
  local max, window = tonumber(ARGV[2 * i]), tonumber(ARGV[2 * i + 1])
  redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
  local count = redis.call('ZCARD', key)
  if count >= max then
    local entry = redis.call('ZRANGE', key, count - max, count - max, 'WITHSCORES')
    wait = math.max(wait, 1, tonumber(entry[2]) + window - now)
  end
end
if wait > 0 then return wait end
for i, key in ipairs(KEYS) do
  redis.call('ZADD', key, now, member)
  redis.call('PEXPIRE', key, tonumber(ARGV[2 * i + 1]))
end
return 0
`;

export interface RedisWindow {
  key: string;
  limits: BudgetLimits;
}

/**
 * A slot of every window at once, shared by every worker process using the same Redis and keys.
 * (With Redis Cluster the keys must share a hash slot: give the prefix a {hash tag}.)
 */
export function redisBudget(redis: Redis, windows: readonly RedisWindow[], waitsKey?: string): RequestBudget {
  let counter = 0;
  const memberPrefix = `${process.pid}-${Math.random().toString(36).slice(2)}`;
  const keys = windows.map((w) => w.key);
  const limits = windows.flatMap((w) => [w.limits.max, w.limits.windowMs + SAFETY_MARGIN_MS]);
  return {
    async take() {
      for (let attempt = 0; ; attempt++) {
        const member = `${memberPrefix}-${counter++}`;
        const waitMs = Number(await redis.eval(TAKE_SCRIPT, keys.length, ...keys, member, ...limits));
        if (waitMs === 0) return;
        // Counted once per request that had to wait (for /metrics: hubspot_budget_waits_total).
        if (attempt === 0 && waitsKey) await redis.incr(waitsKey);
        await sleep(waitMs);
      }
    },
  };
}

/** One window shared through Redis (the account budget alone). */
export function redisRequestBudget(redis: Redis, key: string, limits: BudgetLimits): RequestBudget {
  return redisBudget(redis, [{ key, limits }]);
}

/** The account and search budgets, shared by every worker through Redis under `keyPrefix`. */
export function redisHubSpotBudgets(redis: Redis, keyPrefix: string, limits: HubSpotBudgetLimits): HubSpotBudgets {
  const keys = hubspotBudgetKeys(keyPrefix);
  const request = { key: keys.request, limits: limits.request };
  const search = { key: keys.search, limits: limits.search };
  return { request: redisBudget(redis, [request], keys.waits), search: redisBudget(redis, [request, search], keys.waits) };
}

/** The in-process counterpart of one Redis window: when the requests of the last window left. */
class LocalWindow {
  private readonly sent: number[] = [];

  constructor(private readonly limits: BudgetLimits) {}

  /** 0 when there is room now, else how long until there is. */
  waitMs(now: number): number {
    const cutoff = now - this.limits.windowMs - SAFETY_MARGIN_MS;
    while (this.sent.length > 0 && (this.sent[0] ?? 0) <= cutoff) this.sent.shift();
    if (this.sent.length < this.limits.max) return 0;
    return Math.max(1, (this.sent[this.sent.length - this.limits.max] ?? 0) - cutoff);
  }

  record(now: number): void {
    this.sent.push(now);
  }
}

function localBudget(windows: readonly LocalWindow[], now: () => number): RequestBudget {
  let chain = Promise.resolve();
  const takeOne = async () => {
    for (;;) {
      // Checked and recorded without an await in between: all windows or none.
      const at = now();
      const waitMs = Math.max(...windows.map((w) => w.waitMs(at)));
      if (waitMs === 0) {
        for (const w of windows) w.record(at);
        return;
      }
      await sleep(waitMs);
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

/**
 * The same rule within one process, for setups without Redis (development keeps the queue
 * in Postgres and runs one worker).
 */
export function localRequestBudget(limits: BudgetLimits, now: () => number = Date.now): RequestBudget {
  return localBudget([new LocalWindow(limits)], now);
}

/** The account and search budgets within one process (no Redis). */
export function localHubSpotBudgets(limits: HubSpotBudgetLimits, now: () => number = Date.now): HubSpotBudgets {
  const request = new LocalWindow(limits.request);
  const search = new LocalWindow(limits.search);
  return { request: localBudget([request], now), search: localBudget([request, search], now) };
}

/**
 * Searches for a caller that gave only an account budget (older tests, scripts): a search
 * slot of this process first, then the account's. Not atomic across the two and not shared
 * between processes, so the worker itself always builds HubSpotBudgets.
 */
export function searchBudgetInFront(account: RequestBudget, limits: BudgetLimits = DEFAULT_SEARCH_LIMITS): HubSpotBudgets {
  const search = localRequestBudget(limits);
  return {
    request: account,
    search: {
      async take() {
        await search.take();
        await account.take();
      },
    },
  };
}
