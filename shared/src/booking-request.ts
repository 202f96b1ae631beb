import { z } from 'zod';
import { BOOKING_MIN_DAYS_AHEAD } from './constants';
import { minBookingDate } from './eastern-time';
import {
  type Clock,
  addressSchema,
  bookingAddressField,
  bookingConsentVersionField,
  consentField,
  textsAgreedField,
  contactMethodField,
  descriptionField,
  emailField,
  nameField,
  preferredDateField,
  quoteTypeField,
  timeOfDayField,
  usPhoneField,
} from './form-fields';
import { roomsSchema } from './rooms';
import { PRODUCT_SPEC_CONSENT_VERSION, SMS_CONSENT_VERSION_ERROR, TEXTS_AGREED_ERROR, isSmsConsentVersion, offersTextsChoice, type SmsConsentVersion } from './sms-consent';
import { SERVICE_FAMILY_NAMES, SQUARE_FOOTAGE_KEYS } from './services';
import { BOOKABLE_ADD_ON_IDS, RECURRING_FAMILY, RECURRING_FREQUENCIES, VISIT_TYPES } from './booking-price';
import { ADD_ON_INVALID, FREQUENCY_REQUIRED, INVALID_SQUARE_FOOTAGE, SERVICE_REQUIRED, VISIT_TYPE_REQUIRED } from './texts';

export const squareFootageKeyField = z.literal(SQUARE_FOOTAGE_KEYS, { error: INVALID_SQUARE_FOOTAGE });

/**
 * serviceType of the public booking is a service family name ('Basic Clean', 'Deep Clean',
 * 'Recurring Clean', 'Full Move Service'): the pricing card's `service` parameter. The
 * catalogue product follows from family, squareFootage and (recurring) visit type; from 2001 sq
 * ft up the request is a custom quote (shared/src/booking-price.ts).
 */
export const serviceFamilyField = z.enum(SERVICE_FAMILY_NAMES, { error: SERVICE_REQUIRED });

export const frequencyField = z.enum(RECURRING_FREQUENCIES, { error: FREQUENCY_REQUIRED });
export const visitTypeField = z.enum(VISIT_TYPES, { error: VISIT_TYPE_REQUIRED });
/** Priced add-ons, each at most once (in the order chosen). */
export const bookingAddOnsField = z
  .array(z.string({ error: ADD_ON_INVALID }), { error: ADD_ON_INVALID })
  .refine((ids) => ids.every((id) => BOOKABLE_ADD_ON_IDS.includes(id)) && new Set(ids).size === ids.length, { error: ADD_ON_INVALID })
  .default([]);

interface RecurringChoice {
  serviceType: string;
  frequency?: string | undefined;
  visitType?: string | undefined;
}

const isRecurringPayload = (payload: { value: unknown }) =>
  typeof payload.value === 'object' && payload.value !== null && (payload.value as RecurringChoice).serviceType === RECURRING_FAMILY;

/**
 * A Recurring Clean needs how often and which visit, each reported on its own field, also while
 * other fields are still wrong (`when`), so the form shows every missing answer at once. Any
 * other service has neither (a form may still hold them from a service chosen before: they are
 * dropped by withoutStaleRecurringChoice).
 */
type RecurringCheck = [(v: RecurringChoice) => boolean, { path: PropertyKey[]; error: string; when: (payload: { value: unknown }) => boolean }];
const chosenWhenRecurring = (field: 'frequency' | 'visitType', error: string): RecurringCheck => [
  (v) => v.serviceType !== RECURRING_FAMILY || Boolean(v[field]),
  { path: [field], error, when: isRecurringPayload },
];
export const frequencyChosen = chosenWhenRecurring('frequency', FREQUENCY_REQUIRED);
export const visitTypeChosen = chosenWhenRecurring('visitType', VISIT_TYPE_REQUIRED);

export function withoutStaleRecurringChoice<T extends RecurringChoice>(value: T): T {
  if (value.serviceType === RECURRING_FAMILY) return value;
  const { frequency: _frequency, visitType: _visitType, ...rest } = value;
  return rest as T;
}

export interface BookingSchemaOptions {
  /** Company legal name, named in the consent message (§5). */
  legalName: string;
  /** Clock for the 5-day minimum (Eastern); a function is read at every parse. Defaults to the real clock. */
  now?: Clock;
}

/**
 * The answers the browser form (booking-form.ts) and the API check alike: a new answer of that
 * kind is added here once. The others differ between the two (what an input holds against what
 * is sent) and are listed by each schema.
 */
export function commonBookingFields({ legalName, now }: BookingSchemaOptions) {
  return {
    name: nameField,
    email: emailField,
    address: addressSchema,
    serviceType: serviceFamilyField,
    preferredDate: preferredDateField(minBookingDate, BOOKING_MIN_DAYS_AHEAD, now),
    description: descriptionField,
    quoteType: quoteTypeField,
    contactMethod: contactMethodField,
    timeOfDay: timeOfDayField,
    agreed: consentField(legalName),
    /** The separate, optional text box: ticked or not (kept with the request; unticked, no texts but login codes). */
    textsAgreed: textsAgreedField,
  };
}

/**
 * A booking that names no version of the text message terms was sent by a client written from
 * docs/product.md alone (§3 lists no agreed, textsAgreed or consentVersion): it showed the
 * spec's own words, with no box for texts. Such a request is taken under those words and agrees
 * to no texts (none but login codes until the customer opts in); a version with a box of its
 * own needs the box's answer, and only under such a version can a request agree to texts.
 */
type ConsentChoice = { consentVersion?: SmsConsentVersion | undefined; textsAgreed?: boolean | undefined };
type ConsentCheck = [(v: ConsentChoice) => boolean, { path: PropertyKey[]; error: string }];
// Also run when a field failed before them, so they read the raw value.
const showedTextsBox = (version: unknown) => isSmsConsentVersion(version) && offersTextsChoice(version);
const textsChoiceSaid: ConsentCheck = [
  (v) => !showedTextsBox(v.consentVersion) || v.textsAgreed !== undefined,
  { path: ['textsAgreed'], error: TEXTS_AGREED_ERROR },
];
const textsOnlyUnderTheirBox: ConsentCheck = [
  (v) => v.textsAgreed !== true || showedTextsBox(v.consentVersion),
  { path: ['consentVersion'], error: SMS_CONSENT_VERSION_ERROR },
];
function underNamedWords<T extends ConsentChoice>(value: T): T & { agreed: true; consentVersion: SmsConsentVersion; textsAgreed: boolean } {
  return { ...value, agreed: true, consentVersion: value.consentVersion ?? PRODUCT_SPEC_CONSENT_VERSION, textsAgreed: value.textsAgreed ?? false };
}

/**
 * Public booking request as the API receives it (POST /api/hubspot/portal/requestBooking).
 * Strict: an unknown field is refused, a typo in a client never passes silently. It takes the
 * payload of docs/product.md §3 as listed, and what the web form adds:
 * - address: the joined string of §3 or the web form's object;
 * - agreed: §3's form holds it and sends it only ticked; absent means the same, false is refused;
 * - consentVersion and textsAgreed: see underNamedWords above;
 * - a Recurring Clean's frequency and visitType: a request without them is kept, and the office
 *   settles them with the customer (toSettle below, the cleaning's panel); the web form asks them.
 */
export function bookingRequestSchema(options: BookingSchemaOptions) {
  return z
    .object({
      ...commonBookingFields(options),
      address: bookingAddressField,
      agreed: consentField(options.legalName).optional(),
      textsAgreed: textsAgreedField.optional(),
      /** Which text message terms the form showed (sms-consent.ts); kept with the request. */
      consentVersion: bookingConsentVersionField.optional(),
      phone: usPhoneField,
      squareFootage: squareFootageKeyField,
      rooms: roomsSchema,
      frequency: frequencyField.optional(),
      visitType: visitTypeField.optional(),
      addOns: bookingAddOnsField,
    })
    .strict()
    .refine(...textsChoiceSaid)
    .refine(...textsOnlyUnderTheirBox)
    .transform(withoutStaleRecurringChoice)
    .transform(underNamedWords);
}
/** What a booking left for the office to settle with the customer (a client of the spec may send a Recurring Clean without them). */
export const SETTLE_FREQUENCY = 'How often: the booking did not say. Settle it with the customer; the quote names it.';
export const SETTLE_VISIT_TYPE = 'Basic or deep visits: the booking did not say. Settle it with the customer; the quote names it.';

export function toSettle(deal: { serviceType: string | null; frequency: string | null; visitType: string | null }): string[] {
  if (deal.serviceType !== RECURRING_FAMILY) return [];
  return [...(deal.frequency ? [] : [SETTLE_FREQUENCY]), ...(deal.visitType ? [] : [SETTLE_VISIT_TYPE])];
}

export type BookingRequest = z.output<ReturnType<typeof bookingRequestSchema>>;
/** What a client sends (before defaults and normalising). */
export type BookingRequestInput = z.input<ReturnType<typeof bookingRequestSchema>>;
