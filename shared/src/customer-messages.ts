import { arrivalWindow, easternHourMinute } from './cleaning-visit';
import { formatEasternShort } from './eastern-time';
import { smsProgramName } from './sms-consent';
import type { TicketNoun } from './tickets';

/**
 * The text messages a customer gets at the moments that matter (docs/customer-messages.md), one
 * template each. Plain words, the company's name first so the text is recognised, and at most one
 * link. Each fits one SMS segment (160 GSM-7 characters) with ordinary values
 * (customer-messages.test.ts); a long company name or address may take two.
 */
export const CUSTOMER_MESSAGE_KINDS = ['request_received', 'cleaning_confirmed', 'plan_confirmed', 'reminder', 'request_answered', 'rescheduled', 'invoice_ready', 'invoice_reminder', 'payment_received', 'rating_request', 'on_my_way'] as const;
export type CustomerMessageKind = (typeof CUSTOMER_MESSAGE_KINDS)[number];

/** What each text is, as the portal and the staff pages name it. */
export const CUSTOMER_MESSAGE_LABELS: Readonly<Record<CustomerMessageKind, string>> = {
  request_received: 'Request received',
  cleaning_confirmed: 'Cleaning confirmed',
  plan_confirmed: 'Plan confirmed',
  reminder: 'Reminder',
  request_answered: 'Request answered',
  rescheduled: 'Rescheduled',
  invoice_ready: 'Invoice ready',
  invoice_reminder: 'Invoice reminder',
  payment_received: 'Payment received',
  rating_request: 'Rating request',
  on_my_way: 'On my way',
};

export interface MessageContext {
  /** The company's name (configuration). */
  company: string;
  /** The company's phone, as people write it: (404) 555-0100. */
  phone: string;
  /** Where the customer signs in to the portal. */
  portalUrl: string;
}

/**
 * After a public booking request with the text box ticked: the first text, so it is the opt-in
 * confirmation carriers look for (Twilio 30540): the program, that frequency varies, message and
 * data rates, HELP and STOP. One segment with the demo company, so nothing else fits.
 */
export function requestReceivedSms(ctx: Pick<MessageContext, 'company'>, reference: string): string {
  return `${smsProgramName({ name: ctx.company })}: we got your cleaning request ${reference}. Msg freq varies. Msg&data rates may apply. Reply HELP for help, STOP to opt out.`;
}

/** The deal reached the scheduled stage with a date. */
export function cleaningConfirmedSms(ctx: MessageContext, reference: string, scheduledAt: Date): string {
  return `${ctx.company}: your cleaning ${reference} is confirmed for ${formatEasternShort(scheduledAt)}. Details: ${ctx.portalUrl}`;
}

/**
 * The office made the customer's recurring plan (docs/recurring-plans.md): the rule in words
 * ("Every Tuesday at 10:00 AM"), once for the series; each visit then gets its reminder.
 */
export function planConfirmedSms(ctx: MessageContext, rule: string): string {
  return `${ctx.company}: your plan is set: ${rule}. See or skip visits: ${ctx.portalUrl}`;
}

/** The day before a scheduled cleaning. */
export function reminderSms(ctx: MessageContext, scheduledAt: Date): string {
  return `${ctx.company} reminder: your cleaning is ${formatEasternShort(scheduledAt)}. Please make sure we can get in. Questions? Call ${ctx.phone}`;
}

/**
 * How the office answered a request, as far as its text can say it without a login: the
 * cleaning moved (to when), canceled, or the request declined (the cleaning staying when it
 * was); `answered` when we cannot tell (closed in HubSpot without our answer, a claim approved).
 */
export type RequestOutcome =
  | { kind: 'moved'; scheduledAt: Date }
  | { kind: 'canceled' }
  | { kind: 'declined'; scheduledAt: Date | null }
  | { kind: 'answered' };

/** 'Tue, Dec 8 at 10:00 AM ET': a text that answers a request names the zone of the time it gives. */
const withZone = (at: Date) => `${formatEasternShort(at)} ET`;

/**
 * A change or cancellation request, or a re-clean claim, was closed: what became of it, so the
 * customer need not sign in to find out. The portal has the why (a decline's reason can be
 * long), so a decline links it. Each fits one segment with ordinary values.
 */
export function requestAnsweredSms(ctx: MessageContext, reference: string, request: TicketNoun, outcome: RequestOutcome = { kind: 'answered' }): string {
  switch (outcome.kind) {
    case 'moved':
      return `${ctx.company}: we've moved your cleaning ${reference} to ${withZone(outcome.scheduledAt)}, as you asked. Details: ${ctx.portalUrl}`;
    case 'canceled':
      return `${ctx.company}: we've canceled your cleaning ${reference}, as you asked. Details: ${ctx.portalUrl}`;
    case 'declined': {
      const refused = request === 'cancellation request' ? `we can't cancel your cleaning ${reference}` : `we can't accept your ${request} for ${reference}`;
      const stays = outcome.scheduledAt && request !== 're-clean claim' ? `: it stays ${withZone(outcome.scheduledAt)}` : '';
      return `${ctx.company}: ${refused}${stays}. Why: ${ctx.portalUrl}`;
    }
    case 'answered':
      return `${ctx.company}: we've answered your ${request} for ${reference}. See the outcome in your portal: ${ctx.portalUrl}`;
  }
}

/** A confirmed cleaning's date changed. */
export function rescheduledSms(ctx: MessageContext, reference: string, scheduledAt: Date): string {
  return `${ctx.company}: your cleaning ${reference} has moved to ${formatEasternShort(scheduledAt)}. Details: ${ctx.portalUrl}`;
}

/** An open invoice appeared on a deal; its own payment link, or the portal's. */
export function invoiceReadySms(ctx: MessageContext, amount: string, payUrl: string | null): string {
  return `${ctx.company}: your invoice for ${amount} is ready. Pay online: ${payUrl ?? ctx.portalUrl}`;
}

/** An invoice still unpaid some days after its due date (docs/payments.md): its amount, the cleaning, its pay link. */
export function invoiceReminderSms(ctx: MessageContext, reference: string, amount: string, payUrl: string | null): string {
  return `${ctx.company}: a reminder, your invoice for ${amount} (${reference}) is still unpaid. Pay online: ${payUrl ?? ctx.portalUrl}`;
}

/** The customer paid a cleaning's invoice (docs/payments.md): the receipt, with the amount and the cleaning. */
export function paymentReceivedSms(ctx: MessageContext, reference: string, amount: string): string {
  return `${ctx.company}: thank you, we received your payment of ${amount} for ${reference}. Receipt: ${ctx.portalUrl}`;
}

/**
 * The cleaner tapped "On my way" with the minutes to arrive (docs/cleaner-day.md): their first
 * name and the window (arrivalWindow), Eastern. A cleaner without a first name on the roster is
 * "Your cleaner".
 */
export function onMyWaySms(ctx: Pick<MessageContext, 'company'>, cleanerFirstName: string | null, tappedAt: Date, minutes: number): string {
  const { from, to } = arrivalWindow(tappedAt, minutes);
  const who = cleanerFirstName?.trim() || 'Your cleaner';
  return `${ctx.company}: ${who} is on the way and should arrive between ${easternHourMinute(from)} and ${easternHourMinute(to)}.`;
}

/**
 * Our answer to a HELP reply, matching the consent words (sms-consent.ts) as campaign vetting
 * asks: the program, what it sends, how to reach a person, that frequency varies, message and
 * data rates, how to stop. One segment with ordinary values, so the phone (not the longer
 * e-mail address) is how to get help.
 */
export function helpReplySms(ctx: Pick<MessageContext, 'company' | 'phone'>): string {
  return `${smsProgramName({ name: ctx.company })}: cleaning updates & login codes. Help: ${ctx.phone}. Msg freq varies. Msg&data rates may apply. Reply STOP to opt out.`;
}

/** The placeholders of the after-hours answer's words (company configuration, texting.afterHoursReply). */
export const AFTER_HOURS_PLACEHOLDERS = { company: '{company}', reopens: '{reopens}' } as const;

/**
 * The automatic answer to a text received while the office is closed, from the company's own
 * words: {company} becomes its name, {reopens} when the office opens again ('tomorrow at 8 AM',
 * office-hours.ts reopeningText). One segment (company-schema.ts checks it with the longest
 * reopening there is).
 */
export function afterHoursReplySms(template: string, values: { company: string; reopens: string }): string {
  return template.replaceAll(AFTER_HOURS_PLACEHOLDERS.company, values.company).replaceAll(AFTER_HOURS_PLACEHOLDERS.reopens, values.reopens);
}
