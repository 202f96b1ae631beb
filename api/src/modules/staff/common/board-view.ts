import { CLOSE_OUT_OUTCOMES, type CloseOutOutcome } from '@app/shared/close-out';
import { addressLine, joinName, personName } from '@app/shared/customer-context';
import { dealStageLabel } from '@app/shared/deal-stages';
import type { BoardDeal, StaffRequest } from '@app/shared/staff-board';
import type { BoardDealRow, NewBookingRow, OpenTicketRow } from './board-repository';
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
    invoiceStatus: d.invoiceStatus,
    amount: dollars(d.invoiceAmountCents ?? d.amountCents),
    createdAt: d.createdAt.toISOString(),
    hubspotUrl: links('deal', d.hubspotId),
    version: d.hubspotUpdatedAt?.toISOString() ?? null,
  };
}

export function bookingRequest(d: NewBookingRow, links: HubspotLinks): StaffRequest {
  const deal = boardDeal(d, links);
  return { id: d.id, kind: 'booking', createdAt: deal.createdAt, deal, reason: d.bookingRequest?.description ?? null, changeType: null, hubspotUrl: deal.hubspotUrl };
}

export function ticketRequest(t: OpenTicketRow, links: HubspotLinks): StaffRequest {
  return {
    id: t.id,
    kind: t.category === 'CancellationRequest' ? 'cancellation' : 'reschedule',
    createdAt: t.createdAt.toISOString(),
    deal: boardDeal(t.deal, links),
    reason: t.reason,
    changeType: t.changeType,
    hubspotUrl: links('ticket', t.hubspotId),
  };
}
