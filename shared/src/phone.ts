import { PHONE_DIGITS, US_COUNTRY_CODE } from './constants';

/**
 * US phone in the one form we store and send: '+1' and exactly 10 digits, the area code not
 * starting with 0 or 1 (no US area code does: '+1 1404…' is a country code typed twice, or a
 * digit missing).
 */
const US_PHONE = /^\+1[2-9]\d{9}$/;

export function isUsPhone(value: string): boolean {
  return US_PHONE.test(value);
}

const digitsOf = (raw: string): string => raw.replace(/\D/g, '');

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
 * The US phone normaliser of every form and the api: a phone typed in any common US form
 * ('(404) 555-1234', '404.555.1234', '+1 404 555 1234') as +1XXXXXXXXXX, or null. Digits only,
 * a leading 1 dropped when there are 11, exactly 10 required (a real area code first): it never drops a digit silently
 * (§5's booking rule, "the first 10 digits", turned '+1 (404) 555-7788' into a stranger's
 * number), so a mistyped number is refused.
 */
export function normalizeUsPhone(raw: string): string | null {
  let digits = digitsOf(raw);
  if (digits.length === PHONE_DIGITS + 1 && digits.startsWith('1')) digits = digits.slice(1);
  const phone = US_COUNTRY_CODE + digits;
  return isUsPhone(phone) ? phone : null;
}

/** A stored +1XXXXXXXXXX as people write it: '(404) 555-7788'; anything else as it is. */
export function formatUsPhone(phone: string): string {
  const match = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(phone);
  return match ? `(${match[1]}) ${match[2]}-${match[3]}` : phone;
}

/** What a phone field shows once left: a valid number written as people do, else null (left as typed). */
export function tidyUsPhone(typed: string): string | null {
  const phone = normalizeUsPhone(typed);
  return phone === null ? null : formatUsPhone(phone);
}

/**
 * The number customers text back to, from our sender (TWILIO_FROM): itself when it is a phone
 * number (E.164), null for a Messaging Service (MG…), whose numbers we do not know.
 */
export function replyNumberOf(sender: string | null | undefined): string | null {
  return sender?.startsWith('+') ? sender : null;
}
