import { z } from 'zod';
import { MAX_PHOTOS, STATE_LENGTH } from './constants';
import { addDays, easternToday, isCalendarDate, isOnOrAfterMinDate } from './eastern-time';
import { isUsPhone, normalizeUsPhone } from './phone';
import {
  SMS_CONSENT_VERSION_ERROR,
  TEXTS_AGREED_ERROR,
  isSmsConsentVersion,
  takesBookings,
  type SmsConsentVersion,
} from './sms-consent';
import {
  ADDRESS_REQUIRED,
  CITY_REQUIRED,
  CONTACT_METHOD_REQUIRED,
  DATE_REQUIRED,
  DESCRIPTION_TOO_LONG,
  EMAIL_ERROR,
  NAME_REQUIRED,
  PHONE_10_DIGITS_ERROR,
  PHOTOS_TOO_MANY,
  QUOTE_TYPE_REQUIRED,
  STATE_ERROR,
  STREET_REQUIRED,
  TIME_OF_DAY_REQUIRED,
  ZIP_FORMAT_ERROR,
  consentRequiredMessage,
  dateTooSoonMessage,
  DATE_TOO_FAR,
} from './texts';

/**
 * Field schemas shared by the payload schemas (server) and the form schemas (browser), so
 * both refuse the same values with the same message. The type error of a missing field
 * carries the field's message too: the API's 400 names the field with readable text.
 */

export const DESCRIPTION_MAX = 2000;

/** A required, trimmed, bounded text field with one message for empty and wrong type. */
export function requiredText(message: string, max = 200) {
  return z.string({ error: message }).trim().min(1, { error: message }).max(max, { error: message });
}

/** Trimmed and lower-cased: contacts are matched by e-mail, so 'A@B.com' and 'a@b.com' are one person. */
export const emailField = z
  .string({ error: EMAIL_ERROR })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: EMAIL_ERROR }).max(254, { error: EMAIL_ERROR }));

export const nameField = requiredText(NAME_REQUIRED, 100);

/** Already normalised '+1' + 10 digits: what the booking form sends (§3). */
export const usPhoneField = z.string({ error: PHONE_10_DIGITS_ERROR }).refine(isUsPhone, { error: PHONE_10_DIGITS_ERROR });

/** Any common US spelling ('(404) 555-1234', '+1 404…'), normalised to +1XXXXXXXXXX; never drops digits. */
export const usPhoneInputField = z.string({ error: PHONE_10_DIGITS_ERROR }).transform((value, ctx) => {
  const phone = normalizeUsPhone(value);
  if (phone === null) {
    ctx.issues.push({ code: 'custom', message: PHONE_10_DIGITS_ERROR, input: value });
    return z.NEVER;
  }
  return phone;
});

export const zipField = z.string({ error: ZIP_FORMAT_ERROR }).trim().regex(/^\d{5}$/, { error: ZIP_FORMAT_ERROR });

/** Two letters, upper-cased (§5); 'ga' is accepted and stored as 'GA'. */
export const stateField = z
  .string({ error: STATE_ERROR })
  .trim()
  .toUpperCase()
  .regex(new RegExp(`^[A-Z]{${STATE_LENGTH}}$`), { error: STATE_ERROR });

/** Structured address of the public booking; joinStateZip gives the 'state zip' text of docs/product.md §3. */
export const addressSchema = z
  .object(
    {
      street: requiredText(STREET_REQUIRED, 200),
      city: requiredText(CITY_REQUIRED, 100),
      state: stateField,
      zip: zipField,
    },
    { error: ADDRESS_REQUIRED },
  )
  .strict();
export type Address = z.output<typeof addressSchema>;

/**
 * The joined form of docs/product.md §3 split back into its parts: street (which may hold
 * commas of its own), city, then 'state zip' after the last comma. What cannot be told apart
 * is left empty, so addressSchema names the part that is missing.
 */
export function splitJoinedAddress(text: string): Record<keyof Address, string> {
  const parts = text.split(',').map((part) => part.trim());
  const stateZip = parts.length > 1 ? (parts.pop() ?? '') : '';
  const city = parts.length > 1 ? (parts.pop() ?? '') : '';
  const [state = '', ...zip] = stateZip.split(/\s+/);
  return { street: parts.join(', '), city, state, zip: zip.join(' ') };
}

/**
 * A booking's address as a client sends it: the object the web form sends, or the one string
 * of docs/product.md §3 ('12 Peachtree St NE, Atlanta, GA 30303'), stored as the same object.
 */
export const bookingAddressField = z.union(
  [addressSchema, z.string().max(400, { error: ADDRESS_REQUIRED }).transform(splitJoinedAddress).pipe(addressSchema)],
  { error: ADDRESS_REQUIRED },
);

/** The joined form of docs/product.md §3, e.g. joinStateZip('GA', '30303') → 'GA 30303'. */
export function joinStateZip(state: string, zip: string): string {
  return `${state} ${zip}`;
}

/** One-line address: '123 Peachtree St, Atlanta, GA 30303'. */
export function formatAddress(address: Address): string {
  return `${address.street}, ${address.city}, ${joinStateZip(address.state, address.zip)}`;
}

/** Optional free text: null, '' and whitespace become undefined so "not given" has one form. */
export const descriptionField = z
  .string({ error: DESCRIPTION_TOO_LONG })
  .trim()
  .max(DESCRIPTION_MAX, { error: DESCRIPTION_TOO_LONG })
  .nullish()
  .transform((v) => (v ? v : undefined));

/** A clock read at parse time, so a schema built once at server start never goes stale. */
export type Clock = Date | (() => Date);
export const readClock = (now: Clock | undefined): Date => (typeof now === 'function' ? now() : (now ?? new Date()));

/** How far ahead a cleaning can be asked for (days from today, Eastern). */
export const MAX_DAYS_AHEAD = 365;

/**
 * 'YYYY-MM-DD' on or after the minimum date that `minDate` computes from the clock (Eastern),
 * and at most a year ahead (a date in 9999 is a typo or a probe, never a booking).
 */
export function preferredDateField(minDate: (now: Date) => string, daysAhead: number, now?: Clock) {
  // One check giving the first rule broken. Not `abort: true` refinements: an explicitly aborted
  // issue would also skip the form's cross-field checks (a recurring clean's frequency), so a
  // missing date would hide them.
  return z.string({ error: DATE_REQUIRED }).check((payload) => {
    const date = payload.value;
    const message = !/^\d{4}-\d{2}-\d{2}$/.test(date) || !isCalendarDate(date)
      ? DATE_REQUIRED
      : !isOnOrAfterMinDate(date, minDate(readClock(now)))
        ? dateTooSoonMessage(daysAhead)
        : date > addDays(easternToday(readClock(now)), MAX_DAYS_AHEAD)
          ? DATE_TOO_FAR
          : null;
    if (message) payload.issues.push({ code: 'custom', message, input: date });
  });
}

// Option values are ours (docs/product.md §3 names the fields, not their options).
export const TIMES_OF_DAY = ['morning', 'afternoon', 'evening'] as const;
export const CONTACT_METHODS = ['phone', 'text', 'email'] as const;
export const QUOTE_TYPES = ['in-person', 'virtual'] as const;
export const timeOfDayField = z.enum(TIMES_OF_DAY, { error: TIME_OF_DAY_REQUIRED });
export const contactMethodField = z.enum(CONTACT_METHODS, { error: CONTACT_METHOD_REQUIRED });
export const quoteTypeField = z.enum(QUOTE_TYPES, { error: QUOTE_TYPE_REQUIRED });

/** The version of the text message terms the form showed (sms-consent.ts): required, and one we published. */
export const smsConsentVersionField = z
  .string({ error: SMS_CONSENT_VERSION_ERROR })
  .refine(isSmsConsentVersion, { error: SMS_CONSENT_VERSION_ERROR })
  .transform((value) => value as SmsConsentVersion);

/** A booking's version: never one that bundled texts into the agreement (2026-11-27). */
export const bookingConsentVersionField = smsConsentVersionField.refine(takesBookings, { error: SMS_CONSENT_VERSION_ERROR });

/** The booking form's optional text box: ticked or not, always said (a page that does not say is refused). */
export const textsAgreedField = z.boolean({ error: TEXTS_AGREED_ERROR });

/** The agreed checkbox: must be exactly true, with the §5 consent alert naming the company. */
export function consentField(legalName: string) {
  return z.literal(true, { error: consentRequiredMessage(legalName) });
}

/** A photo as the browser's File has it; structural so this package needs no DOM types. */
export interface PhotoFile {
  name: string;
  size: number;
  type: string;
}
const photoFile = z.custom<PhotoFile>(
  (v) => typeof v === 'object' && v !== null && typeof (v as PhotoFile).name === 'string' && typeof (v as PhotoFile).size === 'number',
);
/** Photos stay in the form (never sent, §3), at most 5. */
export const photosField = z.array(photoFile).max(MAX_PHOTOS, { error: PHOTOS_TOO_MANY }).default([]);

/** §5 "Up to 5 photos kept": extra picks are dropped rather than refused. */
export function keepPhotos<T>(files: readonly T[]): T[] {
  return files.slice(0, MAX_PHOTOS);
}
