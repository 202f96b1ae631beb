import { COMPANY } from '@app/runtime/company';
import { findProduct } from '@app/shared/catalogue';
import { joinName } from '@app/shared/customer-context';
import { STAGE } from '@app/shared/deal-stages';
import { formatEastern } from '@app/shared/eastern-time';
import type { ContactProfile, CustomerDetails, CustomerSessionUser, Deal, Ticket } from '@app/shared/entities';
import { deriveInvoice } from '@app/shared/invoice';
import { type ManageBooking, NOT_A_PLAN_VISIT, planRequestText, ticketCategoryForAction } from '@app/shared/manage-booking';
import { dealStatus, splitDeals } from '@app/shared/portal-split';
import type { PortalRequest } from '@app/shared/portal-request';
import { servicesForSqft } from '@app/shared/services';
import { CLEANING_PASSED_REFUSED, RECLEAN_CLAIM_SUBMITTED, REQUEST_SUBMITTED, SERVICE_NOT_OFFERED } from '@app/shared/texts';
import { recleanClaimDeadline, recleanClaimRefusal, type RecleanClaim } from '@app/shared/reclean-claim';
import { TICKET_CATEGORY_LABELS, manageButtonsState, pickClaim, pickRequests } from '@app/shared/tickets';
import { describeStoredPlanRule, NOT_SKIPPABLE, PLAN_VISIT_SKIPPED, SKIP_PENDING, VISIT_TO_COME_STAGES } from '@app/shared/recurring-plan';
import { AppError, errors } from '../../errors';
import { recordDealCommandIn } from '../staff/common/command-repository';
import type { ModuleDeps } from '../registry';
import {
  findContact,
  insertChangeRequest,
  insertPortalBooking,
  listDeals,
  ticketsOfOwnedDeals,
  withOwnedDeal,
  type PortalContact,
  type PortalDealRow,
  type PortalTicketRow,
} from './repository';

type Deps = Pick<ModuleDeps, 'db' | 'outbox' | 'now'>;

const CATEGORY_OF_LABEL = { 'Reschedule Request': 'RescheduleRequest', 'Cancellation Request': 'CancellationRequest' } as const;

const BOOKING_NOT_FOUND = 'We could not find that booking.';
const ACCOUNT_NOT_FOUND = 'We could not find that account.';

async function contactOrThrow(deps: Pick<Deps, 'db'>, contactId: string): Promise<PortalContact> {
  // The session outlived its contact (deleted in the CRM mirror): treat as signed out.
  const contact = await findContact(deps.db, contactId);
  if (!contact) throw errors.unauthorized();
  return contact;
}

function details(c: PortalContact): CustomerDetails {
  return { id: c.id, accountNumber: c.accountNumber, properties: { firstname: c.firstName, lastname: c.lastName, email: c.email, phone: c.phone } };
}

/** One-line address: street, city, 'state zip' (the joined form of docs/product.md §3). */
function addressLine(c: PortalContact): string | null {
  const line = [c.street, c.city, [c.state, c.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return line || null;
}

/** GET /api/portal/me: the §3 customer session user. Customers are never staff. */
export async function sessionUser(deps: Pick<Deps, 'db'>, contactId: string): Promise<CustomerSessionUser> {
  const c = await contactOrThrow(deps, contactId);
  return { email: c.email, phone: c.phone ?? '', isStaff: false, customer: details(c) };
}

/** GET /api/portal/me for a staff session: the staff flag set, no customer record. */
export function staffSessionUser(email: string): CustomerSessionUser {
  return { email, phone: '', isStaff: true, customer: null };
}

export async function customerDetails(deps: Pick<Deps, 'db'>, contactId: string): Promise<CustomerDetails> {
  return details(await contactOrThrow(deps, contactId));
}

export async function contactProfile(deps: Pick<Deps, 'db'>, contactId: string): Promise<ContactProfile> {
  const c = await contactOrThrow(deps, contactId);
  return { id: c.id, name: joinName(c.firstName, c.lastName), email: c.email, phone: c.phone, address: addressLine(c), squareFootage: c.squareFootage };
}

function toTicket(t: PortalTicketRow): Ticket {
  return {
    id: t.id,
    properties: { hs_ticket_category: TICKET_CATEGORY_LABELS[t.category], hs_pipeline_stage: t.pipelineStage },
    ...(t.declineReason ? { decline_reason: t.declineReason } : {}),
    ...(t.approvalNote ? { approval_note: t.approvalNote } : {}),
  };
}

const dollars = (cents: number | null) => (cents === null ? null : (cents / 100).toFixed(2));

/** The §3 deal as the portal reads it. Draft invoices are not shown to customers. */
function toDeal(d: PortalDealRow): Deal & { dealname: string | null; planVisit: { rule: string; pending: boolean } | null } {
  const invoice = d.invoiceStatus && d.invoiceStatus !== 'draft' ? d : null;
  const tickets = d.tickets.map(toTicket);
  const { activeRequest, closedRequest } = pickRequests(tickets);
  return {
    id: d.id,
    dealname: d.name,
    dealstage: d.stageId,
    scheduled_date_display: d.scheduledAt ? formatEastern(d.scheduledAt) : null,
    scheduled_date_raw: d.scheduledAt?.toISOString() ?? null,
    external_skus: d.skus,
    properties: {
      hs_amount_billed: dollars(invoice?.invoiceAmountCents ?? null),
      hs_pdf_download_link: invoice?.invoicePdfUrl ?? null,
      hs_invoice_link: invoice?.invoiceUrl ?? null,
      hs_invoice_status: invoice?.invoiceStatus ?? null,
      hs_number: invoice?.invoiceNumber ?? null,
    },
    invoice_amount: dollars(invoice?.invoiceAmountCents ?? null),
    invoice_pdf: invoice?.invoicePdfUrl ?? null,
    invoice_status: invoice?.invoiceStatus ?? null,
    activeRequest,
    closedRequest,
    reclean: { until: recleanClaimDeadline(d, COMPANY.guaranteeWindowHours)?.toISOString() ?? null, claim: pickClaim(tickets) },
    reference: d.reference,
    // Street and city only: the customer knows the rest, and it is all a card needs.
    service_address: [d.street, d.city].filter(Boolean).join(', ') || null,
    cleaner_first_name: d.owner?.firstName ?? null,
    messages: d.messages.map((m) => ({ kind: m.kind, status: m.status, at: new Date(m.at).toISOString() })),
    planVisit: d.plan
      ? {
          rule: describeStoredPlanRule(d.plan),
          pending: d.commandPending === true,
        }
      : null,
  };
}

/**
 * GET /api/portal/deals: the contact's deals split as §4 says (`past` is the history), each
 * with the derived invoice, its status label and the Change/Cancel state the page shows, all
 * computed here with the same shared rules the page uses.
 */
export async function portalDeals(deps: Pick<Deps, 'db' | 'now'>, contactId: string) {
  const now = deps.now();
  const { upcoming, history } = splitDeals((await listDeals(deps.db, contactId)).map(toDeal));
  const decorate = (section: 'upcoming' | 'history') => ({ planVisit, ...deal }: ReturnType<typeof toDeal>) => {
    const manage = manageButtonsState({
      activeRequest: deal.activeRequest,
      closedRequest: deal.closedRequest,
      scheduled: deal.scheduled_date_raw ? new Date(deal.scheduled_date_raw) : null,
      now,
    });
    return {
      ...deal,
      invoice: deriveInvoice(deal),
      status: dealStatus(deal, section),
      manage,
      // A skip (or the office's change) on its way: not offered again until HubSpot has it.
      ...(planVisit && { plan: { rule: planVisit.rule, skippable: !planVisit.pending && !manage.disabled && VISIT_TO_COME_STAGES.has(deal.dealstage) } }),
    };
  };
  return { upcoming: upcoming.map(decorate('upcoming')), past: history.map(decorate('history')) };
}

/**
 * POST /api/portal/deals/:id/skip: the customer skips one visit of their plan (docs/recurring-plans.md).
 * Under the deal's lock, as a change request is: a visit of a plan still to come, outside the
 * 24-hour lock of §4 and with no request on its way, becomes a command that moves it to Canceled
 * (the office's path to HubSpot: docs/staff-actions.md), recorded as the customer's, and the
 * visit is detached from the plan. Anything else is refused and nothing is written.
 */
export async function skipPlanVisit(deps: Deps, contactId: string, dealId: string): Promise<{ message: string }> {
  const now = deps.now();
  const outcome = await withOwnedDeal(deps.db, contactId, dealId, async (tx, deal) => {
    if (!deal) return { kind: 'missing' as const };
    const { activeRequest, closedRequest } = pickRequests(deal.tickets.map(toTicket));
    const state = manageButtonsState({ activeRequest, closedRequest, scheduled: deal.scheduledAt, now });
    if (!deal.plan || !VISIT_TO_COME_STAGES.has(deal.stageId) || state.passed) return { kind: 'refused' as const, code: 'not_skippable' as const, message: NOT_SKIPPABLE };
    if (state.disabled) return { kind: 'refused' as const, code: activeRequest ? ('request_in_progress' as const) : ('change_locked' as const), message: state.message ?? '' };
    const { hubspotUpdatedAt, contact } = await tx.deal.findUniqueOrThrow({ where: { id: deal.id }, select: { hubspotUpdatedAt: true, contact: { select: { email: true } } } });
    const recorded = await recordDealCommandIn(
      tx,
      deal.id,
      { kind: 'move', seenModifiedAt: hubspotUpdatedAt?.toISOString() ?? null, reason: SKIP_REASON, decide: async () => ({ changes: { stageId: STAGE.CANCELED } }) },
      `${contact?.email ?? 'the customer'} (the customer, in the portal)`,
    );
    return recorded.kind === 'recorded' ? { kind: 'skipped' as const } : { kind: 'refused' as const, code: 'change_pending' as const, message: SKIP_PENDING };
  });
  if (outcome.kind === 'missing') throw errors.notFound(BOOKING_NOT_FOUND);
  if (outcome.kind === 'refused') throw new AppError(409, outcome.code, outcome.message);
  deps.outbox.notify();
  return { message: PLAN_VISIT_SKIPPED };
}

/** The note HubSpot's deal gets with a skip (the command's reason). */
const SKIP_REASON = 'Skipped by the customer in the portal: one visit of their recurring plan.';

/** GET fetchTickets: every requested id must be one of the customer's deals, else 404 (no hint which). */
export async function ticketsByDeal(deps: Pick<Deps, 'db'>, contactId: string, dealIds: readonly string[]) {
  const owned = await ticketsOfOwnedDeals(deps.db, contactId, dealIds);
  if (dealIds.some((id) => !owned.has(id))) throw errors.notFound(BOOKING_NOT_FOUND);
  return { ticketsByDealId: Object.fromEntries([...owned].map(([id, tickets]) => [id, tickets.map(toTicket)])) };
}

/**
 * POST manageBooking: files a change or cancel request on the customer's own deal, enforcing on
 * the server what the page shows: nothing once the cleaning's time has passed (409
 * cleaning_passed, even before the office closes it out), one active request per deal, and no
 * change within 24 hours of the appointment. The ticket and its outbox event are written
 * together, under a lock on the deal; a refusal writes nothing.
 */
export async function manageBooking(deps: Deps, contactId: string, input: ManageBooking): Promise<{ ticketId: string; message: string }> {
  const now = deps.now();
  const outcome = await withOwnedDeal(deps.db, contactId, input.dealId, async (tx, deal) => {
    if (!deal) return { kind: 'missing' as const };
    const { activeRequest, closedRequest } = pickRequests(deal.tickets.map(toTicket));
    const state = manageButtonsState({ activeRequest, closedRequest, scheduled: deal.scheduledAt, now });
    if (state.passed) return { kind: 'refused' as const, code: 'cleaning_passed' as const, message: CLEANING_PASSED_REFUSED };
    if (state.disabled) return { kind: 'refused' as const, code: activeRequest ? ('request_in_progress' as const) : ('change_locked' as const), message: state.message ?? '' };
    const plan = input.action === 'change' ? input.plan : undefined;
    if (plan && !deal.plan) return { kind: 'not_plan' as const };
    const created = await insertChangeRequest(tx, {
      dealId: deal.id,
      contactId,
      category: CATEGORY_OF_LABEL[ticketCategoryForAction(input.action)],
      // A plan request says so first, as the office reads it (docs/recurring-plans.md).
      reason: plan && deal.plan ? `${planRequestText(plan, describeStoredPlanRule(deal.plan))} ${input.reason}` : input.reason,
      changeType: input.action === 'change' ? input.changeType : null,
      requestedDate: input.action === 'change' ? (input.preferredDate ?? null) : null,
    });
    return { kind: 'created' as const, ...created };
  });
  if (outcome.kind === 'missing') throw errors.notFound(BOOKING_NOT_FOUND);
  if (outcome.kind === 'not_plan') throw errors.validation('plan', NOT_A_PLAN_VISIT);
  if (outcome.kind === 'refused') throw new AppError(409, outcome.code, outcome.message);
  deps.outbox.notify();
  return { ticketId: outcome.ticketId, message: REQUEST_SUBMITTED };
}

/**
 * POST /api/portal/deals/:id/reclean-claim: the satisfaction guarantee on the customer's own done
 * cleaning, enforcing on the server what the page shows (shared/reclean-claim.ts): within the
 * company's window after the cleaning's end, one open claim per cleaning. The claim is a ticket
 * like a change request, written with its outbox event under a lock on the deal; the office
 * answers it from the staff pages (docs/staff-actions.md).
 */
export async function claimReclean(deps: Deps, contactId: string, dealId: string, input: RecleanClaim): Promise<{ ticketId: string; message: string }> {
  const now = deps.now();
  const outcome = await withOwnedDeal(deps.db, contactId, dealId, async (tx, deal) => {
    if (!deal) return { kind: 'missing' as const };
    const refusal = recleanClaimRefusal({ deal, claim: pickClaim(deal.tickets.map(toTicket)), windowHours: COMPANY.guaranteeWindowHours, now });
    if (refusal) return { kind: 'refused' as const, ...refusal };
    const created = await insertChangeRequest(tx, { dealId: deal.id, contactId, category: 'RecleanClaim', reason: input.missed, changeType: null, requestedDate: null });
    return { kind: 'created' as const, ...created };
  });
  if (outcome.kind === 'missing') throw errors.notFound(BOOKING_NOT_FOUND);
  if (outcome.kind === 'refused') throw new AppError(409, outcome.code, outcome.message);
  deps.outbox.notify();
  return { ticketId: outcome.ticketId, message: RECLEAN_CLAIM_SUBMITTED };
}

/** Starting amount of the request: the service plus add-ons, or null when any part is quoted (hourly, unpriced). */
function startingAmountCents(productIds: readonly string[]): number | null {
  let total = 0;
  for (const id of productIds) {
    const product = findProduct(id);
    if (!product || product.priceCents === null || product.unit !== 'visit') return null;
    total += product.priceCents;
  }
  return total;
}

/**
 * Portal "schedule a new clean" (requestBooking with a contactId): only for the signed-in
 * customer's own contact id, and only a service the portal offers for the square footage we
 * hold for the contact (the body's value only when we hold none). Name, e-mail and address come
 * from the contact as stored, not from the body.
 */
export async function requestPortalBooking(deps: Deps, contactId: string, input: PortalRequest): Promise<{ dealId: string }> {
  // Someone else's contact id reads like one that does not exist.
  if (input.contactId !== contactId) throw errors.notFound(ACCOUNT_NOT_FOUND);
  const contact = await contactOrThrow(deps, contactId);
  const squareFootage = contact.squareFootage ?? input.squareFootage;
  if (!servicesForSqft(squareFootage).some((p) => p.id === input.serviceType)) throw errors.validation('serviceType', SERVICE_NOT_OFFERED);
  const skus = [input.serviceType, ...input.addOns];
  const service = findProduct(input.serviceType);
  const hasStructuredAddress = Boolean(contact.street);
  const { dealId } = await insertPortalBooking(deps.db, {
    contactId,
    dealName: `${service?.name ?? input.serviceType} for ${joinName(contact.firstName, contact.lastName) || input.name}`,
    stageId: STAGE.CLEAN_REQUESTED,
    preferredDate: input.preferredDate,
    timeOfDay: input.timeOfDay,
    address: hasStructuredAddress
      ? { street: contact.street, city: contact.city, state: contact.state, zip: contact.zip }
      : { street: input.address, city: null, state: null, zip: null },
    squareFootage,
    serviceType: input.serviceType,
    skus,
    amountCents: startingAmountCents(skus),
    rooms: input.rooms,
    description: input.description ?? null,
    payload: input,
  });
  deps.outbox.notify();
  return { dealId };
}
