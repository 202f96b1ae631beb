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
