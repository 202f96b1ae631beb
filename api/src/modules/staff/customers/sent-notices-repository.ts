import type { Db } from '@app/db/client';
import type { EmailDelivery, EmailStatus, NoticeKind, SmsStatus } from '@app/db/generated/client';

export interface TextDeliveryRow {
  id: string;
  to: string;
  status: SmsStatus;
  errorCode: number | null;
  errorMessage: string | null;
  statusUpdatedAt: Date;
  /** A queued text's due time (its sms.send event's), when later than now. */
  dueAt: Date | null;
}

export interface EmailDeliveryRow {
  id: string;
  to: string;
  status: EmailStatus;
  errorCode: number | null;
  errorMessage: string | null;
  statusUpdatedAt: Date;
  dueAt: Date | null;
  /** What the provider reported after taking it (its webhook): delivered, a hard bounce, a complaint. */
  delivery: EmailDelivery | null;
  deliveryDetail: string | null;
  deliveryReportedAt: Date | null;
}

export interface SentNoticeRow {
  id: string;
  kind: NoticeKind;
  createdAt: Date;
  deal: { id: string; reference: string } | null;
  texts: TextDeliveryRow[];
  emails: EmailDeliveryRow[];
}

const delivery = { id: true, to: true, status: true, errorCode: true, errorMessage: true, statusUpdatedAt: true } as const;

/** The contact's e-mail and phone, the keys its notices' deliveries go to; null when there is no such contact. */
export async function findNoticeRecipient(db: Db, contactId: string): Promise<{ email: string; phone: string | null } | null> {
  return db.contact.findUnique({ where: { id: contactId }, select: { email: true, phone: true } });
}

/**
 * A customer's notices, newest first, at most `limit` before the cursor: those about its deals,
 * and any delivered to its address or phone (a deal since deleted, or moved to another contact),
 * each with its text and e-mail. A queued delivery carries when its event is due, so staff see
 * when a reminder goes.
 */
export async function findSentNotices(
  db: Db,
  recipient: { contactId: string; email: string; phone: string | null },
  page: { before?: { at: Date; id: string } | undefined; limit: number },
  now: Date,
): Promise<SentNoticeRow[]> {
  const { before } = page;
  const notices = await db.customerNotice.findMany({
    where: {
      AND: [
        {
          OR: [
            { deal: { contactId: recipient.contactId } },
            { emails: { some: { to: recipient.email } } },
            ...(recipient.phone ? [{ texts: { some: { to: recipient.phone } } }] : []),
          ],
        },
        ...(before ? [{ OR: [{ createdAt: { lt: before.at } }, { createdAt: before.at, id: { lt: before.id } }] }] : []),
      ],
    },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: page.limit,
    select: {
      id: true,
      kind: true,
      createdAt: true,
      deal: { select: { id: true, reference: true } },
      texts: { select: delivery, orderBy: { createdAt: 'asc' } },
      emails: { select: { ...delivery, delivery: true, deliveryDetail: true, deliveryReportedAt: true }, orderBy: { createdAt: 'asc' } },
    },
  });
  const queued = notices.flatMap((n) => [...n.texts, ...n.emails]).filter((d) => d.status === 'queued');
  const due = queued.length === 0 ? new Map<string, Date>() : await dueTimes(db, queued.map((d) => d.id), now);
  const withDue = <T extends { id: string }>(d: T) => ({ ...d, dueAt: due.get(d.id) ?? null });
  return notices.map((n) => ({ ...n, texts: n.texts.map(withDue), emails: n.emails.map(withDue) }));
}

/** When each queued delivery's send event is due, for those due after `now` (waiting for quiet hours, or a reminder's day). */
async function dueTimes(db: Db, ids: string[], now: Date): Promise<Map<string, Date>> {
  const events = await db.outboxEvent.findMany({
    where: {
      OR: [
        { type: 'sms.send', aggregateType: 'sms_message', aggregateId: { in: ids } },
        { type: 'email.send', aggregateType: 'email_message', aggregateId: { in: ids } },
      ],
      availableAt: { gt: now },
    },
    select: { aggregateId: true, availableAt: true },
  });
  return new Map(events.map((e) => [e.aggregateId, e.availableAt]));
}
