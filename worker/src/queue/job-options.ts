import type { JobsOptions } from 'bullmq';

/** Name of our backoff strategy; the worker implements it (see backoffDelay). */
export const BACKOFF_TYPE = 'capped-exponential-jitter';

export interface BackoffPolicy {
  baseMs: number;
  capMs: number;
}

/** 5 s doubling to a 20-minute cap. */
export const DEFAULT_BACKOFF: BackoffPolicy = { baseMs: 5_000, capMs: 20 * 60_000 };

/**
 * Enough attempts to ride out a day-long outage: after ~9 attempts the delay sits at the
 * cap, where jitter keeps it between 10 and 20 minutes, so 160 attempts span at least 26 hours.
 */
export const DEFAULT_ATTEMPTS = 160;

/**
 * Delay before retry number `attemptsMade` (1 = first retry): exponential with a cap and
 * "equal jitter" (half fixed, half random), so a crowd of jobs that failed together during
 * an outage does not come back in one wave.
 */
export function backoffDelay(attemptsMade: number, policy: BackoffPolicy = DEFAULT_BACKOFF, random: () => number = Math.random): number {
  const exponent = Math.max(0, attemptsMade - 1);
  const ceiling = Math.min(policy.capMs, policy.baseMs * 2 ** Math.min(exponent, 30));
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
}

/** Options of every job we add. Completed jobs stay a week so a re-added outbox id is still deduplicated. */
export const DEFAULT_JOB_OPTIONS: JobsOptions = {
  attempts: DEFAULT_ATTEMPTS,
  backoff: { type: BACKOFF_TYPE },
  removeOnComplete: { age: 7 * 24 * 3600, count: 100_000 },
  // A failed job stays a month for operations to see why (queue dashboard), then goes.
  removeOnFail: { age: 30 * 24 * 3600 },
};

/**
 * A text message's job names only its message row, which keeps what became of it (SID, status):
 * a sent one leaves Redis after an hour instead of a week. An hour still covers the only re-add
 * (a crash between enqueueing and marking the outbox row, which the relay repairs within seconds),
 * so the job id still deduplicates it, and the row's SID stops any later one.
 */
const SMS_JOB_OPTIONS: JobsOptions = { ...DEFAULT_JOB_OPTIONS, removeOnComplete: { age: 3600 } };

/**
 * Jobs that take every other waiting one of their kind into one batch (crm.push-booking pushes
 * up to 100 bookings with three HubSpot requests). Run at once, each carries the one or two
 * bookings that arrived while the previous batch was in flight; held back a moment, it carries
 * everything that arrived meanwhile, and the later bookings' own jobs find them synced and make
 * no request. That is what keeps a steady stream of bookings inside HubSpot's request budget.
 */
const LINGERING_JOBS: ReadonlySet<string> = new Set(['crm.push-booking']);

/**
 * How long a job for an event of this type waits before it runs: what is left of `lingerMs`
 * since the event was committed (`ageMs`). An event that already waited (held during an
 * outage, a relay that fell behind) runs at once. 0 for every other type, or when lingering is off.
 */
export function lingerDelay(type: string, ageMs: number | undefined, lingerMs: number): number {
  if (lingerMs <= 0 || !LINGERING_JOBS.has(type)) return 0;
  return Math.max(0, Math.round(lingerMs - Math.max(0, ageMs ?? 0)));
}

/** Options of a job added for an outbox event of this type. */
export function jobOptionsFor(type: string): JobsOptions {
  return type === 'sms.send' ? SMS_JOB_OPTIONS : DEFAULT_JOB_OPTIONS;
}
