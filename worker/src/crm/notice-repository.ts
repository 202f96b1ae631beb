import { randomUUID } from 'node:crypto';
import type { Prisma } from '@app/db/generated/client';
import type { CustomerMessageKind } from '@app/shared/customer-messages';
import { noticeKey, reminderAt, type DealNotice, type NoticePolicy, type NoticeSubject } from './notice-rules';
import { outboxEvent } from '@app/runtime/outbox/events';

export interface NoticeToWrite {
  kind: Exclude<CustomerMessageKind, 'request_received'>;
  dealId: string;
  /** The customer's phone (E.164). */
  to: string;
  subject: NoticeSubject;
  /** When it is due; it goes out then, or after quiet hours (policy.sendable). */
  dueAt: Date;
}

/**
 * One customer text: its sms_message row and its sms.send event, due at `dueAt` past quiet hours, written
 * in the caller's transaction with the change that called for it. False when its kind is
 * switched off or its dedupe key was taken (a re-read, a retried pull, another worker). The
 * row names the phone, the kind and the deal, the event the row and the subject; the worker
 * writes the words when it sends.
 */
export async function writeNoticeText(tx: Prisma.TransactionClient, policy: NoticePolicy, notice: NoticeToWrite): Promise<boolean> {
  if (policy.off.has(notice.kind)) return false;
  const id = randomUUID();
  const { count } = await tx.smsMessage.createMany({
    data: [{ id, purpose: notice.kind, to: notice.to, dealId: notice.dealId, dedupeKey: noticeKey(notice.kind, notice.dealId, notice.subject) }],
    skipDuplicates: true,
  });
  if (count === 0) return false;
  await tx.outboxEvent.create({
    data: outboxEvent(
      'sms.send',
      { messageId: id, subject: notice.subject },
      { aggregateId: id, availableAt: policy.sendable(notice.dueAt) },
    ),
  });
  return true;
}

/**
 * A confirmation or a move, and the reminder of that date, waiting in the outbox until it is
 * due. A later move leaves the reminder to find, when due, that the date is no longer the
 * deal's (it is then dropped). True when the confirmation or move was written.
 */
export async function writeDealNotice(
  tx: Prisma.TransactionClient,
  policy: NoticePolicy,
  deal: { id: string; to: string },
  notice: DealNotice,
  now: Date,
): Promise<boolean> {
  const subject = { scheduledAt: notice.scheduledAt.toISOString() };
  const written = await writeNoticeText(tx, policy, { kind: notice.kind, dealId: deal.id, to: deal.to, subject, dueAt: now });
  const remindAt = reminderAt(notice.scheduledAt, now, policy.sendable, policy.reminderLeadMs);
  if (remindAt) await writeNoticeText(tx, policy, { kind: 'reminder', dealId: deal.id, to: deal.to, subject, dueAt: remindAt });
  return written;
}
