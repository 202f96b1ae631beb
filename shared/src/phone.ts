import { PHONE_DIGITS, US_COUNTRY_CODE } from './constants';

/** US phone in the one form we store and send: '+1' and exactly 10 digits. */
const US_PHONE = /^\+1\d{10}$/;

export function isUsPhone(value: string): boolean {
  return US_PHONE.test(value);
}

const digitsOf = (raw: string): string => raw.replace(/\D/g, '');

/**
 * Booking and contact form rule (§5): keep digits only, the first 10 of them, prefixed +1.
 * Typing is therefore capped at 10 digits; the result is a valid US phone only once
 * 10 digits have been typed (check with isUsPhone).
 */
export function toBookingPhone(raw: string): string {
  return US_COUNTRY_CODE + digitsOf(raw).slice(0, PHONE_DIGITS);
}

/**
 * Login rule (§5): strip every non-digit; digits that start with 1 are taken to carry the
 * country code already ('+' + digits), anything else gets '+1'. So '1 (404) 555-1234' and
 * '404-555-1234' both become '+14045551234'.
 */
export function toLoginPhone(raw: string): string {
  const digits = digitsOf(raw);
  return digits.startsWith('1') ? `+${digits}` : `${US_COUNTRY_CODE}${digits}`;
}

/**
 * Lenient server-side normaliser for a phone someone typed in any common US form:
 * '(404) 555-1234', '404.555.1234', '+1 404 555 1234'. Returns +1XXXXXXXXXX or null.
 * Unlike toBookingPhone it never silently drops digits, so a mistyped number is refused.
 */
export function normalizeUsPhone(raw: string): string | null {
  let digits = digitsOf(raw);
  if (digits.length === PHONE_DIGITS + 1 && digits.startsWith('1')) digits = digits.slice(1);
  return digits.length === PHONE_DIGITS ? US_COUNTRY_CODE + digits : null;
}
