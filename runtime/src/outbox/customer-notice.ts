import { randomUUID } from 'node:crypto';
import type { Prisma } from '@app/db/generated/client';
import type { NoticeKind } from '@app/shared/notice-channels';
import { outboxEvent } from './events';

/**
 * The rows of a customer notice (docs/customer-messages.md#channels), shared by the api and the
 * worker so both plan a notice the same way: the customer_notice row, once per dedupe key, and
 * its e-mail (the email_message row with its email.send event). Both are written in the caller's
 * transaction, with the change that called for the notice.
 */
export interface PlannedNotice {
  kind: NoticeKind;
  /** The cleaning it is about; null for a notice about the customer (a portal invite). */
  dealId: string | null;
  /** What it is about beyond its deal, checked again as each delivery goes out. */
  subject: Prisma.InputJsonObject;
  /** One notice per occasion: a re-read, a retry or a second writer finds it taken. */
  dedupeKey: string;
}

/** Writes the notice's row: its id, or null when its dedupe key was taken (nothing more is to be written then). */
export async function planNotice(tx: Prisma.TransactionClient, notice: PlannedNotice): Promise<string | null> {
  const id = randomUUID();
  const { count } = await tx.customerNotice.createMany({
    data: [{ id, kind: notice.kind, dealId: notice.dealId, subject: notice.subject, dedupeKey: notice.dedupeKey }],
    skipDuplicates: true,
  });
  return count > 0 ? id : null;
}

/**
 * Queues the notice's e-mail to `to` (the booking's or the contact's address), due at `dueAt`:
 * the row names the notice, the kind and the deal; the email.send job writes the words when it
 * goes out. Returns the e-mail's id.
 */
export async function queueNoticeEmail(
  tx: Prisma.TransactionClient,
  noticeId: string,
  email: { kind: NoticeKind; to: string; dealId: string | null; dueAt?: Date | undefined },
): Promise<string> {
  const id = randomUUID();
  await tx.emailMessage.create({ data: { id, noticeId, purpose: email.kind, to: email.to, dealId: email.dealId } });
  await tx.outboxEvent.create({ data: outboxEvent('email.send', { emailId: id }, { aggregateId: id, ...(email.dueAt && { availableAt: email.dueAt }) }) });
  return id;
}
