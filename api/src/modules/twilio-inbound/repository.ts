import { randomUUID } from 'node:crypto';
import type { DbTransaction } from '@app/db/client';
import { outboxEvent } from '@app/runtime/outbox/events';
import type { SmsKeyword } from '@app/shared/sms-keywords';

export interface NewInboundText {
  sid: string;
  from: string;
  to: string | null;
  body: string;
  keyword: SmsKeyword | null;
  contactId: string | null;
  at: Date;
}

/**
 * Keeps a text sent to our number; false when its MessageSid is already kept (Twilio posted the
 * same message again), so nothing about it is done twice. A customer's text is due to be logged
 * on their HubSpot timeline, by its crm.log-text-received event written here (a HubSpot outage
 * only delays it); a text from a number no customer has is not (docs/conversations.md#hubspot).
 * The kept text's id, or null.
 */
export async function insertInboundText(tx: DbTransaction, text: NewInboundText): Promise<string | null> {
  const id = randomUUID();
  const due = text.contactId ? text.at : null;
  const rows = await tx.$queryRaw<{ id: string }[]>`
    INSERT INTO inbound_text (id, sid, from_phone, to_phone, body, keyword, received_at, contact_id, hubspot_log_due_at)
    VALUES (${id}, ${text.sid}, ${text.from}, ${text.to}, ${text.body}, ${text.keyword}, ${text.at}, ${text.contactId}, ${due})
    ON CONFLICT (sid) DO NOTHING
    RETURNING id`;
  if (rows.length === 0) return null;
  if (due) await tx.outboxEvent.create({ data: outboxEvent('crm.log-text-received', { inboundTextId: id }, { aggregateId: id }) });
  return id;
}

/** Whether a staff member has replied to the phone since `since` (someone is answering tonight). */
export async function staffRepliedSince(tx: DbTransaction, phone: string, since: Date): Promise<boolean> {
  return (await tx.smsMessage.count({ where: { to: phone, purpose: 'staff_reply', createdAt: { gte: since } } })) > 0;
}

/**
 * Writes the after-hours answer's row and its sms.send event, unless the phone already has the
 * answer of this closed stretch (its dedupe key). The worker writes the words when it sends it.
 */
export async function insertAfterHoursAnswer(tx: DbTransaction, phone: string, dedupeKey: string, at: Date): Promise<boolean> {
  const id = randomUUID();
  const rows = await tx.$queryRaw<{ id: string }[]>`
    INSERT INTO sms_message (id, purpose, to_phone, dedupe_key, created_at, status_updated_at)
    VALUES (${id}, 'after_hours_reply'::sms_purpose, ${phone}, ${dedupeKey}, ${at}, ${at})
    ON CONFLICT (dedupe_key) DO NOTHING
    RETURNING id`;
  if (rows.length === 0) return false;
  await tx.outboxEvent.create({ data: outboxEvent('sms.send', { messageId: id }, { aggregateId: id }) });
  return true;
}
