/**
 * Business constants and limits of docs/product.md §9 (plus the few §2/§4 values the code branches on).
 * Durations are milliseconds so they can go straight into setTimeout and date arithmetic.
 */

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

// ── Timings (§2, §4, §7) ────────────────────────────────────────────────────────
export const SIGNED_OUT_BANNER_MS = 15 * SECOND;
/** Booking submit "creating" pause before the request is sent. */
export const BOOKING_CREATING_DELAY_MS = 2 * SECOND;
/** Booking submit "tidying" overlay before the redirect to the confirmation page. */
export const BOOKING_TIDYING_DELAY_MS = 2 * SECOND;
/** Manage-booking modal closes this long after 'Request Submitted'. */
export const SUCCESS_MODAL_CLOSE_MS = 1.2 * SECOND;
/**
 * How often the portal's pages (and the cleaner's My day) ask for their data again: a change
 * the office makes shows within this without a reload.
 */
export const PORTAL_POLL_MS = 15 * SECOND;

// ── Date rules (§5, §9) ─────────────────────────────────────────────────────────
export const BOOKING_MIN_DAYS_AHEAD = 5;
export const PORTAL_MIN_DAYS_AHEAD = 3;
/** No change or cancel when the appointment is at most this far ahead. */
export const CHANGE_LOCK_MS = 24 * HOUR;
/** Every time is shown in, and calendar dates are computed in, Eastern Time. */
export const BUSINESS_TIME_ZONE = 'America/New_York';

// ── Field limits (§9) ───────────────────────────────────────────────────────────
export const MAX_PHOTOS = 5;
export const STATE_LENGTH = 2;
export const ZIP_LENGTH = 5;
export const PHONE_DIGITS = 10;
export const US_COUNTRY_CODE = '+1';
/** Described as 6 digits; deliberately not enforced on the client (§5). */
export const LOGIN_CODE_LENGTH = 6;

// ── Portal (§4, §9) ─────────────────────────────────────────────────────────────
export const PORTAL_HISTORY_LIMIT = 6;
/** Ticket pipeline stages meaning the change/cancel request is closed. */
export const TICKET_CLOSED_STAGES: ReadonlySet<string> = new Set(['4', '1613485805', '1613485806']);

// ── Cookie consent (§2, §9) ─────────────────────────────────────────────────────
/** localStorage key, prefixed with the product name so it never collides with other apps on the origin. */
export const COOKIE_CONSENT_KEY = 'atlantahomecleaning.cookieConsent';
export const COOKIE_CONSENT_VALUE = 'true';

// ── Offer (§1, §9) ──────────────────────────────────────────────────────────────
export const FIRST_BOOKING_DISCOUNT_PERCENT = 10;
export const ASSESSMENT_MINUTES = 15;
export const ASSESSMENT_PRICE_CENTS = 0;
export const CONTACT_PROMISE_MS = 24 * HOUR;
export const PACKAGE_MAX_DURATION_MS = { basic: 2 * HOUR, deep: 4 * HOUR } as const;
export const RECURRING_FREQUENCIES = ['weekly', 'bi-weekly', 'monthly'] as const;
export type RecurringFrequency = (typeof RECURRING_FREQUENCIES)[number];

// ── Admin calendar (§2, §9) ─────────────────────────────────────────────────────
/** FullCalendar's name for the week view with time slots. */
export const CALENDAR_DEFAULT_VIEW = 'timeGridWeek';

// ── Legal (§2) ──────────────────────────────────────────────────────────────────
export const LEGAL_DOCUMENTS = [
  'promo',
  'privacy',
  'terms',
  'limited-liability',
  'contact',
  'cancellation',
  'refunds',
  'payments',
  'severability',
  'cookie',
  'subscription',
  'portal',
] as const;
export type LegalDocument = (typeof LEGAL_DOCUMENTS)[number];
/** The name the policy documents and the /legal/<slug>.html build step use for the same type. */
export type LegalDocumentSlug = LegalDocument;
export const LEGAL_DISPLAY_DATE = 'June 23, 2025';
