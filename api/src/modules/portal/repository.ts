import { sqlPool, type Db, type DbTransaction } from '@app/db/client';
import { portalVisibleDeals, PORTAL_VISIBLE_DEAL_SQL } from '@app/db/identity';
import { outboxEvent } from '@app/runtime/outbox/events';
import type { BookingDealField } from '@app/db/booking-fields';
import type { TicketCategoryKey } from '@app/shared/tickets';

/**
 * Everything below is scoped by contact id: a customer only ever reads or changes their own rows.
 * Deals and tickets deleted in HubSpot (archived by the CRM sweep) are not the customer's any
 * more as far as the portal is concerned: they read like rows that do not exist. Nor is a
 * public-form deal submitted with another phone than the contact's login phone, until staff
 * confirm it (docs/identity.md, @app/db/identity).
 */

/** The deals the contact's portal may show (the identity rule needs the contact's login phone). */
async function visibleDeals(db: Db, contactId: string) {
  const contact = await db.contact.findUnique({ where: { id: contactId }, select: { phone: true } });
  return portalVisibleDeals(contactId, contact?.phone ?? null);
}

export interface PortalContact {
  id: string;
  accountNumber: string;
  email: string;
  phone: string | null;
  firstName: string | null;
  lastName: string | null;
  street: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  squareFootage: number | null;
}

export async function findContact(db: Db, contactId: string): Promise<PortalContact | null> {
  return db.contact.findUnique({
    where: { id: contactId },
    select: { id: true, accountNumber: true, email: true, phone: true, firstName: true, lastName: true, street: true, city: true, state: true, zip: true, squareFootage: true },
  });
}

export interface PortalTicketRow {
  id: string;
  category: TicketCategoryKey;
  pipelineStage: string | null;
  declineReason: string | null;
  approvalNote: string | null;
}

export interface PortalDealRow {
  id: string;
  reference: string;
  name: string | null;
  street: string | null;
  city: string | null;
  owner: { firstName: string | null } | null;
  stageId: string;
  scheduledAt: Date | null;
  /** With the date and the service, when the guarantee window of a done cleaning ends (shared/reclean-claim.ts). */
  durationMinutes: number | null;
  serviceType: string | null;
  skus: string[];
  invoiceStatus: 'draft' | 'open' | 'paid' | 'voided' | null;
  invoiceAmountCents: number | null;
  invoiceNumber: string | null;
  invoicePdfUrl: string | null;
  invoiceUrl: string | null;
  tickets: PortalTicketRow[];
  /** The texts that went out about the deal (JSON: `at` is an ISO string), oldest first. */
  messages: { kind: string; status: string; at: string }[];
  /** The recurring plan this cleaning is a visit of (docs/recurring-plans.md): its rule; null for any other cleaning. */
  plan: { frequency: string; weekday: number; startTime: string; nth: number | null } | null;
  /** A change of it (the office's, or the customer's skip) is on its way to HubSpot. */
  commandPending?: boolean;
}

/**
 * Each stored booking field (prisma/booking-fields.ts): the PortalDealRow field that shows it in
 * the portal, or why the portal leaves it out. A booking field added to the declaration fails to
 * compile here until someone decides whether its customer sees it.
 */
const PORTAL_BOOKING_FIELDS = {
  name: 'name',
  reference: 'reference',
  stageId: 'stageId',
  skus: 'skus',
  street: 'street',
  city: 'city',
  state: 'left out: a card shows street and city only',
  zip: 'left out: a card shows street and city only',
  preferredDate: 'left out: a deal shows its scheduled date (docs/product.md §3)',
  timeOfDay: 'left out: a deal shows its scheduled date (docs/product.md §3)',
  squareFootage: 'left out: the contact profile shows it (docs/product.md §3)',
  serviceType: 'left out: a deal shows the product ids booked (docs/product.md §3), the row reads it for the guarantee window only',
  frequency: 'left out: not part of a deal in docs/product.md §3',
  visitType: 'left out: not part of a deal in docs/product.md §3',
  amountCents: 'left out: a deal shows the invoice\'s amount (docs/product.md §3)',
  discountPercent: 'left out: a deal shows the invoice\'s amount (docs/product.md §3)',
} as const satisfies Record<BookingDealField, keyof PortalDealRow | `left out: ${string}`>;
void PORTAL_BOOKING_FIELDS;

const dealSelect = {
  id: true,
  reference: true,
  name: true,
  street: true,
  city: true,
  owner: { select: { firstName: true } },
  stageId: true,
  scheduledAt: true,
  durationMinutes: true,
  serviceType: true,
  skus: true,
  invoiceStatus: true,
  invoiceAmountCents: true,
  invoiceNumber: true,
  invoicePdfUrl: true,
  invoiceUrl: true,
  plan: { select: { frequency: true, weekday: true, startTime: true, nth: true } },
  // An unhappy customer's ticket is the office's own (a call to make), not a request of the customer's.
  tickets: {
    where: { archivedAt: null, category: { not: 'UnhappyCustomer' } },
    select: { id: true, category: true, pipelineStage: true, declineReason: true, approvalNote: true },
    orderBy: { createdAt: 'desc' as const },
  },
} as const;

/**
 * The contact's deals the portal shows, each with its cleaner's first name and tickets (change
 * and cancel requests, re-clean claims; newest first; never the office's unhappy-customer tickets). One prepared statement: the portal polls
 * this every 15 s for every open tab, and through Prisma it took four queries (bench:portal,
 * docs/benchmarks.md). Ticket categories come back under their Prisma enum names, as
 * PortalTicketRow has them (the database stores HubSpot's labels).
 */
const PORTAL_DEALS = `
SELECT d.id, d.reference, d.name, d.stage_id AS "stageId", d.scheduled_at AS "scheduledAt", d.duration_minutes AS "durationMinutes",
  d.service_type AS "serviceType", d.skus, d.street, d.city,
  d.invoice_status AS "invoiceStatus", d.invoice_amount_cents AS "invoiceAmountCents", d.invoice_number AS "invoiceNumber",
  d.invoice_pdf_url AS "invoicePdfUrl", d.invoice_url AS "invoiceUrl",
  (SELECT json_build_object('firstName', o.first_name) FROM owner o WHERE o.id = d.owner_id) AS owner,
  COALESCE((
    SELECT json_agg(json_build_object('id', t.id,
      'category', CASE t.category WHEN 'Reschedule Request' THEN 'RescheduleRequest' WHEN 'Re-clean Claim' THEN 'RecleanClaim' ELSE 'CancellationRequest' END,
      'pipelineStage', t.pipeline_stage, 'declineReason', t.decline_reason, 'approvalNote', t.approval_note) ORDER BY t.created_at DESC)
    FROM ticket t WHERE t.deal_id = d.id AND t.archived_at IS NULL AND t.category <> 'Unhappy Customer'), '[]') AS tickets,
  COALESCE((
    SELECT json_agg(json_build_object('kind', s.purpose, 'status', s.status, 'at', COALESCE(s.sent_at, s.created_at)) ORDER BY s.created_at)
    FROM sms_message s WHERE s.deal_id = d.id AND s.status NOT IN ('queued', 'canceled')), '[]') AS messages,
  (SELECT json_build_object('frequency', p.frequency, 'weekday', p.weekday, 'startTime', p.start_time, 'nth', p.nth)
    FROM recurring_plan p WHERE p.id = d.plan_id) AS plan,
  EXISTS (SELECT 1 FROM deal_command m WHERE m.deal_id = d.id AND m.status = 'pending') AS "commandPending"
FROM deal d JOIN contact c ON c.id = d.contact_id
WHERE d.contact_id = $1 AND d.archived_at IS NULL AND ${PORTAL_VISIBLE_DEAL_SQL.sql}`;

export async function listDeals(db: Db, contactId: string): Promise<PortalDealRow[]> {
  const { rows } = await sqlPool(db).query<PortalDealRow>({ name: 'portal-deals', text: PORTAL_DEALS, values: [contactId] });
  return rows;
}

/** Tickets of those of `dealIds` that belong to the contact, and which of the ids do. */
export async function ticketsOfOwnedDeals(db: Db, contactId: string, dealIds: readonly string[]): Promise<Map<string, PortalTicketRow[]>> {
  const deals = await db.deal.findMany({
    where: { ...(await visibleDeals(db, contactId)), id: { in: [...dealIds] } },
    select: { id: true, tickets: dealSelect.tickets },
  });
  return new Map(deals.map((d) => [d.id, d.tickets]));
}

/** The contact's deal (its stage), or null when the portal does not show it to them. */
export async function findOwnedDeal(db: Db, contactId: string, dealId: string): Promise<{ id: string; stageId: string } | null> {
  return db.deal.findFirst({ where: { ...(await visibleDeals(db, contactId)), id: dealId }, select: { id: true, stageId: true } });
}

/**
 * Runs `work` with the contact's deal locked (FOR UPDATE) and its tickets read inside the lock,
 * so two change requests (or re-clean claims) sent at once see each other. `deal` is null when
 * the contact has no such deal.
 */
export async function withOwnedDeal<T>(
  db: Db,
  contactId: string,
  dealId: string,
  work: (tx: DbTransaction, deal: Omit<PortalDealRow, 'messages'> | null) => Promise<T>,
): Promise<T> {
  return db.$transaction(async (tx) => {
    const locked = await tx.$queryRaw<{ id: string }[]>`
      SELECT d.id FROM deal d JOIN contact c ON c.id = d.contact_id
      WHERE d.id = ${dealId} AND d.contact_id = ${contactId} AND d.archived_at IS NULL AND ${PORTAL_VISIBLE_DEAL_SQL}
      FOR UPDATE OF d`;
    const deal = locked.length > 0 ? await tx.deal.findUnique({ where: { id: dealId }, select: dealSelect }) : null;
    return work(tx, deal);
  });
}

/**
 * A customer's ticket (a change or cancel request, or a re-clean claim) and the outbox event that
 * creates it in HubSpot, in the caller's transaction. One job creates every category's ticket.
 */
export async function insertChangeRequest(
  tx: DbTransaction,
  t: { dealId: string; contactId: string; category: TicketCategoryKey; reason: string; changeType: string | null; requestedDate: string | null },
): Promise<{ ticketId: string }> {
  const ticket = await tx.ticket.create({
    data: {
      dealId: t.dealId,
      contactId: t.contactId,
      category: t.category,
      reason: t.reason,
      changeType: t.changeType,
      requestedDate: t.requestedDate ? new Date(`${t.requestedDate}T00:00:00Z`) : null,
    },
    select: { id: true },
  });
  await tx.outboxEvent.create({
    data: outboxEvent('crm.push-change-request', { ticketId: ticket.id }, { aggregateId: ticket.id }),
    select: { id: true },
  });
  return { ticketId: ticket.id };
}

export interface NewPortalBooking {
  contactId: string;
  dealName: string;
  stageId: string;
  preferredDate: string;
  timeOfDay: string;
  address: { street: string | null; city: string | null; state: string | null; zip: string | null };
  squareFootage: number;
  serviceType: string;
  skus: readonly string[];
  amountCents: number | null;
  rooms: unknown;
  description: string | null;
  payload: unknown;
}

/** The portal request, its deal and the outbox event that pushes it to HubSpot, in one transaction. */
export async function insertPortalBooking(db: Db, b: NewPortalBooking): Promise<{ dealId: string }> {
  return db.$transaction(async (tx) => {
    const deal = await tx.deal.create({
      data: {
        contactId: b.contactId,
        name: b.dealName,
        stageId: b.stageId,
        preferredDate: new Date(`${b.preferredDate}T00:00:00Z`),
        timeOfDay: b.timeOfDay,
        ...b.address,
        squareFootage: b.squareFootage,
        serviceType: b.serviceType,
        skus: [...b.skus],
        amountCents: b.amountCents,
        source: 'portal',
      },
      select: { id: true },
    });
    await tx.bookingRequest.create({
      data: {
        contactId: b.contactId,
        dealId: deal.id,
        source: 'portal',
        payload: b.payload as object,
        rooms: b.rooms as object,
        description: b.description,
      },
    });
    await tx.outboxEvent.create({
      data: outboxEvent('crm.push-booking', { dealId: deal.id }, { aggregateId: deal.id }),
      select: { id: true },
    });
    return { dealId: deal.id };
  });
}
