import { randomUUID } from 'node:crypto';
import type { Prisma } from '@app/db/generated/client';
import { CUSTOMER_MESSAGE_KINDS, type CustomerMessageKind } from '@app/shared/customer-messages';
import { mayUse, type NoticeKind } from '@app/shared/notice-channels';
import { noticeKey, reminderAt, type DealNotice, type NoticePolicy, type NoticeSubject, type TextSubject } from './notice-rules';
import { outboxEvent } from '@app/runtime/outbox/events';
import { planNotice, queueNoticeEmail } from '@app/runtime/outbox/customer-notice';

/** The phone a deal's texts go to: its contact's, else the one typed with the request. */
export const dealPhone = { submittedPhone: true, contact: { select: { phone: true, email: true } } } as const;
export const phoneOf = (deal: { submittedPhone: string | null; contact: { phone: string | null } | null }) => deal.contact?.phone ?? deal.submittedPhone;
/** The booking's address: a public form's e-mail is its contact's (contacts are keyed on it). */
export const emailOf = (deal: { contact: { email: string } | null }) => deal.contact?.email ?? null;

export interface NoticeToWrite {
  kind: Exclude<NoticeKind, 'request_received' | 'portal_invite'>;
  dealId: string;
  /** The customer's phone (E.164); null: no text. */
  to: string | null;
  /** The customer's e-mail (the booking's, which is the contact's); null or absent: no e-mail. */
  email?: string | null | undefined;
  subject: NoticeSubject;
  /** When it is due; a text goes out then, or after quiet hours (policy.sendable); an e-mail then. */
  dueAt: Date;
}

const isTextKind = (kind: NoticeKind): kind is CustomerMessageKind => (CUSTOMER_MESSAGE_KINDS as readonly string[]).includes(kind);

/**
 * One customer notice (docs/customer-messages.md#channels), written in the caller's transaction
 * with the change that called for it: its customer_notice row, then a delivery for each channel
 * it may use, a text (its sms_message row and sms.send event, due past quiet hours, unless its
 * kind is in CUSTOMER_TEXTS_OFF) and an e-mail (its email_message row and email.send event). The
 * rows name the recipient, the kind and the deal, the notice its subject; the worker writes the
 * words when each goes out, and applies the customer's choices then. False when the notice's
 * dedupe key was taken (a re-read, a retried pull, another worker) or nothing could be delivered.
 */
export async function writeNoticeText(tx: Prisma.TransactionClient, policy: NoticePolicy, notice: NoticeToWrite): Promise<boolean> {
  // The e-mail-only kinds (a quote, a cancellation) have no text.
  const textKind = isTextKind(notice.kind) && mayUse(notice.kind, 'sms') && !policy.off.has(notice.kind) ? notice.kind : null;
  const texts = notice.to !== null && textKind !== null;
  const email = notice.email && mayUse(notice.kind, 'email') ? notice.email : null;
  if (!texts && !email) return false;
  const dedupeKey = noticeKey(notice.kind, notice.dealId, notice.subject);
  const noticeId = await planNotice(tx, { kind: notice.kind, dealId: notice.dealId, subject: notice.subject, dedupeKey });
  if (noticeId === null) return false;
  let written = false;
  if (texts) {
    const id = randomUUID();
    const sms = await tx.smsMessage.createMany({
      data: [{ id, purpose: textKind!, to: notice.to!, dealId: notice.dealId, dedupeKey, noticeId }],
      skipDuplicates: true,
    });
    if (sms.count > 0) {
      // A text kind's subject is a text's (the sms.send payload's schema refuses any other).
      const subject = notice.subject as TextSubject;
      await tx.outboxEvent.create({
        data: outboxEvent('sms.send', { messageId: id, subject }, { aggregateId: id, availableAt: policy.sendable(notice.dueAt) }),
      });
      written = true;
    }
  }
  if (email) {
    await queueNoticeEmail(tx, noticeId, { kind: notice.kind, to: email, dealId: notice.dealId, dueAt: notice.dueAt });
    written = true;
  }
  return written;
}

/**
 * A confirmation or a move, and the reminder of that date, waiting in the outbox until it is
 * due. A later move leaves the reminder to find, when due, that the date is no longer the
 * deal's (it is then dropped). True when the confirmation or move was written.
 */
export async function writeDealNotice(
  tx: Prisma.TransactionClient,
  policy: NoticePolicy,
  deal: { id: string; to: string | null; email?: string | null | undefined },
  notice: DealNotice,
  now: Date,
): Promise<boolean> {
  const subject = { scheduledAt: notice.scheduledAt.toISOString() };
  const recipients = { to: deal.to, email: deal.email };
  const written = await writeNoticeText(tx, policy, { kind: notice.kind, dealId: deal.id, ...recipients, subject, dueAt: now });
  await writeReminder(tx, policy, deal, notice.scheduledAt, now);
  return written;
}

/** The reminder of a cleaning at `scheduledAt`, waiting in the outbox until it is due; none when its moment has passed. True when written. */
export async function writeReminder(
  tx: Prisma.TransactionClient,
  policy: NoticePolicy,
  deal: { id: string; to: string | null; email?: string | null | undefined },
  scheduledAt: Date,
  now: Date,
): Promise<boolean> {
  const remindAt = reminderAt(scheduledAt, now, policy.sendable, policy.reminderLeadMs);
  if (!remindAt) return false;
  return writeNoticeText(tx, policy, { kind: 'reminder', dealId: deal.id, to: deal.to, email: deal.email, subject: { scheduledAt: scheduledAt.toISOString() }, dueAt: remindAt });
}

/**
 * "Your plan is set" (docs/recurring-plans.md): once per plan, on the customer's channels, written
 * in the transaction that settles the plan's command on the cleaning it was made of as applied,
 * so its first visit is in HubSpot with the plan when the customer hears of it. False when the
 * deal has neither phone nor e-mail, or the plan's confirmation was written already.
 */
export async function writePlanConfirmed(tx: Prisma.TransactionClient, policy: NoticePolicy, plan: { dealId: string; planId: string }, now: Date): Promise<boolean> {
  const deal = await tx.deal.findUnique({ where: { id: plan.dealId }, select: dealPhone });
  if (!deal) return false;
  return writeNoticeText(tx, policy, { kind: 'plan_confirmed', dealId: plan.dealId, to: phoneOf(deal), email: emailOf(deal), subject: { planId: plan.planId }, dueAt: now });
}
