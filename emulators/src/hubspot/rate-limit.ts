import { z } from 'zod';

export const rateLimitSchema = z.object({
  max: z.number().int().min(1).max(1_000_000),
  intervalMs: z.number().int().min(1).max(86_400_000),
});
export type RateLimitConfig = z.output<typeof rateLimitSchema>;

/** HubSpot's private-app budget: 100 requests per rolling 10 seconds. */
export const DEFAULT_RATE_LIMIT: RateLimitConfig = { max: 100, intervalMs: 10_000 };

export interface RateDecision {
  allowed: boolean;
  remaining: number;
  /** When refused: how long until the oldest counted call leaves the window. */
  retryAfterMs: number;
  headers: Record<string, string>;
}

/**
 * A rolling window per access token, like HubSpot's TEN_SECONDLY_ROLLING policy. Refused
 * calls are not counted, so a client that waits out Retry-After gets through.
 */
export class RateLimiter {
  private readonly hits = new Map<string, number[]>();

  constructor(private config: RateLimitConfig = DEFAULT_RATE_LIMIT) {}

  get current(): RateLimitConfig {
    return { ...this.config };
  }

  configure(config: RateLimitConfig): void {
    this.config = rateLimitSchema.parse(config);
    this.hits.clear();
  }

  reset(): void {
    this.hits.clear();
  }

  /** Takes back the last counted call of a token (a call another limit refused after this one counted it). */
  release(token: string): void {
    this.hits.get(token)?.pop();
  }

  take(token: string, now = Date.now()): RateDecision {
    const { max, intervalMs } = this.config;
    const recent = (this.hits.get(token) ?? []).filter((t) => t > now - intervalMs);
    const allowed = recent.length < max;
    if (allowed) recent.push(now);
    this.hits.set(token, recent);
    const oldest = recent[0] ?? now;
    const retryAfterMs = allowed ? 0 : Math.max(1, oldest + intervalMs - now);
    const remaining = Math.max(0, max - recent.length);
    const headers: Record<string, string> = {
      'X-HubSpot-RateLimit-Interval-Milliseconds': String(intervalMs),
      'X-HubSpot-RateLimit-Max': String(max),
      'X-HubSpot-RateLimit-Remaining': String(remaining),
    };
    if (!allowed) headers['Retry-After'] = String(Math.ceil(retryAfterMs / 1000));
    return { allowed, remaining, retryAfterMs, headers };
  }
}

/** HubSpot's search endpoints allow a few requests per second per token, on top of the general budget. */
export const DEFAULT_SEARCH_RATE_LIMIT: RateLimitConfig = { max: 4, intervalMs: 1_000 };

/** The body HubSpot sends with a 429 from the search endpoints' per-second limit. */
export function secondlyLimitBody(correlationId: string): Record<string, unknown> {
  return {
    status: 'error',
    message: 'You have reached your secondly limit.',
    errorType: 'RATE_LIMIT',
    correlationId,
    policyName: 'SECONDLY',
    groupName: 'publicapi:crm-search',
  };
}

/** The body HubSpot sends with a 429 from the ten-secondly limit. */
export function rateLimitBody(correlationId: string): Record<string, unknown> {
  return {
    status: 'error',
    message: 'You have reached your ten_secondly_rolling limit.',
    errorType: 'RATE_LIMIT',
    correlationId,
    policyName: 'TEN_SECONDLY_ROLLING',
    groupName: 'publicapi:private-app:dev',
  };
}

export const dailyLimitSchema = z.object({
  /** Requests per day for the whole account (every token). HubSpot: 250,000 on Free and Starter. */
  max: z.number().int().min(1).max(10_000_000),
  /** The account's time zone setting: the day ends at midnight there. */
  timeZone: z.string().refine((tz) => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: tz });
      return true;
    } catch {
      return false;
    }
  }, 'must be an IANA time zone'),
  /** Whether answers carry X-HubSpot-RateLimit-Daily and -Daily-Remaining (legacy private apps' do; false models a token whose answers do not). */
  headers: z.boolean(),
});
export type DailyLimitConfig = z.output<typeof dailyLimitSchema>;

/** HubSpot's lowest tiers (Free, Starter): 250,000 requests a day per account. */
export const DEFAULT_DAILY_LIMIT: DailyLimitConfig = { max: 250_000, timeZone: 'America/New_York', headers: true };

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The account's calendar date at an instant, in its time zone (YYYY-MM-DD). */
function dayIn(timeZone: string, now: number): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, format);
  }
  return format.format(now);
}

/**
 * HubSpot's daily limit: one count per account (all tokens), reset at midnight in the account's
 * time zone. Refused calls are not counted. `use` stands for other integrations of the account.
 */
export class DailyLimiter {
  private day = '';
  private used = 0;

  constructor(private config: DailyLimitConfig = DEFAULT_DAILY_LIMIT) {}

  get current(): DailyLimitConfig {
    return { ...this.config };
  }

  configure(config: DailyLimitConfig): void {
    this.config = dailyLimitSchema.parse(config);
  }

  reset(): void {
    this.used = 0;
  }

  /** The account's day ends now, as at midnight in its time zone (tests cannot wait for it). */
  newDay(): void {
    this.used = 0;
  }

  private roll(now: number): void {
    const day = dayIn(this.config.timeZone, now);
    if (day !== this.day) {
      this.day = day;
      this.used = 0;
    }
  }

  /** Requests made today by others (another integration of the account). */
  use(count: number, now = Date.now()): number {
    this.roll(now);
    this.used = Math.min(this.config.max, this.used + count);
    return this.used;
  }

  /** Takes back the last counted call (one another limit refused after this one counted it). */
  release(): void {
    this.used = Math.max(0, this.used - 1);
  }

  take(now = Date.now()): { allowed: boolean; headers: Record<string, string> } {
    this.roll(now);
    const allowed = this.used < this.config.max;
    if (allowed) this.used += 1;
    const headers: Record<string, string> = this.config.headers
      ? { 'X-HubSpot-RateLimit-Daily': String(this.config.max), 'X-HubSpot-RateLimit-Daily-Remaining': String(this.config.max - this.used) }
      : {};
    return { allowed, headers };
  }
}

/** The body HubSpot sends with a 429 once the account's daily limit is spent (its usage guidelines' example). */
export function dailyLimitBody(correlationId: string): Record<string, unknown> {
  return {
    status: 'error',
    message: 'You have reached your daily limit.',
    errorType: 'RATE_LIMIT',
    correlationId,
    policyName: 'DAILY',
    requestId: correlationId,
  };
}
