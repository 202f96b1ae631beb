import type { Db, DbTransaction } from '@app/db/client';
import { findOptOut } from '@app/db/sms-opt-out';
import { daysBefore, RATING_RULES, ratingRequestDueAt } from '@app/shared/cleaning-rating';
import { writeNoticeText } from './notice-repository';
import { noticeKey, type NoticePolicy } from './notice-rules';

type Client = DbTransaction | Db;

/**
 * Whether the phone had a rating request in the last 30 days (docs/conversations.md#ratings): one
 * that went out since then, or one still waiting to go. `except` leaves out the request being sent.
 */
export async function ratingRequestedSince(db: Client, phone: string, since: Date, except: string | null = null): Promise<boolean> {
  const [row] = await db.$queryRaw<{ recent: boolean }[]>`
    SELECT EXISTS (
      SELECT 1 FROM cleaning_rating r LEFT JOIN sms_message m ON m.id = r.sms_message_id
      WHERE r.phone = ${phone}
        AND (${except}::text IS NULL OR r.sms_message_id IS DISTINCT FROM ${except})
        AND (r.requested_at > ${since} OR (r.requested_at IS NULL AND m.status = 'queued'))
    ) AS recent`;
  return row?.recent ?? false;
}

/**
 * Whether the address had a rating request by e-mail in the last 30 days: one the provider took
 * since then, or one still waiting to go. `except` leaves out the e-mail being sent. Addresses
 * are compared as mailboxes read them, without regard to case.
 */
export async function ratingEmailedSince(db: Client, address: string, since: Date, except: string | null = null): Promise<boolean> {
  const [row] = await db.$queryRaw<{ recent: boolean }[]>`
    SELECT EXISTS (
      SELECT 1 FROM email_message e
      WHERE e.purpose = 'rating_request' AND lower(e.to_address) = lower(${address})
        AND (${except}::uuid IS NULL OR e.id <> ${except}::uuid)
        AND (e.sent_at > ${since} OR e.status = 'queued')
    ) AS recent`;
  return row?.recent ?? false;
}

export interface RatingToRequest {
  dealId: string;
  /** The phone the deal's texts go to (E.164), and the one whose text back is the rating. */
  phone: string;
  /** The booking's e-mail (the contact's); null: the request goes by text only. */
  email: string | null;
  contactId: string | null;
  /** The cleaner of the cleaning now, kept with its rating. */
  ownerId: string | null;
  scheduledAt: Date;
}

/**
 * The rating request of a cleaning a staff close-out marked done, written in the caller's
 * transaction with the mirror change (as every customer notice): its cleaning_rating row and its
 * customer notice, a text (sms_message and sms.send) and an e-mail to the booking's address
 * (email_message and email.send), due at 10 AM Eastern the next day (or after the configured
 * delay), the text past quiet hours. Nothing when rating requests are switched off, the close-out
 * came more than three days after the cleaning, the phone opted out or had a request in the last
 * 30 days, or the cleaning already has its request: the customer rates by texting back, so the
 * phone's rules are the request's. The e-mail is left out when the address had a rating e-mail in
 * the last 30 days. The worker writes the words and checks the 30 days again when each goes out.
 * True when written.
 */
export async function writeRatingRequest(tx: DbTransaction, policy: NoticePolicy, rating: RatingToRequest, closedOutAt: Date, now: Date): Promise<boolean> {
  if (policy.off.has('rating_request')) return false;
  const due = ratingRequestDueAt(closedOutAt, rating.scheduledAt, policy.ratingDelayMinutes ?? null);
  if (!due) return false;
  if (await findOptOut(tx, rating.phone)) return false;
  if (await tx.cleaningRating.findUnique({ where: { dealId: rating.dealId }, select: { id: true } })) return false;
  const since = daysBefore(now, RATING_RULES.intervalDays);
  if (await ratingRequestedSince(tx, rating.phone, since)) return false;
  const email = rating.email && !(await ratingEmailedSince(tx, rating.email, since)) ? rating.email : null;
  const subject = { scheduledAt: rating.scheduledAt.toISOString() };
  if (!(await writeNoticeText(tx, policy, { kind: 'rating_request', dealId: rating.dealId, to: rating.phone, email, subject, dueAt: due }))) return false;
  // The request's text carries the notice's dedupe key: the rating keeps it, the one whose sending makes the phone asked.
  const text = await tx.smsMessage.findUnique({ where: { dedupeKey: noticeKey('rating_request', rating.dealId, subject) }, select: { id: true } });
  await tx.cleaningRating.create({
    data: { dealId: rating.dealId, phone: rating.phone, contactId: rating.contactId, ownerId: rating.ownerId, smsMessageId: text?.id ?? null },
  });
  return true;
}
