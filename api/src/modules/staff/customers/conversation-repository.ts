import type { Db } from '@app/db/client';
import { budgetLeft } from '@app/db/sms-budget';
import { lastTextFrom } from '@app/db/conversations';
import { findOptOut } from '@app/db/sms-opt-out';
import type { SmsPurpose, SmsStatus } from '@app/db/generated/client';
import { outboxEvent } from '@app/runtime/outbox/events';
import type { SmsBudget } from '../../portal-auth/service';

export interface InboundRow {
  id: string;
  receivedAt: Date;
  body: string;
  keyword: string | null;
  handledBy: string | null;
  hubspotCommunicationId: string | null;
}

export interface OutboundRow {
  id: string;
  purpose: SmsPurpose;
  status: SmsStatus;
  body: string | null;
  errorCode: number | null;
  errorMessage: string | null;
  staffEmail: string | null;
  createdAt: Date;
  /** When a queued text's sms.send event is due (quiet hours); null once it is sent, or for none. */
  sendsAt: Date | null;
  hubspotCommunicationId: string | null;
}

const outboundSelect = {
  id: true,
  purpose: true,
  status: true,
  body: true,
  errorCode: true,
  errorMessage: true,
  staffEmail: true,
  createdAt: true,
  hubspotCommunicationId: true,
} as const;

/** When each queued text's event is due, for those that wait (quiet hours). */
async function dueTimes(db: Db, ids: readonly string[], now: Date): Promise<Map<string, Date>> {
  if (ids.length === 0) return new Map();
  const events = await db.outboxEvent.findMany({
    where: { type: 'sms.send', aggregateType: 'sms_message', aggregateId: { in: [...ids] }, availableAt: { gt: now } },
    select: { aggregateId: true, availableAt: true },
  });
  return new Map(events.map((e) => [e.aggregateId, e.availableAt]));
}

/** A phone's latest texts in and out (`limit` of each at most), and how many there are in all. */
export async function findThread(db: Db, phone: string, limit: number, now: Date): Promise<{ inbound: InboundRow[]; outbound: OutboundRow[]; total: number }> {
  const [inbound, outbound, inCount, outCount] = await Promise.all([
    db.inboundText.findMany({
      where: { fromPhone: phone },
      orderBy: [{ receivedAt: 'desc' }, { id: 'desc' }],
      take: limit,
      select: { id: true, receivedAt: true, body: true, keyword: true, handledBy: true, hubspotCommunicationId: true },
    }),
    db.smsMessage.findMany({ where: { to: phone }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take: limit, select: outboundSelect }),
    db.inboundText.count({ where: { fromPhone: phone } }),
    db.smsMessage.count({ where: { to: phone } }),
  ]);
  const due = await dueTimes(db, outbound.filter((m) => m.status === 'queued').map((m) => m.id), now);
  return { inbound, outbound: outbound.map((m) => ({ ...m, sendsAt: due.get(m.id) ?? null })), total: inCount + outCount };
}

export type ReplyOutcome = { kind: 'written'; message: OutboundRow } | { kind: 'opted_out' } | { kind: 'budget' };

/**
 * Writes a staff reply's row (its words and who wrote them) and its sms.send event in one
 * transaction, due when `sendableAt` says (quiet hours, unless the customer is in the
 * conversation). Refused for a phone that opted out, and when the text budget is spent.
 */
export async function writeStaffReply(
  db: Db,
  reply: { phone: string; body: string; staffEmail: string; at: Date; budget: SmsBudget; sendableAt: (at: Date, lastTextFrom: Date | null) => Date },
): Promise<ReplyOutcome> {
  return db.$transaction(async (tx) => {
    if (await findOptOut(tx, reply.phone)) return { kind: 'opted_out' as const };
    if (!(await budgetLeft(tx, reply.budget, reply.at))) return { kind: 'budget' as const };
    const due = reply.sendableAt(reply.at, await lastTextFrom(tx, reply.phone));
    const message = await tx.smsMessage.create({
      data: { purpose: 'staff_reply', to: reply.phone, body: reply.body, staffEmail: reply.staffEmail, createdAt: reply.at, statusUpdatedAt: reply.at },
      select: outboundSelect,
    });
    await tx.outboxEvent.create({
      data: outboxEvent('sms.send', { messageId: message.id }, { aggregateId: message.id, ...(due.getTime() > reply.at.getTime() && { availableAt: due }) }),
    });
    return { kind: 'written' as const, message: { ...message, sendsAt: due.getTime() > reply.at.getTime() ? due : null } };
  });
}
