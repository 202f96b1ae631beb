import { z } from 'zod';
import { BOOKING_MIN_DAYS_AHEAD } from './constants';
import { minBookingDate } from './eastern-time';
import {
  type Clock,
  addressSchema,
  bookingConsentVersionField,
  consentField,
  textsAgreedField,
  textsAgreedForTextContact,
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
 * Public booking request as the API receives it (POST /api/hubspot/portal/requestBooking).
 * Strict: an unknown field is refused, a typo in a client never passes silently.
 * `agreed` must be true: we keep the consent with the request. `textsAgreed` (the text box) is
 * optional to tick but always said, and kept with it too.
 */
export function bookingRequestSchema(options: BookingSchemaOptions) {
  return z
    .object({
      ...commonBookingFields(options),
      phone: usPhoneField,
      squareFootage: squareFootageKeyField,
      rooms: roomsSchema,
      /** Which text message terms the form showed (sms-consent.ts); kept with the request. */
      consentVersion: bookingConsentVersionField,
      frequency: frequencyField.optional(),
      visitType: visitTypeField.optional(),
      addOns: bookingAddOnsField,
    })
    .strict()
    .refine(...frequencyChosen)
    .refine(...visitTypeChosen)
    .refine(...textsAgreedForTextContact)
    .transform(withoutStaleRecurringChoice);
}
export type BookingRequest = z.output<ReturnType<typeof bookingRequestSchema>>;
/** What a client sends (before defaults and normalising). */
export type BookingRequestInput = z.input<ReturnType<typeof bookingRequestSchema>>;
