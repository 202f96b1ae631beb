import { z } from 'zod';
import { BOOKING_MIN_DAYS_AHEAD } from './constants';
import { type BookingRequest, type BookingSchemaOptions, serviceFamilyField } from './booking-request';
import { minBookingDate } from './eastern-time';
import {
  addressSchema,
  consentField,
  contactMethodField,
  descriptionField,
  emailField,
  nameField,
  photosField,
  preferredDateField,
  quoteTypeField,
  timeOfDayField,
  usPhoneField,
} from './form-fields';
import { toBookingPhone } from './phone';
import { roomsFormSchema } from './rooms';
import { sqftSelectValue } from './services';
import { INVALID_SQUARE_FOOTAGE, PHONE_10_DIGITS_ERROR } from './texts';

/**
 * The public booking form in the browser (react-hook-form resolver). Same field rules as
 * bookingRequestSchema, but it takes what inputs hold (strings) and normalises them:
 * phone by the §5 booking rule, square footage by the §5 select mapping, room counts from
 * number inputs. It also holds the photos, which are never sent. Not strict: form state
 * may carry UI-only fields.
 */
export function bookingFormSchema(options: BookingSchemaOptions) {
  return z.object({
    name: nameField,
    email: emailField,
    phone: z.string({ error: PHONE_10_DIGITS_ERROR }).transform(toBookingPhone).pipe(usPhoneField),
    address: addressSchema,
    squareFootage: z.union([z.string(), z.number()], { error: INVALID_SQUARE_FOOTAGE }).transform((value, ctx) => {
      const mapped = sqftSelectValue(value);
      if (mapped.ok) return mapped.value;
      ctx.issues.push({ code: 'custom', message: mapped.error, input: value });
      return z.NEVER;
    }),
    serviceType: serviceFamilyField,
    preferredDate: preferredDateField(minBookingDate, BOOKING_MIN_DAYS_AHEAD, options.now),
    description: descriptionField,
    quoteType: quoteTypeField,
    contactMethod: contactMethodField,
    timeOfDay: timeOfDayField,
    rooms: roomsFormSchema,
    agreed: consentField(options.legalName),
    photos: photosField,
  });
}
export type BookingFormValues = z.output<ReturnType<typeof bookingFormSchema>>;
export type BookingFormInput = z.input<ReturnType<typeof bookingFormSchema>>;

/** The JSON body to send: the validated form without the photos. */
export function toBookingRequest(form: BookingFormValues): BookingRequest {
  const { photos: _photos, ...request } = form;
  return request;
}
