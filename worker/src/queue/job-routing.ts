import type { QueueName } from '@app/runtime/queue/queues';

/**
 * Which queue runs each job kind. Outbox event types are job names. The API enqueues by
 * this map alone, so it never imports job code (HubSpot or Twilio SDKs).
 */
export const JOB_QUEUES = {
  'crm.push-booking': 'crm',
  'crm.push-change-request': 'crm',
  'crm.push-support-ticket': 'crm',
  'crm.record-signup': 'crm',
  'crm.pull': 'crm',
  'crm.assign-owner': 'crm',
  'crm.note-portal-confirmed': 'crm',
  'crm.sweep': 'crm',
  'sms.send': 'sms',
  'housekeeping.purge-expired': 'housekeeping',
} as const satisfies Record<string, QueueName>;

export type JobName = keyof typeof JOB_QUEUES;

export function isJobName(value: string): value is JobName {
  return Object.hasOwn(JOB_QUEUES, value);
}
