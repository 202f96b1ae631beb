import { randomUUID } from 'node:crypto';
import type { Db, DbTransaction } from '@app/db/client';
import { findOptOut } from '@app/db/sms-opt-out';
import { outboxEvent } from '@app/runtime/outbox/events';
import { daysBefore, RATING_RULES, ratingRequestDueAt } from '@app/shared/cleaning-rating';
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

export interface RatingToRequest {
  dealId: string;
  /** The phone the deal's texts go to (E.164). */
  phone: string;
  contactId: string | null;
  /** The cleaner of the cleaning now, kept with its rating. */
  ownerId: string | null;
  scheduledAt: Date;
}

/**
 * The rating request of a cleaning a staff close-out marked done, written in the caller's
 * transaction with the mirror change (as every customer text): its cleaning_rating row, its
 * sms_message row and its sms.send event, due at 10 AM Eastern the next day (or after the
 * configured delay), past quiet hours. Nothing when rating requests are switched off, the
 * close-out came more than three days after the cleaning, the phone opted out or had a request
 * in the last 30 days, or the cleaning already has its request. The worker writes the words and
 * checks the 30 days again when it sends it. True when written.
 */
export async function writeRatingRequest(tx: DbTransaction, policy: NoticePolicy, rating: RatingToRequest, closedOutAt: Date, now: Date): Promise<boolean> {
  if (policy.off.has('rating_request')) return false;
  const due = ratingRequestDueAt(closedOutAt, rating.scheduledAt, policy.ratingDelayMinutes ?? null);
  if (!due) return false;
  if (await findOptOut(tx, rating.phone)) return false;
  if (await tx.cleaningRating.findUnique({ where: { dealId: rating.dealId }, select: { id: true } })) return false;
  if (await ratingRequestedSince(tx, rating.phone, daysBefore(now, RATING_RULES.intervalDays))) return false;
  const subject = { scheduledAt: rating.scheduledAt.toISOString() };
  const messageId = randomUUID();
  const { count } = await tx.smsMessage.createMany({
    data: [{ id: messageId, purpose: 'rating_request', to: rating.phone, dealId: rating.dealId, dedupeKey: noticeKey('rating_request', rating.dealId, subject) }],
    skipDuplicates: true,
  });
  if (count === 0) return false;
  await tx.cleaningRating.create({
    data: { dealId: rating.dealId, phone: rating.phone, contactId: rating.contactId, ownerId: rating.ownerId, smsMessageId: messageId },
  });
  await tx.outboxEvent.create({
    data: outboxEvent('sms.send', { messageId, subject }, { aggregateId: messageId, availableAt: policy.sendable(due) }),
  });
  return true;
}
