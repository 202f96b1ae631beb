import { UnrecoverableError } from 'bullmq';

/** The provider asked us to slow down: the dispatcher pauses the whole queue for `retryAfterMs`. */
export class RateLimitedError extends Error {
  constructor(readonly retryAfterMs: number) {
    super(`rate limited for ${retryAfterMs} ms`);
    this.name = 'RateLimitedError';
  }
}

/**
 * HubSpot's daily limit leaves no room today for this job's requests (our count of the account's
 * day, or HubSpot's 429 with policyName DAILY): the job waits until `resumeAt` (the account's
 * next midnight) without using an attempt; one started by a schedule just ends, as the next run
 * comes anyway (see dispatch.ts).
 */
export class DailyLimitError extends Error {
  constructor(
    readonly resumeAt: number,
    readonly reason: string,
  ) {
    super(reason);
    this.name = 'DailyLimitError';
  }
}

/**
 * The provider is failing for everyone (5xx, timeout, refused connection): the job retries
 * with its own backoff, and the dispatcher also holds the whole queue for a short while, so an
 * outage costs one probe per pause instead of one failed call per waiting job.
 */
export class ProviderUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProviderUnavailableError';
  }
}

export type ProviderFailure =
  | { kind: 'rate-limited'; retryAfterMs: number }
  | { kind: 'transient'; reason: string }
  | { kind: 'permanent'; status: number; message: string };

/**
 * What BullMQ should do about a failed provider call: pause (rate limit), retry with backoff
 * (ProviderUnavailableError), or stop retrying and keep the job in the failed set (UnrecoverableError).
 */
export function failureToError(failure: ProviderFailure, what: string): Error {
  switch (failure.kind) {
    case 'rate-limited':
      return new RateLimitedError(failure.retryAfterMs);
    case 'transient':
      return new ProviderUnavailableError(`${what}: ${failure.reason}`);
    case 'permanent':
      return new UnrecoverableError(`${what}: HTTP ${failure.status}: ${failure.message}`);
  }
}
