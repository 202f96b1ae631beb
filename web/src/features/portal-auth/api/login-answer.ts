import { ApiError } from '../../../lib/api-client';

/**
 * What a login step answered: ok with the parsed body, or the answer's error text when it had one
 * (docs/product.md §8) and, for a refusal that ends at a known time, its Retry-After in seconds.
 */
export type LoginAnswer<T> = { ok: true; body: T } | { ok: false; error: string | undefined; retryAfterSeconds?: number };

/**
 * Every failure of a step, a network failure included, comes back as `{ ok: false }`, so the page
 * decides the fallback wording.
 */
export async function loginAnswer<T>(step: Promise<T>): Promise<LoginAnswer<T>> {
  try {
    return { ok: true, body: await step };
  } catch (error) {
    if (!(error instanceof ApiError)) return { ok: false, error: undefined };
    return { ok: false, error: error.serverMessage, ...(error.retryAfterSeconds ? { retryAfterSeconds: error.retryAfterSeconds } : {}) };
  }
}
