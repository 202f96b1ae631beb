import { DelayedError, UnrecoverableError, Worker, type Job } from 'bullmq';
import type { Logger } from '@app/runtime/logger';
import { hubspotUseOfJob, withHubSpotUse } from '../crm/daily-budget';
import type { JobDefinition } from './job';
import { DailyLimitError, ProviderUnavailableError, RateLimitedError } from './job-errors';

/**
 * How long the queue holds after a provider failed like an outage. Short, so recovery is
 * noticed within seconds; long enough that a day-long outage costs a few probes a minute.
 */
export const OUTAGE_PAUSE_MS = 3_000;

/**
 * What the dispatcher tells its queue's runtime. `pauseQueue` holds the whole queue; the two
 * reports feed ProviderOutages (see queue/provider-outages.ts).
 */
export interface DispatcherHooks {
  pauseQueue?(ms: number): Promise<void>;
  providerUnavailable?(): void;
  succeeded?(): void;
}

/**
 * Turns a list of job definitions into one BullMQ processor. An unknown job name or a
 * payload that fails its schema can never succeed on retry, so both fail unrecoverably
 * and stay in the failed set for a person to look at. A provider's rate limit pauses the
 * whole queue (`pauseQueue`) and puts the job back without using up an attempt; a provider
 * outage fails the job (backoff) and holds the queue for OUTAGE_PAUSE_MS. When HubSpot's daily
 * limit leaves the job's use no room today (DailyLimitError), the job waits, delayed until the
 * account's next day without using an attempt; a job a schedule started just ends (its next run
 * comes anyway, and the pull and sweep carry on from their cursors). Each job's HubSpot requests
 * are counted as its use (crm/daily-budget.ts).
 */
export function createDispatcher(definitions: readonly JobDefinition[], log: Logger, hooks: DispatcherHooks = {}) {
  const pauseQueue = hooks.pauseQueue ?? (async () => {});
  const byName = new Map(definitions.map((d) => [d.name, d]));
  if (byName.size !== definitions.length) throw new Error('Two job definitions share a name');

  return async (job: Job, token?: string): Promise<unknown> => {
    const definition = byName.get(job.name);
    if (!definition) throw new UnrecoverableError(`Unknown job "${job.name}"`);
    const parsed = definition.payloadSchema.safeParse(job.data);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new UnrecoverableError(`Invalid payload for "${job.name}": ${issue?.path.join('.')} ${issue?.message}`);
    }
    const jobLog = log.child({ job: job.name, jobId: job.id, attempt: job.attemptsMade + 1 });
    try {
      const result = await withHubSpotUse(hubspotUseOfJob(job.name), () =>
        definition.process(parsed.data, { log: jobLog, jobId: job.id ?? '', attempt: job.attemptsMade + 1 }),
      );
      hooks.succeeded?.();
      return result;
    } catch (error) {
      if (error instanceof DailyLimitError) {
        const resumeAt = new Date(error.resumeAt).toISOString();
        if (job.repeatJobKey) {
          jobLog.warn({ reason: error.message, resumeAt }, 'HubSpot daily limit: this scheduled run ends; later runs go on from here');
          return { skipped: 'hubspot-daily-limit', resumeAt };
        }
        jobLog.warn({ reason: error.message, resumeAt }, 'HubSpot daily limit: the job waits for the account\'s next day');
        await job.moveToDelayed(error.resumeAt, token);
        throw new DelayedError();
      }
      if (error instanceof RateLimitedError) {
        jobLog.warn({ retryAfterMs: error.retryAfterMs }, 'rate limited: pausing the queue');
        await pauseQueue(error.retryAfterMs);
        throw Worker.RateLimitError();
      }
      if (error instanceof ProviderUnavailableError) {
        // The job still fails (an attempt, then its backoff); the others wait instead of failing too.
        jobLog.warn({ err: error.message, pauseMs: OUTAGE_PAUSE_MS }, 'provider unavailable: holding the queue');
        hooks.providerUnavailable?.();
        await pauseQueue(OUTAGE_PAUSE_MS);
      }
      throw error;
    }
  };
}
