/**
 * The queues of the product. HubSpot work and SMS work are separate queues so a HubSpot
 * rate limit (which pauses its queue) never delays a login code; housekeeping (our own
 * database only) never waits on either provider.
 */
export const QUEUE_NAMES = ['crm', 'sms', 'housekeeping'] as const;
export type QueueName = (typeof QUEUE_NAMES)[number];
