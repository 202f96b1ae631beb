/**
 * The queues of the product. HubSpot work, SMS work and e-mail work are separate queues so a
 * HubSpot rate limit or a mail provider's outage (each pauses its queue) never delays a login
 * code; housekeeping (our own database only) never waits on any provider.
 */
export const QUEUE_NAMES = ['crm', 'sms', 'email', 'housekeeping'] as const;
export type QueueName = (typeof QUEUE_NAMES)[number];
