import type { Company } from '@app/shared/company';
import { formatUsPhone } from '@app/shared/phone';
import { smsConsentWords, smsProgramName } from '@app/shared/sms-consent';
import {
  ASSESSMENT_MINUTES,
  ASSESSMENT_PRICE_CENTS,
  BOOKING_MIN_DAYS_AHEAD,
  CHANGE_LOCK_MS,
  CONTACT_PROMISE_MS,
  FIRST_BOOKING_DISCOUNT_PERCENT,
  LOGIN_CODE_LENGTH,
  PACKAGE_MAX_DURATION_MS,
  PORTAL_HISTORY_LIMIT,
  PORTAL_MIN_DAYS_AHEAD,
  RECURRING_FREQUENCIES,
} from '@app/shared/constants';

/*
 * The numbers the policies quote, in words. They are derived from the business constants so
 * that a policy can never promise something the product does not do (or stop promising it when
 * a constant changes) — e.g. the cancellation policy and the portal's 24-hour lock share one value.
 */

const HOUR_MS = 60 * 60 * 1000;

function hours(ms: number): string {
  const n = ms / HOUR_MS;
  return `${n} ${n === 1 ? 'hour' : 'hours'}`;
}

/** "a, b or c": the way the policies list alternatives. */
export function listWords(items: readonly string[], conjunction: 'and' | 'or'): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${conjunction} ${items[items.length - 1] ?? ''}`;
}

/** "10%" */
export const DISCOUNT = `${FIRST_BOOKING_DISCOUNT_PERCENT}%`;
/** "24 hours": no change or cancellation this close to the cleaning. */
export const CHANGE_LOCK = hours(CHANGE_LOCK_MS);
/** 24, for "the 24-hour rule". */
export const CHANGE_LOCK_HOURS = CHANGE_LOCK_MS / HOUR_MS;
/** "24 hours": how soon we reply to a booking request. */
export const CONTACT_PROMISE = hours(CONTACT_PROMISE_MS);
/** "15-minute" */
export const ASSESSMENT_LENGTH = `${ASSESSMENT_MINUTES}-minute`;
/** "free" today; spelled out as a price should the assessment ever be charged. */
export const ASSESSMENT_PRICE =
  ASSESSMENT_PRICE_CENTS === 0 ? 'free' : `$${(ASSESSMENT_PRICE_CENTS / 100).toFixed(2)}`;
export const BOOKING_DAYS_AHEAD = `${BOOKING_MIN_DAYS_AHEAD} days`;
export const PORTAL_DAYS_AHEAD = `${PORTAL_MIN_DAYS_AHEAD} days`;
export const BASIC_DURATION = hours(PACKAGE_MAX_DURATION_MS.basic);
export const DEEP_DURATION = hours(PACKAGE_MAX_DURATION_MS.deep);
/** "weekly, bi-weekly or monthly" */
export const FREQUENCIES = listWords(RECURRING_FREQUENCIES, 'or');
export const CODE_DIGITS = `${LOGIN_CODE_LENGTH}-digit`;
export const HISTORY_LIMIT = PORTAL_HISTORY_LIMIT;

/*
 * Business choices the policies commit to that docs/product.md does not fix. They
 * live here, apart from the wording, so the owners can review and change them in one place.
 */

/**
 * How long after a cleaning a customer can report a missed area or damage: the company's
 * guarantee window (its configuration, which also bounds the portal's re-clean claim).
 */
export function issueReportWindow(brand: Company): string {
  return hours(brand.guaranteeWindowHours * HOUR_MS);
}

/** The sentence every policy opens its first section with, so "we" always names the legal entity. */
export function whoWeAre(brand: Company, thisDocument = 'this policy'): string {
  return `In ${thisDocument}, "we", "us" and "our" mean ${brand.legalName}, a home and office cleaning company serving ${brand.region}. "You" means the person using our website or services.`;
}

/**
 * The text message program as the booking form, the portal and the login page describe it (sms-consent.ts), for
 * the privacy policy and the terms: campaign vetting compares them with the opt-in (texts on a
 * box of their own, never needed to book; a login request gets its code only).
 */
export function textProgramParagraphs(brand: Company): string[] {
  const program = smsProgramName(brand);
  return [
    `When you tick the box for texts on our booking form, or turn texts on in the customer portal, we send ${program} to the phone number you gave. ${smsConsentWords('booking', brand).disclosure} Texts are optional: you can book without them, and turn them off in the portal at any time. When you ask for a login code, we text you that code, and nothing more unless you chose texts when booking or in the portal.`,
    `Reply STOP to any of our texts to stop them, and START to receive them again. Reply HELP, call ${formatUsPhone(brand.phone)} or e-mail ${brand.email} for help. Only US phone numbers (+1) are supported. Carriers are not liable for delayed or undelivered messages.`,
  ];
}

/** The closing contact paragraph most policies end with. */
export function questionsParagraph(brand: Company, thisDocument = 'this policy'): string {
  return `If you have a question about ${thisDocument}, e-mail ${brand.legalName} at ${brand.email} or use the form on our Contact page.`;
}
