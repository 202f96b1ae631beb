import type { Db } from '@app/db/client';
import { lastQuote } from '@app/db/quotes';
import { toSettle } from '@app/shared/booking-request';
import { closeOutRefusal } from '@app/shared/close-out';
import { dealRequestOf } from '@app/shared/deal-request';
import { MOVE_PENDING } from '@app/shared/deal-commands';
import { dealStageLabel, STAGE } from '@app/shared/deal-stages';
import { mayQuote, plainMoves, STAGE_NEEDS } from '@app/shared/deal-transitions';
import { quoteView } from '@app/shared/quote';
import { findProduct } from '@app/shared/catalogue';
import { describePlanRule, describeStoredPlanRule, PLAN_FREQUENCY_OF_BOOKING, planSourceOf } from '@app/shared/recurring-plan';
import { describeRooms } from '@app/shared/rooms';
import { SCHEDULABLE_STAGES, type ScheduleInput, type ScheduleWarning } from '@app/shared/schedule';
import { OWNER_INACTIVE, type AssignOwnerInput } from '@app/shared/staff-admin';
import { isAnswerableKind, REQUEST_KIND_OF_CATEGORY, type DealDetails } from '@app/shared/staff-board';
import { errors } from '../../../errors';
import type { ModuleDeps } from '../../registry';
import { boardDeal, commandView } from '../common/board-view';
import type { HubspotLinks } from '../common/hubspot-links';
import { assignDealOwner, confirmDealForPortal, findDealDetails, type DealDetailsRow } from './repository';
import { checkSchedule } from './schedule-repository';

type Deps = Pick<ModuleDeps, 'db' | 'outbox' | 'now'>;

/** GET /api/internal/admin/deals/:id: one cleaning for the calendar's details panel. */
export async function dealDetails(deps: { db: Db; links: HubspotLinks; now: () => Date }, id: string): Promise<DealDetails> {
  const [d, quote] = await Promise.all([findDealDetails(deps.db, id), lastQuote(deps.db, id)]);
  if (!d) throw errors.notFound('We could not find that cleaning.');
  const deal = boardDeal(d, deps.links);
  const pending = d.commands.some((c) => c.status === 'pending');
  return {
    ...deal,
    rooms: describeRooms(d.bookingRequest?.rooms),
    notes: d.bookingRequest?.description ?? null,
    toSettle: toSettle(d),
    photos: d._count.photos,
    mapUrl: deal.address ? `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(deal.address)}` : null,
    invoice: { number: d.invoiceNumber, url: d.invoiceUrl, pdfUrl: d.invoicePdfUrl },
    madeInvoice: madeInvoiceOf(d.madeInvoices[0]),
    canSchedule: !pending && SCHEDULABLE_STAGES.has(d.stageId),
    closeOut: closeOutOf(d.stageId, d.scheduledAt, pending, deps.now()),
    // One command at a time: none is offered while one is on its way to HubSpot.
    moves: pending
      ? []
      : plainMoves(d.stageId).map((stageId) => ({ stageId, label: dealStageLabel(stageId) ?? stageId, needs: [...(STAGE_NEEDS[stageId] ?? [])] })),
    commands: d.commands.map(commandView),
    openRequest: openRequestOf(d.tickets[0]),
    mayQuote: !pending && mayQuote(d.stageId),
    quote: quote ? quoteView(quote) : null,
    request: d.bookingRequest ? dealRequestOf(d.bookingRequest, d) : null,
    plan: d.plan ? { id: d.plan.id, rule: describeStoredPlanRule(d.plan) } : null,
    makePlan: pending ? null : makePlanOf(d),
  };
}

/** The invoice the product made, as the cleaning's page says it. */
function madeInvoiceOf(m: DealDetailsRow['madeInvoices'][number] | undefined): DealDetails['madeInvoice'] {
  if (!m) return null;
  return {
    source: m.source === 'visit' ? 'visit' : 'quote',
    status: m.status === 'made' || m.status === 'failed' ? m.status : 'pending',
    error: m.error,
    createdAt: m.createdAt.toISOString(),
    madeAt: m.madeAt?.toISOString() ?? null,
  };
}

/** A cleaning that may become a plan's first visit (planSourceOf, the api's own rule): what the form proposes; else null. */
function makePlanOf(d: DealDetailsRow): DealDetails['makePlan'] {
  const source = planSourceOf({ ...d, planId: d.plan?.id ?? null });
  if (source.refusal !== null) return null;
  const frequency = PLAN_FREQUENCY_OF_BOOKING[d.frequency ?? ''] ?? 'weekly';
  const addOns = source.addOns.map((sku) => ({ id: sku, name: findProduct(sku)?.name ?? sku }));
  return { frequency, rule: describePlanRule({ frequency, weekday: source.start.weekday, startTime: source.start.startTime }), addOns };
}

/** Close-out of a scheduled cleaning: allowed from its day on, and not while a command is on its way. */
function closeOutOf(stageId: string, scheduledAt: Date | null, pending: boolean, now: Date): DealDetails['closeOut'] {
  if (stageId !== STAGE.CLEANING_SCHEDULED) return null;
  if (pending) return { allowed: false, reason: MOVE_PENDING };
  const reason = closeOutRefusal(stageId, scheduledAt, now);
  return { allowed: reason === null, reason };
}

function openRequestOf(t: DealDetailsRow['tickets'][number] | undefined): DealDetails['openRequest'] {
  if (!t) return null;
  const kind = REQUEST_KIND_OF_CATEGORY[t.category];
  if (!isAnswerableKind(kind)) return null;
  return { id: t.id, kind, reason: t.reason, changeType: t.changeType, requestedDate: t.requestedDate?.toISOString().slice(0, 10) ?? null };
}

/** POST /api/internal/admin/deals/:id/portal-confirm: the contact's portal shows this public-form deal. */
export async function confirmForPortal(deps: Deps, dealId: string, staffEmail: string): Promise<{ confirmed: boolean }> {
  const outcome = await confirmDealForPortal(deps.db, dealId, staffEmail, deps.now());
  if (outcome.kind === 'deal_not_found') throw errors.notFound('We could not find that booking.');
  if (outcome.kind === 'confirmed') deps.outbox.notify();
  return { confirmed: outcome.kind === 'confirmed' };
}

/** POST /api/internal/admin/deals/:id/owner: set in the mirror now, pushed to HubSpot by the worker. */
export async function assignOwner(deps: Deps, dealId: string, input: AssignOwnerInput): Promise<void> {
  const outcome = await assignDealOwner(deps.db, dealId, input.ownerId);
  if (outcome.kind === 'deal_not_found') throw errors.notFound('We could not find that booking.');
  if (outcome.kind === 'owner_not_found') throw errors.validation('ownerId', 'Choose a cleaner from the roster.');
  if (outcome.kind === 'owner_inactive') throw errors.conflictOn('ownerId', 'owner_inactive', OWNER_INACTIVE);
  deps.outbox.notify();
}

/** POST /api/internal/admin/deals/:id/schedule/check: what the office should know before it saves. */
export async function scheduleWarningsOf(deps: Pick<ModuleDeps, 'db'>, dealId: string, plan: ScheduleInput): Promise<ScheduleWarning[]> {
  const warnings = await checkSchedule(deps.db, dealId, plan);
  if (!warnings) throw errors.notFound('We could not find that cleaning.');
  return warnings;
}
