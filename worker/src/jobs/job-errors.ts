import { UnrecoverableError } from 'bullmq';

/** The provider asked us to slow down: the dispatcher pauses the whole queue for `retryAfterMs`. */
export class RateLimitedError extends Error {
  constructor(readonly retryAfterMs: number) {
    super(`rate limited for ${retryAfterMs} ms`);
    this.name = 'RateLimitedError';
  }
}

export type ProviderFailure =
  | { kind: 'rate-limited'; retryAfterMs: number }
  | { kind: 'transient'; reason: string }
  | { kind: 'permanent'; status: number; message: string };

/**
 * What BullMQ should do about a failed provider call: pause (rate limit), retry with backoff
 * (a plain Error), or stop retrying and keep the job in the failed set (UnrecoverableError).
 */
export function failureToError(failure: ProviderFailure, what: string): Error {
  switch (failure.kind) {
    case 'rate-limited':
      return new RateLimitedError(failure.retryAfterMs);
    case 'transient':
      return new Error(`${what}: ${failure.reason}`);
    case 'permanent':
      return new UnrecoverableError(`${what}: HTTP ${failure.status}: ${failure.message}`);
  }
}
