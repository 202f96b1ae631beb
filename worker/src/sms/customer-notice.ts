import { tipOfferWords, tipsOpen } from '@app/shared/tips';
import type { Db } from '@app/db/client';
import { lastQuote } from '@app/db/quotes';
import { COMPANY } from '@app/runtime/company';
import { ratingRequestSms } from '@app/shared/cleaning-rating';
import {
  cleaningConfirmedSms,
  invoiceReadySms,
  invoiceReminderSms,
  planConfirmedSms,
  onMyWaySms,
  paymentReceivedSms,
  reminderSms,
  requestAnsweredSms,
  requestReceivedSms,
  rescheduledSms,
  type CustomerMessageKind,
  type MessageContext,
  type RequestOutcome,
} from '@app/shared/customer-messages';
import { requestAnswerChangesSchema, TICKET_STAGE_COMPLETED, TICKET_STAGE_DECLINED } from '@app/shared/request-answers';
import type { TicketCategory } from '@app/db/generated/client';
import { arrivalWindow } from '@app/shared/cleaning-visit';
import { STAGE } from '@app/shared/deal-stages';
import { formatUsd } from '@app/shared/money';
import type { NoticeKind } from '@app/shared/notice-channels';
import { sentQuoteSchema } from '@app/shared/quote';
import { describeStoredPlanRule, VISIT_TO_COME_STAGES } from '@app/shared/recurring-plan';
import { formatUsPhone } from '@app/shared/phone';
import { TICKET_CATEGORY_NOUNS, type TicketNoun } from '@app/shared/tickets';
import { isClosedTicketStage } from '../crm/notice-rules';

export interface Notice<K extends NoticeKind = NoticeKind> {
  kind: K;
  /** The cleaning it is about; null for a portal invite (about the customer), or once the deal is gone. */
  dealId: string | null;
  /** The appointment a confirmation, a move or a reminder is about (ISO instant). */
  scheduledAt?: string | undefined;
  /** The HubSpot invoice an invoice text is about. */
  invoiceId?: string | undefined;
  /** Which reminder of an unpaid invoice (1 or 2). */
  reminder?: number | undefined;
  /** Our ticket row an answered request is about. */
  ticketId?: string | undefined;
  /** The recurring plan a plan's confirmation is about. */
  planId?: string | undefined;
  /** The quote (its deal_command id) a quote e-mail asks to approve. */
  quoteId?: string | undefined;
  /** The contact a portal invite is for, and the invite (its invited_at, ISO). */
  contactId?: string | undefined;
  invitedAt?: string | undefined;
}

/** The words, and for a text useless after a moment (on my way: its window's end) that moment. */
export type NoticeText = { text: string; notAfter?: Date } | { skipped: 'gone' | 'stale' };

/**
 * What a customer notice says, as its deal is when it goes out, on any channel: the texts'
 * words (noticeText) and the e-mails' (email/notice-email.ts) are both written from it.
 */
export type NoticeFacts =
  | { kind: 'request_received'; reference: string }
  | { kind: 'cleaning_confirmed' | 'rescheduled' | 'reminder'; reference: string; scheduledAt: Date }
  | { kind: 'plan_confirmed'; rule: string; visits: Date[] }
  | { kind: 'invoice_ready'; reference: string; amount: string; payUrl: string | null }
  /** `tip`: the cleaning can be tipped (shared/src/tips.ts), and its cleaner's first name. */
  | { kind: 'payment_received'; reference: string; amount: string; tip: { dealId: string; cleanerFirstName: string | null } | null }
  | { kind: 'invoice_reminder'; reference: string; amount: string; payUrl: string | null }
  | { kind: 'rating_request'; reference: string }
  | { kind: 'on_my_way'; cleanerFirstName: string | null; tappedAt: Date; etaMinutes: number; from: Date; to: Date }
  | { kind: 'request_answered'; reference: string; request: TicketNoun; outcome: RequestOutcome }
  | { kind: 'quote_ready'; dealId: string; reference: string; amount: string; frequency: string | null }
  | { kind: 'canceled'; reference: string }
  | { kind: 'portal_invite'; firstName: string | null };

export type NoticeSkip = { skipped: 'gone' | 'stale' };

const STALE = { skipped: 'stale' } as const;

/**
 * The facts of a customer notice, from its deal as it is when it goes out. Skipped when the
 * deal is gone, or when what called for it no longer holds: the date changed again (the newer
 * change has its own notice and reminder), the cleaning was canceled, the invoice was paid or
 * replaced, the ticket reopened, the done cleaning was moved out of Cleaning Done, the quote was
 * answered or replaced, the canceled deal is live again, the plan ended. A portal invite's are its contact's.
 */
export async function noticeFacts(db: Db, notice: Notice, now: Date = new Date()): Promise<NoticeFacts | NoticeSkip> {
  if (notice.kind === 'portal_invite') return inviteFacts(db, notice);
  if (!notice.dealId) return { skipped: 'gone' };
  const deal = await db.deal.findUnique({
    where: { id: notice.dealId },
    select: {
      reference: true, stageId: true, scheduledAt: true, visitOutcome: true, invoiceHubspotId: true, invoiceStatus: true, invoiceAmountCents: true, invoiceUrl: true,
      ownerId: true, owner: { select: { firstName: true } },
    },
  });
  if (!deal) return { skipped: 'gone' };
  const { reference } = deal;
  switch (notice.kind) {
    case 'request_received':
      return { kind: 'request_received', reference };
    case 'cleaning_confirmed':
    case 'rescheduled':
    case 'reminder': {
      const current = deal.stageId === STAGE.CLEANING_SCHEDULED && deal.scheduledAt?.toISOString() === notice.scheduledAt;
      if (!current || !deal.scheduledAt) return STALE;
      return { kind: notice.kind, reference, scheduledAt: deal.scheduledAt };
    }
    case 'plan_confirmed':
      return planFacts(db, notice.planId, now);
    case 'invoice_ready': {
      const open = deal.invoiceHubspotId === notice.invoiceId && deal.invoiceStatus === 'open' && deal.invoiceAmountCents !== null;
      if (!open) return STALE;
      return { kind: 'invoice_ready', reference, amount: formatUsd(deal.invoiceAmountCents!), payUrl: deal.invoiceUrl };
    }
    case 'invoice_reminder': {
      // Only while the invoice is the deal's and still open: paid or voided, the reminder is dropped.
      const open = deal.invoiceHubspotId === notice.invoiceId && deal.invoiceStatus === 'open' && deal.invoiceAmountCents !== null;
      return open ? { kind: 'invoice_reminder', reference, amount: formatUsd(deal.invoiceAmountCents!), payUrl: deal.invoiceUrl } : STALE;
    }
    case 'payment_received': {
      // The receipt of the invoice the deal still has, paid.
      const paid = deal.invoiceHubspotId === notice.invoiceId && deal.invoiceStatus === 'paid' && deal.invoiceAmountCents !== null;
      if (!paid) return STALE;
      // A visit paid after it was done (a plan's) offers a tip for its cleaner.
      const tip = tipsOpen(deal, now) ? { dealId: notice.dealId, cleanerFirstName: deal.owner?.firstName ?? null } : null;
      return { kind: 'payment_received', reference, amount: formatUsd(deal.invoiceAmountCents!), tip };
    }
    case 'rating_request': {
      // Asked only of a cleaning still closed out as done, on the date it was done.
      const done = deal.stageId === STAGE.CLEANING_DONE && deal.visitOutcome === 'done' && deal.scheduledAt?.toISOString() === notice.scheduledAt;
      return done ? { kind: 'rating_request', reference } : STALE;
    }
    case 'on_my_way':
      return onMyWayFacts(db, notice.dealId, deal.stageId, now);
    case 'request_answered': {
      const ticket = notice.ticketId ? await db.ticket.findUnique({ where: { id: notice.ticketId }, select: { id: true, category: true, pipelineStage: true } }) : null;
      if (!ticket || !isClosedTicketStage(ticket.pipelineStage)) return STALE;
      return { kind: 'request_answered', reference, request: TICKET_CATEGORY_NOUNS[ticket.category], outcome: await requestOutcome(db, notice.dealId, deal, ticket) };
    }
    case 'quote_ready':
      return quoteFacts(db, notice.dealId, notice.quoteId, deal);
    case 'canceled':
      // Restored in HubSpot since: the customer would read that a live cleaning is canceled.
      return deal.stageId === STAGE.CANCELED ? { kind: 'canceled', reference } : STALE;
  }
}

/** The words of a customer text (shared/src/customer-messages.ts), from its facts as it goes out. */
export async function noticeText(
  db: Db,
  notice: Notice<CustomerMessageKind>,
  portalUrl: string,
  now: Date = new Date(),
  /** A cleaning's tip page (runtime/src/tips/tip-token.ts); without it no text offers a tip. */
  tipUrlOf?: (dealId: string) => string,
): Promise<NoticeText> {
  const facts = await noticeFacts(db, notice, now);
  if ('skipped' in facts) return facts;
  const ctx: MessageContext = { company: COMPANY.name, phone: formatUsPhone(COMPANY.phone), portalUrl };
  switch (facts.kind) {
    case 'request_received':
      return { text: requestReceivedSms(ctx, facts.reference) };
    case 'reminder':
      return { text: reminderSms(ctx, facts.scheduledAt) };
    case 'cleaning_confirmed':
      return { text: cleaningConfirmedSms(ctx, facts.reference, facts.scheduledAt) };
    case 'plan_confirmed':
      return { text: planConfirmedSms(ctx, facts.rule) };
    case 'rescheduled':
      return { text: rescheduledSms(ctx, facts.reference, facts.scheduledAt) };
    case 'invoice_ready':
      return { text: invoiceReadySms(ctx, facts.amount, facts.payUrl) };
    case 'payment_received':
      return { text: [paymentReceivedSms(ctx, facts.reference, facts.amount), facts.tip && tipUrlOf ? tipOfferWords(facts.tip.cleanerFirstName, tipUrlOf(facts.tip.dealId)) : null].filter(Boolean).join(' ') };
    case 'invoice_reminder':
      return { text: invoiceReminderSms(ctx, facts.reference, facts.amount, facts.payUrl) };
    case 'rating_request':
      return { text: ratingRequestSms(COMPANY.name) };
    case 'on_my_way':
      return { text: onMyWaySms({ company: COMPANY.name }, facts.cleanerFirstName, facts.tappedAt, facts.etaMinutes), notAfter: facts.to };
    case 'request_answered':
      return { text: requestAnsweredSms(ctx, facts.reference, facts.request, facts.outcome) };
    case 'quote_ready':
    case 'canceled':
    case 'portal_invite':
      // Not text kinds (a portal invite's text is the staff_invite message): never asked for.
      return { skipped: 'gone' };
  }
}

/**
 * What became of an answered request, from the ticket's closed stage and the deal as it is now:
 * declined (the cleaning stays when it is), a cancellation that canceled it, or a reschedule
 * whose answer from the staff workspace (its request-answer command) moved it to the date the
 * deal still has. Anything else (closed in HubSpot by hand, a date changed again since, a claim
 * approved) is only "answered": the text then points at the portal, as before.
 */
async function requestOutcome(
  db: Db,
  dealId: string,
  deal: { stageId: string; scheduledAt: Date | null },
  ticket: { id: string; category: TicketCategory; pipelineStage: string | null },
): Promise<RequestOutcome> {
  const live = deal.stageId !== STAGE.CANCELED && deal.stageId !== STAGE.CLEANING_DONE && deal.stageId !== STAGE.QUOTE_CANCELED;
  if (ticket.pipelineStage === TICKET_STAGE_DECLINED) return { kind: 'declined', scheduledAt: live ? deal.scheduledAt : null };
  if (ticket.pipelineStage !== TICKET_STAGE_COMPLETED) return { kind: 'answered' };
  if (ticket.category === 'CancellationRequest') return deal.stageId === STAGE.CANCELED ? { kind: 'canceled' } : { kind: 'answered' };
  if (ticket.category !== 'RescheduleRequest' || deal.stageId !== STAGE.CLEANING_SCHEDULED || !deal.scheduledAt) return { kind: 'answered' };
  const answers = await db.dealCommand.findMany({
    where: { dealId, kind: 'request-answer', changes: { path: ['ticketId'], equals: ticket.id } },
    orderBy: { createdAt: 'desc' },
    select: { changes: true },
  });
  const moved = answers.map((a) => requestAnswerChangesSchema.safeParse(a.changes)).find((c) => c.success && c.data.answer === 'approve')?.data?.scheduledAt;
  return moved && Date.parse(moved) === deal.scheduledAt.getTime() ? { kind: 'moved', scheduledAt: deal.scheduledAt } : { kind: 'answered' };
}

/** How many of a plan's coming visits its confirmation lists. */
const PLAN_VISITS_LISTED = 4;

/**
 * A plan's confirmation (docs/recurring-plans.md): its rule in words as the plan is when it goes
 * out, and its next visits still to come. Not sent once the plan has ended, or has no visit ahead.
 */
async function planFacts(db: Db, planId: string | undefined, now: Date): Promise<NoticeFacts | NoticeSkip> {
  const plan = planId
    ? await db.recurringPlan.findUnique({
        where: { id: planId },
        select: {
          status: true, frequency: true, weekday: true, startTime: true, nth: true,
          visits: { where: { archivedAt: null, stageId: { in: [...VISIT_TO_COME_STAGES] }, scheduledAt: { gt: now } }, orderBy: { scheduledAt: 'asc' }, take: PLAN_VISITS_LISTED, select: { scheduledAt: true } },
        },
      })
    : null;
  if (!plan) return { skipped: 'gone' };
  if (plan.status !== 'active' || plan.visits.length === 0) return STALE;
  return { kind: 'plan_confirmed', rule: describeStoredPlanRule(plan), visits: plan.visits.map((v) => v.scheduledAt!) };
}

/**
 * "On my way" (docs/cleaner-day.md): the cleaner's first name and the window, from the visit as
 * tapped. Not sent once the cleaner has started, the cleaning is no longer scheduled, or the window
 * has ended (a late notice is worse than none); Twilio drops a text after the window's end too.
 */
async function onMyWayFacts(db: Db, dealId: string, stageId: string, now: Date): Promise<NoticeFacts | NoticeSkip> {
  const visit = await db.cleaningVisit.findUnique({ where: { dealId }, select: { onMyWayAt: true, etaMinutes: true, startedAt: true, ownerHubspotId: true } });
  if (!visit?.onMyWayAt || !visit.etaMinutes) return { skipped: 'gone' };
  const { from, to } = arrivalWindow(visit.onMyWayAt, visit.etaMinutes);
  if (stageId !== STAGE.CLEANING_SCHEDULED || visit.startedAt || now.getTime() >= to.getTime()) return STALE;
  const owner = await db.owner.findUnique({ where: { hubspotId: visit.ownerHubspotId }, select: { firstName: true } });
  return { kind: 'on_my_way', cleanerFirstName: owner?.firstName ?? null, tappedAt: visit.onMyWayAt, etaMinutes: visit.etaMinutes, from, to };
}

/**
 * "Your quote is ready" (docs/staff-actions.md#quotes): the quote the portal offers to approve,
 * as long as it is the deal's last quote HubSpot has, unanswered, and the deal still awaits
 * approval; a newer quote has its own e-mail.
 */
async function quoteFacts(db: Db, dealId: string, quoteId: string | undefined, deal: { reference: string; stageId: string }): Promise<NoticeFacts | NoticeSkip> {
  const quote = await lastQuote(db, dealId);
  if (!quote || quote.id !== quoteId || quote.answer || deal.stageId !== STAGE.AWAITING_QUOTE_APPROVAL) return STALE;
  const sent = sentQuoteSchema.parse((quote.changes as { quote?: unknown }).quote);
  return { kind: 'quote_ready', dealId, reference: deal.reference, amount: formatUsd(sent.totalCents), frequency: sent.frequency };
}

/**
 * A staff invite to the portal: the contact's first name. Not sent once the contact is gone or
 * suspended, or was invited again since (that invite has its own e-mail): all stale, since
 * 'gone' tells staff a cleaning is.
 */
async function inviteFacts(db: Db, notice: Notice): Promise<NoticeFacts | NoticeSkip> {
  const contact = notice.contactId ? await db.contact.findUnique({ where: { id: notice.contactId }, select: { firstName: true, invitedAt: true, suspended: true } }) : null;
  if (!contact || contact.suspended || contact.invitedAt?.toISOString() !== notice.invitedAt) return STALE;
  return { kind: 'portal_invite', firstName: contact.firstName };
}
