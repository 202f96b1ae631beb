import type { z } from 'zod';
import type { Logger } from '@app/runtime/logger';
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
  name: string;
  queue: QueueName;
  payloadSchema: S;
  process(payload: z.output<S>, context: JobContext): Promise<unknown>;
}

/** Keeps the payload type tied to the schema when declaring a job. */
export function defineJob<S extends z.ZodType>(definition: JobDefinition<S>): JobDefinition<S> {
  return definition;
}
