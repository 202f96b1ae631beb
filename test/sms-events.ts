import type { Db } from '@app/db/client';
import type { SmsPurpose } from '@app/db/generated/client';

/**
 * The outbox event of the newest text to `phone` (of one purpose, or any). An sms.send event names
 * only its message row (runtime/outbox/events.ts), which holds the number and is the event's
 * aggregate. Newest by the event's insert time, which a test's pinned clock does not set.
 */
export async function latestSmsEvent(db: Db, phone: string, purpose?: SmsPurpose) {
  const messages = await db.smsMessage.findMany({ where: { to: phone, ...(purpose && { purpose }) }, select: { id: true } });
  const event = await db.outboxEvent.findFirst({ where: { type: 'sms.send', aggregateId: { in: messages.map((m) => m.id) } }, orderBy: { createdAt: 'desc' } });
  if (!event) throw new Error(`no text to ${phone}`);
  return event;
}

/** How many texts to `phone` have an outbox event. */
export async function smsEventCount(db: Db, phone: string): Promise<number> {
  const messages = await db.smsMessage.findMany({ where: { to: phone }, select: { id: true } });
  return db.outboxEvent.count({ where: { type: 'sms.send', aggregateId: { in: messages.map((m) => m.id) } } });
}
