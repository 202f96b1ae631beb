/** Which queue runs each job kind: the contract's (runtime/outbox/events.ts). */
export { JOB_QUEUES, isJobName, type JobName } from '@app/runtime/outbox/events';
