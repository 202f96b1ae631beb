import { ZIP_LENGTH } from './constants';
import { isServedZip } from './service-area';
import { BOOKING_OUT_OF_AREA_WARNING, ZIP_FORMAT_ERROR, ZIP_NOT_SERVED, ZIP_SERVED } from './texts';

/** The three zip checker results of docs/product.md §4. */
export type ZipCheckResult = 'valid' | 'invalid' | 'format';

const FIVE_DIGITS = /^\d{5}$/;

export function isFiveDigitZip(value: string): boolean {
  return FIVE_DIGITS.test(value);
}

/** What the zip input keeps of what was typed: digits only, at most 5 (§5 "only digits can be typed"). */
export function zipInput(raw: string): string {
  return raw.replace(/\D/g, '').slice(0, ZIP_LENGTH);
}

/** 'format' unless exactly 5 digits; then 'valid' inside the service area, else 'invalid'. */
export function checkZip(input: string): ZipCheckResult {
  if (!isFiveDigitZip(input)) return 'format';
  return isServedZip(input) ? 'valid' : 'invalid';
}

export const ZIP_CHECK_MESSAGES: Readonly<Record<ZipCheckResult, string>> = {
  valid: ZIP_SERVED,
  invalid: ZIP_NOT_SERVED,
  format: ZIP_FORMAT_ERROR,
};

export function zipCheckMessage(result: ZipCheckResult): string {
  return ZIP_CHECK_MESSAGES[result];
}

/**
 * The booking form's out-of-area warning (§5): shown for a well-formed zip outside the
 * service area; it never blocks the submission. Null when there is nothing to warn about.
 */
export function bookingZipWarning(zip: string): string | null {
  return checkZip(zip) === 'invalid' ? BOOKING_OUT_OF_AREA_WARNING : null;
}
