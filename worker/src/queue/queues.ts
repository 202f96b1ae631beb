/**
 * The queues of the product. HubSpot work and SMS work are separate queues so a HubSpot
 * rate limit (which pauses its queue) never delays a login code.
 */
export const QUEUE_NAMES = ['crm', 'sms'] as const;
export type QueueName = (typeof QUEUE_NAMES)[number];
