import { randomUUID } from 'node:crypto';
import type { DbTransaction } from '@app/db/client';
import { outboxEvent } from '@app/runtime/outbox/events';

export interface AskedRating {
  id: string;
  dealId: string;
  contactId: string | null;
  /** Null once answered: a cleaning is rated once. */
  rating: number | null;
}

/**
 * The newest rating request that went to the phone since `since`, by text or by e-mail (which
 * asks the customer to text the rating), the first of the two counting, locked until the
 * transaction ends, so two texts arriving together (different MessageSids) cannot both rate it.
 */
export async function findAskedRating(tx: DbTransaction, phone: string, since: Date): Promise<AskedRating | null> {
  const [row] = await tx.$queryRaw<AskedRating[]>`
    SELECT id, deal_id AS "dealId", contact_id AS "contactId", rating
    FROM cleaning_rating
    WHERE phone = ${phone} AND LEAST(requested_at, emailed_at) > ${since}
    ORDER BY LEAST(requested_at, emailed_at) DESC
    LIMIT 1
    FOR UPDATE`;
  return row ?? null;
}

/**
 * Keeps the rating on its cleaning with the text that gave it, marks that text as needing no
 * reply (the automatic answer is the reply), and writes that answer (a rating_reply row and its
 * sms.send event: the worker writes the words from the rating). False when the cleaning was rated meanwhile.
 */
export async function saveRating(
  tx: DbTransaction,
  rating: { id: string; dealId: string; phone: string; value: number; inboundTextId: string },
  at: Date,
): Promise<boolean> {
  const rated = await tx.$executeRaw`
    UPDATE cleaning_rating SET rating = ${rating.value}, rated_at = ${at}, inbound_text_id = ${rating.inboundTextId}
    WHERE id = ${rating.id} AND rating IS NULL`;
  if (rated === 0) return false;
  await tx.inboundText.update({ where: { id: rating.inboundTextId }, data: { handledAt: at, handledBy: RATING_HANDLED_BY } });
  const messageId = randomUUID();
  await tx.smsMessage.create({
    data: { id: messageId, purpose: 'rating_reply', to: rating.phone, dealId: rating.dealId, dedupeKey: `rating_reply:${rating.dealId}`, createdAt: at, statusUpdatedAt: at },
  });
  await tx.outboxEvent.create({ data: outboxEvent('sms.send', { messageId }, { aggregateId: messageId }) });
  return true;
}

/** Who "handled" a rating in the thread: the automatic answer, not a staff member. */
export const RATING_HANDLED_BY = 'automatic rating answer';

/**
 * The staff ticket of an unhappy customer (category Unhappy Customer) on the rated cleaning,
 * written with its outbox event: the worker creates it in HubSpot on the deal (and contact), as
 * it creates change requests.
 */
export async function insertUnhappyTicket(tx: DbTransaction, t: { dealId: string; contactId: string | null; reason: string }): Promise<string> {
  const ticket = await tx.ticket.create({ data: { dealId: t.dealId, contactId: t.contactId, category: 'UnhappyCustomer', reason: t.reason }, select: { id: true } });
  await tx.outboxEvent.create({ data: outboxEvent('crm.push-change-request', { ticketId: ticket.id }, { aggregateId: ticket.id }) });
  return ticket.id;
}
