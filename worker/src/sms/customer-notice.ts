import type { Db } from '@app/db/client';
import { COMPANY } from '@app/runtime/company';
import { ratingRequestSms } from '@app/shared/cleaning-rating';
import {
  cleaningConfirmedSms,
  invoiceReadySms,
  onMyWaySms,
  reminderSms,
  requestAnsweredSms,
  requestReceivedSms,
  rescheduledSms,
  type CustomerMessageKind,
  type MessageContext,
} from '@app/shared/customer-messages';
import { arrivalWindow } from '@app/shared/cleaning-visit';
import { STAGE } from '@app/shared/deal-stages';
import { formatUsd } from '@app/shared/money';
import { formatUsPhone } from '@app/shared/phone';
import { TICKET_CATEGORY_NOUNS } from '@app/shared/tickets';
import { isClosedTicketStage } from '../crm/notice-rules';

export interface Notice {
  kind: CustomerMessageKind;
  dealId: string;
  /** The appointment a confirmation, a move or a reminder is about (ISO instant). */
  scheduledAt?: string | undefined;
  /** The HubSpot invoice an invoice text is about. */
  invoiceId?: string | undefined;
  /** Our ticket row an answered request is about. */
  ticketId?: string | undefined;
}

/** The words, and for a text useless after a moment (on my way: its window's end) that moment. */
export type NoticeText = { text: string; notAfter?: Date } | { skipped: 'gone' | 'stale' };

const STALE = { skipped: 'stale' } as const;

/**
 * The words of a customer text, from its deal as it is when the text goes out. Skipped when the
 * deal is gone, or when what called for it no longer holds: the date changed again (the newer
 * change has its own text and reminder), the cleaning was canceled, the invoice was paid or
 * replaced, the ticket reopened, the done cleaning was moved out of Cleaning Done.
 */
export async function noticeText(db: Db, notice: Notice, portalUrl: string, now: Date = new Date()): Promise<NoticeText> {
  const deal = await db.deal.findUnique({
    where: { id: notice.dealId },
    select: { reference: true, stageId: true, scheduledAt: true, visitOutcome: true, invoiceHubspotId: true, invoiceStatus: true, invoiceAmountCents: true, invoiceUrl: true },
  });
  if (!deal) return { skipped: 'gone' };
  const ctx: MessageContext = { company: COMPANY.name, phone: formatUsPhone(COMPANY.phone), portalUrl };
  switch (notice.kind) {
    case 'request_received':
      return { text: requestReceivedSms(ctx, deal.reference) };
    case 'cleaning_confirmed':
    case 'rescheduled':
    case 'reminder': {
      const current = deal.stageId === STAGE.CLEANING_SCHEDULED && deal.scheduledAt?.toISOString() === notice.scheduledAt;
      if (!current || !deal.scheduledAt) return STALE;
      if (notice.kind === 'reminder') return { text: reminderSms(ctx, deal.scheduledAt) };
      const write = notice.kind === 'cleaning_confirmed' ? cleaningConfirmedSms : rescheduledSms;
      return { text: write(ctx, deal.reference, deal.scheduledAt) };
    }
    case 'invoice_ready': {
      const open = deal.invoiceHubspotId === notice.invoiceId && deal.invoiceStatus === 'open' && deal.invoiceAmountCents !== null;
      if (!open) return STALE;
      return { text: invoiceReadySms(ctx, formatUsd(deal.invoiceAmountCents!), deal.invoiceUrl) };
    }
    case 'rating_request': {
      // Asked only of a cleaning still closed out as done, on the date it was done.
      const done = deal.stageId === STAGE.CLEANING_DONE && deal.visitOutcome === 'done' && deal.scheduledAt?.toISOString() === notice.scheduledAt;
      return done ? { text: ratingRequestSms(COMPANY.name) } : STALE;
    }
    case 'on_my_way':
      return onMyWayText(db, notice.dealId, deal.stageId, now);
    case 'request_answered': {
      const ticket = notice.ticketId ? await db.ticket.findUnique({ where: { id: notice.ticketId }, select: { category: true, pipelineStage: true } }) : null;
      if (!ticket || !isClosedTicketStage(ticket.pipelineStage)) return STALE;
      return { text: requestAnsweredSms(ctx, deal.reference, TICKET_CATEGORY_NOUNS[ticket.category]) };
    }
  }
}

/**
 * "On my way" (docs/cleaner-day.md): the cleaner's first name and the window, from the visit as
 * tapped. Not sent once the cleaner has started, the cleaning is no longer scheduled, or the window
 * has ended (a late text is worse than none); Twilio drops it after the window's end too.
 */
async function onMyWayText(db: Db, dealId: string, stageId: string, now: Date): Promise<NoticeText> {
  const visit = await db.cleaningVisit.findUnique({ where: { dealId }, select: { onMyWayAt: true, etaMinutes: true, startedAt: true, ownerHubspotId: true } });
  if (!visit?.onMyWayAt || !visit.etaMinutes) return { skipped: 'gone' };
  const { to } = arrivalWindow(visit.onMyWayAt, visit.etaMinutes);
  if (stageId !== STAGE.CLEANING_SCHEDULED || visit.startedAt || now.getTime() >= to.getTime()) return STALE;
  const owner = await db.owner.findUnique({ where: { hubspotId: visit.ownerHubspotId }, select: { firstName: true } });
  return { text: onMyWaySms({ company: COMPANY.name }, owner?.firstName ?? null, visit.onMyWayAt, visit.etaMinutes), notAfter: to };
}
