import type { Redis } from 'ioredis';
import { hubspotBudgetKeys } from '@app/runtime/hubspot-budget-keys';
import { DAILY_FIELDS, dailyFiguresOf, dailyUse, HUBSPOT_USES, type HubSpotDailyFigures, type HubSpotUse } from '@app/runtime/hubspot-daily';
import { DailyLimitError } from '../jobs/job-errors';
import { accountDay, dailyGate, hubspotUseNow, type DailyLimits } from './daily-budget';

/**
 * HubSpot's rate limit is per account (default budget: 100 requests in any 10 s). Every
 * HubSpot request of every worker takes a slot here first, so together they stay under it.
 * Search requests have a second, tighter limit of their own (about 4 per second per token):
 * a search takes a slot of both at the same instant (see HubSpotBudgets).
 */
export interface RequestBudget {
  /**
   * Resolves when a request may be sent now (waiting as long as needed). With a daily budget it
   * also counts the request against the account's day, as `use` (the running job's by default),
   * or throws DailyLimitError when that use's share of the day is spent.
   */
  take(use?: HubSpotUse): Promise<void>;
}

/** The account's day as the budgets count it (see daily-budget.ts). */
export interface DailyBudget {
  /** HubSpot's own figures from an answer's headers: the account's use today, other integrations' included. */
  observe(figures: { limit: number; remaining: number }): Promise<void>;
  /** HubSpot answered 429 with policyName DAILY: nothing more today. Answers when the day ends. */
  spent(): Promise<number>;
  figures(): Promise<HubSpotDailyFigures>;
}

export interface BudgetLimits {
  max: number;
  windowMs: number;
  /**
   * How much longer than `windowMs` a slot is held (default SAFETY_MARGIN_MS): room for the time
   * between taking a slot and HubSpot receiving the request. Tests on a machine whose processes
   * wait for a core hold it longer.
   */
  marginMs?: number;
}

/** The account budget every request takes, and the one searches take (account and search together). */
export interface HubSpotBudgets {
  request: RequestBudget;
  search: RequestBudget;
  /** The account's day, when the budgets count it (the worker's always do). */
  daily?: DailyBudget;
}

export interface HubSpotBudgetLimits {
  request: BudgetLimits;
  search: BudgetLimits;
}

/** HubSpot's documented search limit: 4 requests per second per token. */
export const DEFAULT_SEARCH_LIMITS: BudgetLimits = { max: 4, windowMs: 1_000 };

/** Requests leave a little after they take their slot; this margin keeps HubSpot's window under the limit too. */
export const SAFETY_MARGIN_MS = 100;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// Sliding-window logs, one sorted set per window, checked and taken atomically: drop entries
// older than each window; if every window has room, record this request in all of them and
// answer 0; else answer how long until the fullest one has room. Taking all or none matters: a
// slot taken in one window while waiting for another would be spent long before the request
// leaves. Redis's own clock is used so that workers on different machines agree.
// With a daily hash (the key after the windows), the account's day is checked first and the
// request counted in it with its slot: a request its use may not send today answers -1 and takes
// no slot. The day is the account's (computed by the caller); a caller whose clock is behind
// counts into the newer day already stored, never back into the old one.
// ARGV: member, the number of windows, then max and window (ms) of each window key in KEYS order,
// then (daily) day, resetsAt, use, configured limit, per mille of the limit the use may fill, the
// use's own cap (0: none), the hash's lifetime (ms).
const DAY_LUA = `
local function roll(d, day, resetsAt, limit, ttl)
  local stored = redis.call('HGET', d, '${DAILY_FIELDS.day}')
  if (not stored) or stored < day then
    redis.call('DEL', d)
    redis.call('HSET', d, '${DAILY_FIELDS.day}', day, '${DAILY_FIELDS.resetsAt}', resetsAt)
  end
  redis.call('HSET', d, '${DAILY_FIELDS.limit}', limit)
  redis.call('PEXPIRE', d, ttl)
end
local function field(d, name)
  return tonumber(redis.call('HGET', d, name) or '0') or 0
end
local function usedOf(d)
  local sent = field(d, '${DAILY_FIELDS.sent}')
  return math.max(sent, field(d, '${DAILY_FIELDS.reported}') + math.max(0, sent - field(d, '${DAILY_FIELDS.reportedAtSent}')))
end
local function effectiveLimit(d, limit)
  local stated = field(d, '${DAILY_FIELDS.reportedLimit}')
  if stated > 0 and stated < limit then return stated end
  return limit
end
`;

const TAKE_SCRIPT = `${DAY_LUA}
local member = ARGV[1]
local n = tonumber(ARGV[2])
local t = redis.call('TIME')
local now = t[1] * 1000 + math.floor(t[2] / 1000)
local d, use
if #KEYS > n then
  d = KEYS[n + 1]
  local a = 2 + 2 * n
  use = ARGV[a + 3]
  local limit, perMille, cap = tonumber(ARGV[a + 4]), tonumber(ARGV[a + 5]), tonumber(ARGV[a + 6])
  roll(d, ARGV[a + 1], ARGV[a + 2], limit, ARGV[a + 7])
  local used = usedOf(d)
  if used * 1000 >= effectiveLimit(d, limit) * perMille or (cap > 0 and field(d, 'sent:' .. use) >= cap) then
    redis.call('HINCRBY', d, 'refused:' .. use, 1)
    return -1
  end
end
local wait = 0
for i = 1, n do
  local key = KEYS[i]
  local max, window = tonumber(ARGV[2 * i + 1]), tonumber(ARGV[2 * i + 2])
  redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
  local count = redis.call('ZCARD', key)
  if count >= max then
    local entry = redis.call('ZRANGE', key, count - max, count - max, 'WITHSCORES')
    wait = math.max(wait, 1, tonumber(entry[2]) + window - now)
  end
end
if wait > 0 then return wait end
for i = 1, n do
  redis.call('ZADD', KEYS[i], now, member)
  redis.call('PEXPIRE', KEYS[i], tonumber(ARGV[2 * i + 2]))
end
if d then
  redis.call('HINCRBY', d, '${DAILY_FIELDS.sent}', 1)
  redis.call('HINCRBY', d, 'sent:' .. use, 1)
end
return 0
`;

// HubSpot's own figure of the account's use today (the latest wins: a report from before
// HubSpot's own midnight is replaced by the next one). ARGV: day, resetsAt, limit, ttl, used, stated limit.
const OBSERVE_SCRIPT = `${DAY_LUA}
local d = KEYS[1]
roll(d, ARGV[1], ARGV[2], tonumber(ARGV[3]), ARGV[4])
redis.call('HSET', d, '${DAILY_FIELDS.reported}', ARGV[5], '${DAILY_FIELDS.reportedLimit}', ARGV[6], '${DAILY_FIELDS.reportedAtSent}', field(d, '${DAILY_FIELDS.sent}'))
return 0
`;

// HubSpot said the day is spent: the account's use is its limit. ARGV: day, resetsAt, limit, ttl.
const SPENT_SCRIPT = `${DAY_LUA}
local d = KEYS[1]
roll(d, ARGV[1], ARGV[2], tonumber(ARGV[3]), ARGV[4])
redis.call('HSET', d, '${DAILY_FIELDS.reported}', effectiveLimit(d, tonumber(ARGV[3])), '${DAILY_FIELDS.reportedAtSent}', field(d, '${DAILY_FIELDS.sent}'))
return redis.call('HGET', d, '${DAILY_FIELDS.resetsAt}')
`;

/** A day's hash outlives its day, so the api still reads it just after midnight. */
const DAILY_TTL_MS = 2 * 86_400_000;

export interface RedisWindow {
  key: string;
  limits: BudgetLimits;
}

/** The account's day in Redis: the hash's key, the limits, and the clock that says which day it is. */
export interface RedisDay {
  key: string;
  limits: DailyLimits;
  now?: () => number;
}

function refusal(use: HubSpotUse, resumeAt: number): DailyLimitError {
  return new DailyLimitError(resumeAt, `HubSpot's daily limit: the ${use} share of today's requests is spent; waiting for the account's next day`);
}

/**
 * A slot of every window at once, shared by every worker process using the same Redis and keys,
 * and with `daily`, the request counted against the account's day.
 * (With Redis Cluster the keys must share a hash slot: give the prefix a {hash tag}.)
 */
export function redisBudget(redis: Redis, windows: readonly RedisWindow[], waitsKey?: string, daily?: RedisDay): RequestBudget {
  let counter = 0;
  const memberPrefix = `${process.pid}-${Math.random().toString(36).slice(2)}`;
  const keys = [...windows.map((w) => w.key), ...(daily ? [daily.key] : [])];
  const limits = windows.flatMap((w) => [w.limits.max, w.limits.windowMs + (w.limits.marginMs ?? SAFETY_MARGIN_MS)]);
  const dayArgs = (use: HubSpotUse) => {
    if (!daily) return { args: [] as (string | number)[], resetsAt: 0 };
    const { day, resetsAt } = accountDay((daily.now ?? Date.now)(), daily.limits.timeZone);
    const gate = dailyGate(use, daily.limits);
    return { args: [day, resetsAt, use, daily.limits.limit, gate.perMille, gate.cap, DAILY_TTL_MS], resetsAt };
  };
  return {
    async take(use = hubspotUseNow()) {
      for (let attempt = 0; ; attempt++) {
        const member = `${memberPrefix}-${counter++}`;
        const day = dayArgs(use);
        const waitMs = Number(await redis.eval(TAKE_SCRIPT, keys.length, ...keys, member, windows.length, ...limits, ...day.args));
        if (waitMs === 0) return;
        if (waitMs < 0) throw refusal(use, day.resetsAt);
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

/** The account's day kept in a Redis hash, as every worker (and crm:setup) counts it. */
export function redisDailyBudget(redis: Redis, day: RedisDay): DailyBudget {
  const now = day.now ?? Date.now;
  const args = () => {
    const { day: date, resetsAt } = accountDay(now(), day.limits.timeZone);
    return [date, resetsAt, day.limits.limit, DAILY_TTL_MS] as const;
  };
  return {
    async observe(figures) {
      await redis.eval(OBSERVE_SCRIPT, 1, day.key, ...args(), figures.limit - figures.remaining, figures.limit);
    },
    async spent() {
      return Number(await redis.eval(SPENT_SCRIPT, 1, day.key, ...args()));
    },
    async figures() {
      return dailyFiguresOf(await redis.hgetall(day.key), now());
    },
  };
}

/**
 * The account and search budgets, shared by every worker through Redis under `keyPrefix`; with
 * `daily`, each request is also counted against the account's day (hubspotBudgetKeys().daily).
 */
export function redisHubSpotBudgets(redis: Redis, keyPrefix: string, limits: HubSpotBudgetLimits, daily?: DailyLimits & { now?: () => number }): HubSpotBudgets {
  const keys = hubspotBudgetKeys(keyPrefix);
  const request = { key: keys.request, limits: limits.request };
  const search = { key: keys.search, limits: limits.search };
  const day = daily ? { key: keys.daily, limits: daily, ...(daily.now ? { now: daily.now } : {}) } : undefined;
  return {
    request: redisBudget(redis, [request], keys.waits, day),
    search: redisBudget(redis, [request, search], keys.waits, day),
    ...(day ? { daily: redisDailyBudget(redis, day) } : {}),
  };
}

/** The in-process counterpart of one Redis window: when the requests of the last window left. */
class LocalWindow {
  private readonly sent: number[] = [];

  constructor(private readonly limits: BudgetLimits) {}

  /** 0 when there is room now, else how long until there is. */
  waitMs(now: number): number {
    const cutoff = now - this.limits.windowMs - (this.limits.marginMs ?? SAFETY_MARGIN_MS);
    while (this.sent.length > 0 && (this.sent[0] ?? 0) <= cutoff) this.sent.shift();
    if (this.sent.length < this.limits.max) return 0;
    return Math.max(1, (this.sent[this.sent.length - this.limits.max] ?? 0) - cutoff);
  }

  record(now: number): void {
    this.sent.push(now);
  }
}

/**
 * The account's day within one process (no Redis: development runs one worker). A restart starts
 * the count afresh; HubSpot's headers, when it sends them, bring the account's use back with the
 * first answer.
 */
class LocalDay implements DailyBudget {
  private day = '';
  private resetsAt = 0;
  private sent = 0;
  private reported = 0;
  private reportedAtSent = 0;
  private reportedLimit = 0;
  private readonly sentBy = new Map<HubSpotUse, number>();
  private readonly refusedBy = new Map<HubSpotUse, number>();

  constructor(
    readonly limits: DailyLimits,
    private readonly now: () => number,
  ) {}

  private roll(): void {
    const { day, resetsAt } = accountDay(this.now(), this.limits.timeZone);
    if (day <= this.day) return;
    Object.assign(this, { day, resetsAt, sent: 0, reported: 0, reportedAtSent: 0, reportedLimit: 0 });
    this.sentBy.clear();
    this.refusedBy.clear();
  }

  private limit(): number {
    return this.reportedLimit > 0 ? Math.min(this.reportedLimit, this.limits.limit) : this.limits.limit;
  }

  /** Whether `use` may send one more request today (counting a refusal when not). */
  allows(use: HubSpotUse): { ok: boolean; resetsAt: number } {
    this.roll();
    const gate = dailyGate(use, this.limits);
    const used = dailyUse(this.sent, this.reported, this.reportedAtSent);
    const ok = used * 1_000 < this.limit() * gate.perMille && (gate.cap === 0 || (this.sentBy.get(use) ?? 0) < gate.cap);
    if (!ok) this.refusedBy.set(use, (this.refusedBy.get(use) ?? 0) + 1);
    return { ok, resetsAt: this.resetsAt };
  }

  record(use: HubSpotUse): void {
    this.sent += 1;
    this.sentBy.set(use, (this.sentBy.get(use) ?? 0) + 1);
  }

  async observe(figures: { limit: number; remaining: number }): Promise<void> {
    this.roll();
    this.reported = figures.limit - figures.remaining;
    this.reportedAtSent = this.sent;
    this.reportedLimit = figures.limit;
  }

  async spent(): Promise<number> {
    this.roll();
    this.reported = this.limit();
    this.reportedAtSent = this.sent;
    return this.resetsAt;
  }

  async figures(): Promise<HubSpotDailyFigures> {
    this.roll();
    const per = (m: Map<HubSpotUse, number>) => Object.fromEntries(HUBSPOT_USES.map((u) => [u, m.get(u) ?? 0])) as Record<HubSpotUse, number>;
    return { day: this.day, sent: this.sent, used: dailyUse(this.sent, this.reported, this.reportedAtSent), limit: this.limit(), refused: per(this.refusedBy), sentBy: per(this.sentBy) };
  }
}

function localBudget(windows: readonly LocalWindow[], now: () => number, daily?: LocalDay): RequestBudget {
  let chain = Promise.resolve();
  const takeOne = async (use: HubSpotUse) => {
    for (;;) {
      // Checked and recorded without an await in between: the day and all windows, or nothing.
      const day = daily?.allows(use);
      if (day && !day.ok) throw refusal(use, day.resetsAt);
      const at = now();
      const waitMs = Math.max(...windows.map((w) => w.waitMs(at)));
      if (waitMs === 0) {
        for (const w of windows) w.record(at);
        daily?.record(use);
        return;
      }
      await sleep(waitMs);
    }
  };
  return {
    // Serialised, so waiting callers are served in order.
    take(use = hubspotUseNow()) {
      const next = chain.then(() => takeOne(use));
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

/** The account and search budgets within one process (no Redis); with `daily`, the account's day too. */
export function localHubSpotBudgets(limits: HubSpotBudgetLimits, now: () => number = Date.now, daily?: DailyLimits): HubSpotBudgets {
  const request = new LocalWindow(limits.request);
  const search = new LocalWindow(limits.search);
  const day = daily ? new LocalDay(daily, now) : undefined;
  return { request: localBudget([request], now, day), search: localBudget([request, search], now, day), ...(day ? { daily: day } : {}) };
}

/**
 * Searches for a caller that gave only an account budget (older tests, scripts): the account's
 * slot, then a search slot of this process. Not atomic across the two and not shared
 * between processes, so the worker itself always builds HubSpotBudgets.
 */
export function searchBudgetInFront(account: RequestBudget, limits: BudgetLimits = DEFAULT_SEARCH_LIMITS): HubSpotBudgets {
  const search = localRequestBudget(limits);
  return {
    request: account,
    search: {
      async take(use) {
        // The account's slot first: a search slot taken before a wait for the account would be
        // stamped early, and searches that waited together would leave together, more than the
        // search limit allows within one second (HubSpot's 429 in the contract suite's pull).
        await account.take(use);
        await search.take(use);
      },
    },
  };
}
