import type { Db } from '@app/db/client';
import type { SmsPurpose, SmsStatus } from '@app/db/generated/client';
import { outboxEvent } from '@app/runtime/outbox/events';
import { statusesBefore } from '@app/shared/sms-delivery';

export interface SmsMessageState {
  sid: string | null;
  status: SmsStatus;
  purpose: SmsPurpose;
  /** E.164: the only number the text goes to. */
  to: string;
  /** A login code's challenge; null once the challenge's row was purged. */
  otpChallenge: { id: string; createdAt: Date; expiresAt: Date } | null;
  /** A customer notice's deal; null once the deal is gone. */
  dealId: string | null;
  /** The words, when they were fixed as it was written (a staff reply). */
  body: string | null;
  createdAt: Date;
}

/** What the sms.send job needs of a message: whom it goes to, what it is, and whether it went. */
export async function findSmsMessage(db: Db, id: string): Promise<SmsMessageState | null> {
  return db.smsMessage.findUnique({
    where: { id },
    select: { sid: true, status: true, purpose: true, to: true, dealId: true, body: true, createdAt: true, otpChallenge: { select: { id: true, createdAt: true, expiresAt: true } } },
  });
}

/**
 * Twilio accepted the message: its SID, the words sent (null for a login code, whose code is
 * never kept), and `sent` unless a status callback already moved the message further (a callback
 * can beat this write; it then stored the same SID). With `hubspotLog` (a text to a customer,
 * docs/conversations.md#hubspot) the text is due to be logged on their HubSpot timeline: its
 * crm.log-text-sent event is written in the same transaction, so a HubSpot outage only delays it.
 * A rating request's cleaning is then asked (cleaning_rating.requested_at): a reply counts from now,
 * and the phone gets no other request for 30 days.
 */
export async function recordAccepted(
  db: Db,
  id: string,
  sent: { sid: string; body: string | null; hubspotLog: boolean; ratingRequest?: boolean },
  at: Date,
): Promise<void> {
  const earlier = statusesBefore('sent');
  const { sid, body } = sent;
  const due = sent.hubspotLog ? at : null;
  await db.$transaction(async (tx) => {
    // Due once: a repeated write (the same SID) writes no second event.
    const [row] = await tx.$queryRaw<{ due: boolean }[]>`
      SELECT hubspot_log_due_at IS NOT NULL OR hubspot_communication_id IS NOT NULL AS due FROM sms_message WHERE id = ${id} FOR UPDATE`;
    const updated = await tx.$executeRaw`
      UPDATE sms_message
      SET sid = ${sid},
          body = COALESCE(body, ${body}),
          sent_at = ${at},
          status_updated_at = CASE WHEN status = ANY(${earlier}::sms_status[]) THEN ${at} ELSE status_updated_at END,
          status = CASE WHEN status = ANY(${earlier}::sms_status[]) THEN 'sent'::sms_status ELSE status END,
          hubspot_log_due_at = COALESCE(hubspot_log_due_at, ${due})
      WHERE id = ${id} AND (sid IS NULL OR sid = ${sid})`;
    if (due && updated > 0 && row && !row.due) await tx.outboxEvent.create({ data: outboxEvent('crm.log-text-sent', { messageId: id }, { aggregateId: id }) });
    if (sent.ratingRequest && updated > 0) await tx.$executeRaw`UPDATE cleaning_rating SET requested_at = COALESCE(requested_at, ${at}) WHERE sms_message_id = ${id}`;
  });
}

/** Twilio refused to take the message (bad or opted-out number, ...): it will never be delivered. */
export async function recordRefused(db: Db, id: string, refusal: { code: number | null; message: string }, at: Date): Promise<void> {
  await db.smsMessage.updateMany({
    where: { id, status: { in: statusesBefore('failed') } },
    data: { status: 'failed', errorCode: refusal.code, errorMessage: refusal.message.slice(0, 1_000), statusUpdatedAt: at },
  });
}

/** Never sent: expired, the phone opted out or is held back, or what the text was about changed before it was due. */
export async function recordCanceled(db: Db, id: string, reason: string, at: Date): Promise<void> {
  await db.smsMessage.updateMany({
    where: { id, status: 'queued' },
    data: { status: 'canceled', errorMessage: reason, statusUpdatedAt: at },
  });
}
