/** What a client does after an answer. */
export type NextStep = { kind: 'taken' } | { kind: 'retry'; afterMs: number } | { kind: 'refused' };

/**
 * Answers a client tries again, as the web app's users do: a busy or unavailable api (429, 5xx,
 * no answer at all) and an Idempotency-Key still being processed. Anything else (a 4xx about the
 * request itself) would answer the same again.
 */
const RETRIED = new Set([0, 408, 429, 500, 502, 503, 504]);
const MIN_WAIT_MS = 200;
const MAX_WAIT_MS = 10_000;

/**
 * The step after attempt number `attempt` (1 = first) was answered `status` (0: no answer), with
 * the answer's error `code` and Retry-After header if any. Retry-After (seconds) is honoured up
 * to 10 s; without it the wait doubles from 0.5 s to 5 s.
 */
export function nextStep(answer: { status: number; code?: string | undefined; retryAfter?: string | undefined }, attempt: number): NextStep {
  if (answer.status >= 200 && answer.status < 300) return { kind: 'taken' };
  if (!RETRIED.has(answer.status) && answer.code !== 'idempotency_in_progress') return { kind: 'refused' };
  const seconds = Number(answer.retryAfter);
  const afterMs =
    answer.retryAfter !== undefined && answer.retryAfter.trim() !== '' && Number.isFinite(seconds)
      ? seconds * 1000
      : Math.min(5_000, 500 * 2 ** Math.max(0, attempt - 1));
  return { kind: 'retry', afterMs: Math.min(MAX_WAIT_MS, Math.max(MIN_WAIT_MS, afterMs)) };
}
