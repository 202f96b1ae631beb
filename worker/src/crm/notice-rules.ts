import type { CustomerMessageKind } from '@app/shared/customer-messages';
import type { NoticeKind } from '@app/shared/notice-channels';
import { CRM_TICKET_STAGES } from '@app/shared/crm-schema';
import { STAGE } from '@app/shared/deal-stages';
import { sendableAt } from '@app/shared/quiet-hours';
import { addDays, easternWallTimeToInstant, isCalendarDate } from '@app/shared/eastern-time';

/**
 * When a change the CRM pull sees calls for a text to the customer (docs/customer-messages.md).
 * Pure rules; the mirror repository writes the texts in the same transaction as the change.
 */

/** What the configuration says about customer texts. */
export interface NoticePolicy {
  /** Kinds not sent (CUSTOMER_TEXTS_OFF). */
  off: ReadonlySet<CustomerMessageKind>;
  /** How long before a cleaning its reminder goes out (REMINDER_LEAD_HOURS). */
  reminderLeadMs: number;
  /** When a text due at `at` may go out: past quiet hours (sendableAt), or at once (QUIET_HOURS=off, development). */
  sendable: (at: Date) => Date;
  /**
   * Minutes after the close-out a rating request is due instead of 10 AM the next day
   * (RATING_REQUEST_DELAY_MINUTES: development and the browser tests); null or absent: the next day.
   */
  ratingDelayMinutes?: number | null;
  /** Days past its due date an unpaid invoice is reminded (INVOICE_REMINDER_DAYS, at most two); DEFAULT_INVOICE_REMINDER_DAYS when absent. */
  invoiceReminderDays?: readonly number[];
  /** Seconds after it opens each reminder comes instead (INVOICE_REMINDER_DELAY_SECONDS: development and the browser tests); null or absent: days past due. */
  invoiceReminderDelaySeconds?: number | null;
}

/** An unpaid invoice is reminded 3 and 7 days past its due date by default. */
export const DEFAULT_INVOICE_REMINDER_DAYS: readonly number[] = [3, 7];

/** The hour of the day (Eastern) an invoice reminder is due. */
const INVOICE_REMINDER_HOUR = 10;

/**
 * When an invoice due on `dueDate` is reminded if still unpaid (docs/payments.md): 10 AM Eastern
 * each of the policy's days past it; none already past (an invoice seen open late is not
 * reminded at once), none without a due date. With a delay set (development, the browser tests)
 * each comes that many seconds after the one before, from now.
 */
export function invoiceReminders(dueDate: string | null, policy: Pick<NoticePolicy, 'invoiceReminderDays' | 'invoiceReminderDelaySeconds'>, now: Date): { nth: number; at: Date }[] {
  const days = policy.invoiceReminderDays ?? DEFAULT_INVOICE_REMINDER_DAYS;
  const delay = policy.invoiceReminderDelaySeconds;
  if (delay != null) return days.map((_, i) => ({ nth: i + 1, at: new Date(now.getTime() + (i + 1) * delay * 1_000) }));
  if (!dueDate || !isCalendarDate(dueDate)) return [];
  return days
    .map((days, i) => {
      const [y, m, d] = addDays(dueDate, days).split('-').map(Number) as [number, number, number];
      return { nth: i + 1, at: easternWallTimeToInstant(y, m, d, INVOICE_REMINDER_HOUR, 0) };
    })
    .filter((r) => r.at.getTime() > now.getTime());
}

/** How long before a cleaning its reminder goes out by default: the day before. */
export const REMINDER_LEAD_MS = 24 * 3_600_000;

export const DEFAULT_NOTICE_POLICY: NoticePolicy = { off: new Set(), reminderLeadMs: REMINDER_LEAD_MS, sendable: sendableAt };

export interface DealMoment {
  stageId: string;
  scheduledAt: Date | null;
}

/** A deal as a close-out leaves it: its stage, and how the visit went (visit_outcome). */
export interface DoneMoment extends DealMoment {
  visitOutcome: string | null;
}

/**
 * Whether a change of a mirrored deal is a cleaning closed out as done (docs/conversations.md#ratings):
 * it reached Cleaning Done with the outcome the staff close-out writes, `done` (a no-show or a
 * cancellation on the day ends in Canceled). Nothing for a deal already done, and nothing for a
 * deal seen for the first time (applyDeals only calls this for rows it held before).
 */
export function closedOutDone(before: DealMoment, after: DoneMoment): boolean {
  return after.stageId === STAGE.CLEANING_DONE && after.visitOutcome === 'done' && after.scheduledAt !== null && before.stageId !== STAGE.CLEANING_DONE;
}

export interface DealNotice {
  kind: 'cleaning_confirmed' | 'rescheduled';
  /** The appointment the text is about; also part of its dedupe key. */
  scheduledAt: Date;
}

/**
 * Which text a change of a mirrored deal calls for, from the row as it was and as HubSpot has it
 * now: reaching Cleaning Scheduled with a date confirms the cleaning; a new date while scheduled
 * moves it (a first date on a deal already at that stage confirms it). Nothing for a cleaning
 * already past, and nothing for a deal seen for the first time (the first pull of an existing
 * account must not text every customer at once).
 */
export function dealNoticeFor(before: DealMoment, after: DealMoment, now: Date): DealNotice | null {
  if (after.stageId !== STAGE.CLEANING_SCHEDULED || after.scheduledAt === null) return null;
  if (after.scheduledAt.getTime() <= now.getTime()) return null;
  const wasScheduled = before.stageId === STAGE.CLEANING_SCHEDULED && before.scheduledAt !== null;
  if (!wasScheduled) return { kind: 'cleaning_confirmed', scheduledAt: after.scheduledAt };
  if (before.scheduledAt!.getTime() === after.scheduledAt.getTime()) return null;
  return { kind: 'rescheduled', scheduledAt: after.scheduledAt };
}

/**
 * A recurring plan's visit is made already scheduled (docs/recurring-plans.md), so the change
 * rule above never fires for it: its first mirror from HubSpot (the row held no HubSpot version
 * yet) is when its reminder is written. No confirmation: a plan's visits come weeks ahead, a
 * week at a time, and the customer agreed to the plan with its first visit.
 */
export function planVisitReminderFor(before: { planId: string | null; hubspotUpdatedAt: Date | null }, after: DealMoment, now: Date): Date | null {
  if (before.planId === null || before.hubspotUpdatedAt !== null) return null;
  if (after.stageId !== STAGE.CLEANING_SCHEDULED || after.scheduledAt === null || after.scheduledAt.getTime() <= now.getTime()) return null;
  return after.scheduledAt;
}

/**
 * When the reminder of a cleaning at `scheduledAt` goes out: `lead` before it, moved past quiet
 * hours; null when that moment has passed or would fall after the cleaning (booked less than
 * the lead ahead: the confirmation was the reminder).
 */
export function reminderAt(scheduledAt: Date, now: Date, sendable: (at: Date) => Date, lead = REMINDER_LEAD_MS): Date | null {
  const due = new Date(scheduledAt.getTime() - lead);
  if (due.getTime() <= now.getTime()) return null;
  const at = sendable(due);
  return at.getTime() < scheduledAt.getTime() ? at : null;
}

const CLOSED_TICKET_STAGES: ReadonlySet<string> = new Set(CRM_TICKET_STAGES.filter((s) => s.isClosed).map((s) => s.key));

/** Whether a ticket at this stage (a product key) is closed: Closed, Request Completed or Request Declined. */
export function isClosedTicketStage(stage: string | null): boolean {
  return stage !== null && CLOSED_TICKET_STAGES.has(stage);
}

/** A change or cancellation request was answered: its ticket reached a closed stage from an open one. */
export function ticketAnswered(before: string | null, after: string | null): boolean {
  return isClosedTicketStage(after) && !isClosedTicketStage(before);
}

export interface InvoiceMoment {
  invoiceHubspotId: string | null;
  invoiceStatus: string | null;
}

/** An open invoice appeared on a deal: a new invoice that is open, or the deal's draft was finalised. */
export function invoiceBecameOpen(before: InvoiceMoment, after: { hubspotId: string; status: string | null }): boolean {
  if (after.status !== 'open') return false;
  return before.invoiceHubspotId !== after.hubspotId || before.invoiceStatus !== 'open';
}

/** The deal's invoice was paid: its invoice now paid, and not already mirrored paid. */
export function invoiceBecamePaid(before: InvoiceMoment, after: { hubspotId: string; status: string | null }): boolean {
  if (after.status !== 'paid') return false;
  return before.invoiceHubspotId !== after.hubspotId || before.invoiceStatus !== 'paid';
}

/** What a customer text is about beyond its deal: part of its dedupe key, and checked again when it goes out. */
/** An invoice's own texts (ready) name it; its reminders, which one (1 or 2) too. */
export type TextSubject = { scheduledAt: string } | { invoiceId: string; reminder?: number } | { ticketId: string } | { planId: string };

/**
 * What any deal notice is about: a text's subject, or for the e-mail-only kinds the quote sent
 * (its deal_command id) or the cancellation (cancellationOf).
 */
export type NoticeSubject = TextSubject | { quoteId: string } | { cancellation: string };

/**
 * One notice per occasion: a re-read, a retry or a second worker finds the key taken. A date is
 * part of the key, so a move gets new texts; an invoice, a ticket, a quote or a plan id, so each gets one.
 */
export function noticeKey(kind: Exclude<NoticeKind, 'portal_invite'>, dealId: string, subject: NoticeSubject): string {
  const about =
    'scheduledAt' in subject ? subject.scheduledAt
    : 'invoiceId' in subject ? (subject.reminder ? `${subject.invoiceId}:${subject.reminder}` : subject.invoiceId)
    : 'ticketId' in subject ? subject.ticketId
    : 'quoteId' in subject ? subject.quoteId
    : 'planId' in subject ? subject.planId
    : subject.cancellation;
  return `${kind}:${dealId}:${about}`;
}

/** The stages a deal is over in: nothing is canceled from them. */
const ENDED: ReadonlySet<string> = new Set([STAGE.CANCELED, STAGE.CLEANING_DONE, STAGE.QUOTE_CANCELED]);

/**
 * Whether a change of a mirrored deal cancels it, and the cancellation's subject: the deal
 * reached Canceled from a stage that was not over (a staff move or close-out, an approved
 * cancellation request, a change made in HubSpot). It is named by the version of the deal it
 * canceled (the hs_lastmodifieddate the mirror held, 'unmirrored' before the first): two pulls
 * racing over versions of one cancellation plan one notice, and a deal restored and canceled
 * again gets another. Nothing for a deal seen for the first time (applyDeals only calls this
 * for rows it held before), nor for a cleaning whose time had come (a close-out as a no-show or
 * a cancellation on the day, old deals tidied in HubSpot): the customer knows, and a "canceled"
 * e-mail after the visit would only puzzle them.
 */
export function cancellationOf(before: DealMoment & { hubspotUpdatedAt: Date | null }, after: DealMoment, now: Date): { cancellation: string } | null {
  if (after.stageId !== STAGE.CANCELED || ENDED.has(before.stageId)) return null;
  if (before.scheduledAt !== null && before.scheduledAt.getTime() <= now.getTime()) return null;
  return { cancellation: before.hubspotUpdatedAt?.toISOString() ?? 'unmirrored' };
}
