import type { Db, Prisma } from '@app/db/client';
import type { OutboxRow } from '@app/runtime/outbox/outbox-row';
import { outboxEvent } from '@app/runtime/outbox/events';
import { activeTicket, boardDealSelect, commandViewSelect, live } from '../common/board-repository';

const dealDetailsSelect = {
  ...boardDealSelect,
  ownerId: true,
  invoiceNumber: true,
  invoiceUrl: true,
  invoicePdfUrl: true,
  amountCents: true,
  frequency: true,
  visitType: true,
  hubspotUpdatedAt: true,
  discountPercent: true,
  skus: true,
  squareFootage: true,
  // The recurring plan it is a visit of (docs/recurring-plans.md).
  plan: { select: { id: true, frequency: true, weekday: true, startTime: true, nth: true } },
  // The invoice the product made, the newest (docs/payments.md).
  madeInvoices: { orderBy: { createdAt: 'desc' }, take: 1, select: { source: true, status: true, error: true, createdAt: true, madeAt: true } },
  // What the customer asked for and agreed to (shared/src/deal-request.ts).
  bookingRequest: {
    select: {
      description: true,
      rooms: true,
      source: true,
      createdAt: true,
      payload: true,
      quoteType: true,
      contactMethod: true,
      smsConsent: { select: { version: true, words: true, textsAgreed: true, agreedAt: true } },
    },
  },
  // The cleaner's photos of it (they are in HubSpot, on the deal's notes).
  _count: { select: { photos: true } },
  // The latest staff commands: the one on its way, and what became of the last ones.
  commands: {
    orderBy: { createdAt: 'desc' },
    take: 5,
    select: commandViewSelect,
  },
  // The open change or cancel request or re-clean claim, answered from the panel (an unhappy customer's ticket is not a request to answer).
  tickets: { where: { ...activeTicket, category: { not: 'UnhappyCustomer' } }, orderBy: { createdAt: 'desc' }, take: 1, select: { id: true, category: true, reason: true, changeType: true, requestedDate: true } },
} as const satisfies Prisma.DealSelect;
export type DealDetailsRow = Prisma.DealGetPayload<{ select: typeof dealDetailsSelect }>;

/** One cleaning still in the mirror (not deleted in HubSpot), or null. */
export function findDealDetails(db: Db, id: string): Promise<DealDetailsRow | null> {
  return db.deal.findFirst({ where: { id, ...live }, select: dealDetailsSelect });
}

export type AssignOutcome = { kind: 'assigned'; event: OutboxRow } | { kind: 'deal_not_found' } | { kind: 'owner_not_found' } | { kind: 'owner_inactive' };

/**
 * Sets the deal's owner in the mirror and stores the push to HubSpot (crm.assign-owner), in one
 * transaction. An inactive owner (archived in HubSpot) is refused before anything is written.
 */
export async function assignDealOwner(db: Db, dealId: string, ownerId: string | null): Promise<AssignOutcome> {
  return db.$transaction(async (tx) => {
    const owner = ownerId ? await tx.owner.findUnique({ where: { id: ownerId }, select: { active: true } }) : null;
    if (ownerId && !owner) return { kind: 'owner_not_found' as const };
    if (owner && !owner.active) return { kind: 'owner_inactive' as const };
    // A deal deleted in HubSpot (archived by the CRM sweep) has nothing left to assign.
    const { count } = await tx.deal.updateMany({ where: { id: dealId, archivedAt: null }, data: { ownerId } });
    if (count === 0) return { kind: 'deal_not_found' as const };
    const event = await tx.outboxEvent.create({
      data: outboxEvent('crm.assign-owner', { dealId, ownerId }, { aggregateId: dealId }),
      select: { id: true, type: true, payload: true },
    });
    return { kind: 'assigned' as const, event };
  });
}

export type PortalConfirmOutcome = { kind: 'confirmed' } | { kind: 'already' } | { kind: 'deal_not_found' };

/**
 * Staff confirm that a public-form deal held back from its contact's portal (its phone differs
 * from the login phone, docs/identity.md) is the contact's: the portal shows it from now on,
 * and the HubSpot deal's portal note says who confirmed it (crm.note-portal-confirmed).
 */
export async function confirmDealForPortal(db: Db, dealId: string, staffEmail: string, at: Date): Promise<PortalConfirmOutcome> {
  return db.$transaction(async (tx) => {
    const deal = await tx.deal.findFirst({ where: { id: dealId, archivedAt: null, contactId: { not: null } }, select: { source: true, portalConfirmedAt: true } });
    if (!deal) return { kind: 'deal_not_found' as const };
    if (deal.source !== 'public_form' || deal.portalConfirmedAt) return { kind: 'already' as const };
    await tx.deal.update({ where: { id: dealId }, data: { portalConfirmedAt: at, portalConfirmedBy: staffEmail } });
    await tx.outboxEvent.create({
      data: outboxEvent('crm.note-portal-confirmed', { dealId }, { aggregateId: dealId }),
      select: { id: true },
    });
    return { kind: 'confirmed' as const };
  });
}
