import type { z } from 'zod';
import type { Logger } from '@app/runtime/logger';
import { JOBS, type JobName } from '@app/runtime/outbox/events';
import type { QueueName } from '@app/runtime/queue/queues';

export interface JobContext {
  log: Logger;
  /** BullMQ job id: the outbox event id for jobs that come from the outbox. */
  jobId: string;
  attempt: number;
}

/**
 * A job kind. Its payload is validated by `payloadSchema` before `process` runs, so a
 * processor only ever sees well-formed data.
 */
export interface JobDefinition<S extends z.ZodType = z.ZodType> {
  /** A JobName for the product's jobs (defineJob); tests run jobs of their own. */
  name: string;
  queue: QueueName;
  payloadSchema: S;
  process(payload: z.output<S>, context: JobContext): Promise<unknown>;
}

type PayloadOf<N extends JobName> = (typeof JOBS)[N]['payload'];

/**
 * Declares the job of an event type or schedule: its queue and payload schema come from the
 * contract (runtime/outbox/events.ts), so the api and the worker can never disagree on them.
 */
export function defineJob<N extends JobName>(
  name: N,
  process: (payload: z.output<PayloadOf<N>>, context: JobContext) => Promise<unknown>,
): JobDefinition<PayloadOf<N>> {
  const job = JOBS[name];
  return { name, queue: job.queue, payloadSchema: job.payload as PayloadOf<N>, process };
}
