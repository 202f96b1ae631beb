import { CLOSE_OUT_OUTCOMES, type CloseOutOutcome } from '@app/shared/close-out';
import { addressLine, joinName, personName } from '@app/shared/customer-context';
import { dealCommandViewSchema, type DealCommandView } from '@app/shared/deal-commands';
import { dealStageLabel } from '@app/shared/deal-stages';
import { isAnswerableKind, REQUEST_KIND_OF_CATEGORY, type BoardDeal, type StaffRequest } from '@app/shared/staff-board';
import type { BoardDealRow, CommandViewRow, NewBookingRow, OpenTicketRow } from './board-repository';
import type { HubspotLinks } from './hubspot-links';

/** A deal and a request as the today board, the requests list and a cleaning's details show them. */

const dollars = (cents: number | null) => (cents === null ? null : (cents / 100).toFixed(2));

export function boardDeal(d: BoardDealRow, links: HubspotLinks): BoardDeal {
  return {
    id: d.id,
    customer: d.contact ? { id: d.contact.id, name: joinName(d.contact.firstName, d.contact.lastName) || d.contact.email, email: d.contact.email, phone: d.contact.phone } : null,
    serviceType: d.serviceType,
    address: addressLine(d),
    scheduledAt: d.scheduledAt?.toISOString() ?? null,
    durationMinutes: d.durationMinutes,
    visitOutcome: (CLOSE_OUT_OUTCOMES as readonly string[]).includes(d.visitOutcome ?? '') ? (d.visitOutcome as CloseOutOutcome) : null,
    preferredDate: d.preferredDate?.toISOString().slice(0, 10) ?? null,
    timeOfDay: d.timeOfDay,
    stageId: d.stageId,
    stageLabel: dealStageLabel(d.stageId) ?? d.stageId,
    cleaner: personName(d.owner),
    cleanerId: d.ownerId,
    invoiceStatus: d.invoiceStatus,
    amount: dollars(d.invoiceAmountCents ?? d.amountCents),
    amountCents: d.amountCents,
    createdAt: d.createdAt.toISOString(),
    hubspotUrl: links('deal', d.hubspotId),
    version: d.hubspotUpdatedAt?.toISOString() ?? null,
  };
}

export function bookingRequest(d: NewBookingRow, links: HubspotLinks): StaffRequest {
  const deal = boardDeal(d, links);
  return { id: d.id, kind: 'booking', createdAt: deal.createdAt, deal, reason: d.bookingRequest?.description ?? null, changeType: null, requestedDate: null, hubspotUrl: deal.hubspotUrl, photos: 0, answerable: null };
}

export function commandView(c: CommandViewRow): DealCommandView {
  return dealCommandViewSchema.parse({ ...c, createdAt: c.createdAt.toISOString(), settledAt: c.settledAt?.toISOString() ?? null });
}

export function ticketRequest(t: OpenTicketRow, links: HubspotLinks): StaffRequest {
  const kind = REQUEST_KIND_OF_CATEGORY[t.category];
  return {
    id: t.id,
    kind,
    createdAt: t.createdAt.toISOString(),
    deal: boardDeal(t.deal, links),
    reason: t.reason,
    changeType: t.changeType,
    requestedDate: t.requestedDate?.toISOString().slice(0, 10) ?? null,
    hubspotUrl: links('ticket', t.hubspotId),
    photos: t._count.photos,
    // An unhappy customer is called, and the ticket closed in HubSpot: nothing to answer here.
    answerable: isAnswerableKind(kind) ? answerState(t) : null,
  };
}

/** What answering the request needs: the deal's version, and the latest answer to it or another command on its way. */
function answerState(t: OpenTicketRow): NonNullable<StaffRequest['answerable']> {
  const latest = t.deal.commands[0] ? commandView(t.deal.commands[0]) : null;
  const ours = latest?.kind === 'request-answer' && latest.changes.ticketId === t.id ? latest : null;
  return { version: t.deal.hubspotUpdatedAt?.toISOString() ?? null, answer: ours, otherPending: latest !== null && ours === null && latest.status === 'pending' };
}
