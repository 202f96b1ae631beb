import { ProviderUnavailableError, RateLimitedError } from '@app/worker/jobs/job-errors';

const MAX_ATTEMPTS = 20;

/**
 * Runs a step of the worker's code outside the worker, as its job runtime would: again after
 * HubSpot's 429 (the seeder's own calls, which the step's budget does not count, may just have
 * filled the account's window) or an outage. Each step is safe to repeat, as every job is.
 */
export async function asTheWorkerWould<T>(step: (attempt: number) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await step(attempt);
    } catch (error) {
      const waitMs = error instanceof RateLimitedError ? error.retryAfterMs : error instanceof ProviderUnavailableError ? 1_000 : null;
      if (waitMs === null || attempt >= MAX_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.max(waitMs, 100)));
    }
  }
}
