import { z } from 'zod';
import { BOOKING_MIN_DAYS_AHEAD } from './constants';
import { minBookingDate } from './eastern-time';
import {
  type Clock,
  addressSchema,
  consentField,
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
import { SERVICE_FAMILY_NAMES, SQUARE_FOOTAGE_KEYS, productForFamily } from './services';
import { INVALID_SQUARE_FOOTAGE, SERVICE_REQUIRED } from './texts';

export const squareFootageKeyField = z.literal(SQUARE_FOOTAGE_KEYS, { error: INVALID_SQUARE_FOOTAGE });

/**
 * serviceType of the public booking is a service family name ('Basic Clean', 'Deep Clean',
 * 'Recurring Clean', 'Full Move Service'): the pricing card's `service` parameter. The
 * catalogue product follows from family + squareFootage (bookingProductId); above 2000 sq ft
 * or where a family has no product for the band the price is a custom quote.
 */
export const serviceFamilyField = z.enum(SERVICE_FAMILY_NAMES, { error: SERVICE_REQUIRED });

export interface BookingSchemaOptions {
  /** Company legal name, named in the consent message (§5). */
  legalName: string;
  /** Clock for the 5-day minimum (Eastern); a function is read at every parse. Defaults to the real clock. */
  now?: Clock;
}

/**
 * Public booking request as the API receives it (POST /api/hubspot/portal/requestBooking).
 * Strict: an unknown field is refused, a typo in a client never passes silently.
 * `agreed` must be true: we keep the consent with the request.
 */
export function bookingRequestSchema({ legalName, now }: BookingSchemaOptions) {
  return z
    .object({
      name: nameField,
      email: emailField,
      phone: usPhoneField,
      address: addressSchema,
      squareFootage: squareFootageKeyField,
      serviceType: serviceFamilyField,
      preferredDate: preferredDateField(minBookingDate, BOOKING_MIN_DAYS_AHEAD, now),
      description: descriptionField,
      quoteType: quoteTypeField,
      contactMethod: contactMethodField,
      timeOfDay: timeOfDayField,
      rooms: roomsSchema,
      agreed: consentField(legalName),
    })
    .strict();
}
export type BookingRequest = z.output<ReturnType<typeof bookingRequestSchema>>;
/** What a client sends (before defaults and normalising). */
export type BookingRequestInput = z.input<ReturnType<typeof bookingRequestSchema>>;

/** Catalogue product id of a booking, or null when it is a custom quote. */
export function bookingProductId(request: Pick<BookingRequest, 'serviceType' | 'squareFootage'>): string | null {
  return productForFamily(request.serviceType, request.squareFootage)?.id ?? null;
}
