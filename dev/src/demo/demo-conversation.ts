import { createHash } from 'node:crypto';
import type { Db } from '@app/db/client';
import { DEV_STAFF_IDENTITY } from '@app/emulators/oidc/provider';
import type { DemoPerson } from './demo-plan';

const MINUTE = 60_000;

/** A stable Twilio-like message id per demo customer and text, so seeding again finds the same rows. */
const demoSid = (phone: string, n: number) => `SM${createHash('sha256').update(`demo-conversation:${phone}:${n}`).digest('hex').slice(0, 32)}`;

/**
 * The demo customer's short conversation by text (docs/conversations.md): a question, the
 * office's answer, and a reply nobody has answered yet, so the today board lists it and the
 * customer page shows the thread with its reply form. Written straight into our database (the
 * texts "went out" before this run's Twilio emulator started), idempotent: seeding again moves
 * the times to be relative to `now` and makes the last text wait again.
 */
export async function seedDemoConversation(db: Db, customer: DemoPerson, contactId: string, now: Date): Promise<void> {
  const ago = (minutes: number) => new Date(now.getTime() - minutes * MINUTE);
  const inbound = [
    { n: 1, at: ago(190), body: `Hi! Could Maria come at 10 instead of 9 on Thursday?` },
    { n: 3, at: ago(25), body: 'Perfect, thank you! Also the gate code changed to 4512, can you let her know?' },
  ];
  for (const text of inbound) {
    const data = { fromPhone: customer.phone, body: text.body, receivedAt: text.at, contactId, handledAt: null, handledBy: null };
    await db.inboundText.upsert({ where: { sid: demoSid(customer.phone, text.n) }, create: { sid: demoSid(customer.phone, text.n), ...data }, update: data });
  }
  const replyAt = ago(180);
  const reply = {
    purpose: 'staff_reply' as const,
    to: customer.phone,
    body: `Hi ${customer.firstName}, yes, 10 AM on Thursday works. We'll move it and you'll get a confirmation text.`,
    staffEmail: DEV_STAFF_IDENTITY.email,
    status: 'delivered' as const,
    sid: demoSid(customer.phone, 2),
    createdAt: replyAt,
    sentAt: replyAt,
    statusUpdatedAt: new Date(replyAt.getTime() + 5_000),
  };
  // No outbox event: it was delivered before this run.
  await db.smsMessage.upsert({ where: { sid: reply.sid }, create: reply, update: reply });
}
