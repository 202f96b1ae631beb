import { UnrecoverableError, type Job } from 'bullmq';
import type { Logger } from '../logger';
import type { JobDefinition } from './job';

/**
 * Turns a list of job definitions into one BullMQ processor. An unknown job name or a
 * payload that fails its schema can never succeed on retry, so both fail unrecoverably
 * and stay in the failed set for a person to look at.
 */
export function createDispatcher(definitions: readonly JobDefinition[], log: Logger) {
  const byName = new Map(definitions.map((d) => [d.name, d]));
  if (byName.size !== definitions.length) throw new Error('Two job definitions share a name');

  return async (job: Job): Promise<unknown> => {
    const definition = byName.get(job.name);
    if (!definition) throw new UnrecoverableError(`Unknown job "${job.name}"`);
    const parsed = definition.payloadSchema.safeParse(job.data);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new UnrecoverableError(`Invalid payload for "${job.name}": ${issue?.path.join('.')} ${issue?.message}`);
    }
    const jobLog = log.child({ job: job.name, jobId: job.id, attempt: job.attemptsMade + 1 });
    return definition.process(parsed.data, { log: jobLog, jobId: job.id ?? '', attempt: job.attemptsMade + 1 });
  };
}
