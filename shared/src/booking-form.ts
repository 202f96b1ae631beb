import { z } from 'zod';
import {
  type BookingRequest,
  type BookingSchemaOptions,
  bookingAddOnsField,
  commonBookingFields,
  frequencyField,
  frequencyChosen,
  visitTypeChosen,
  visitTypeField,
  withoutStaleRecurringChoice,
} from './booking-request';
import { photosField, usPhoneInputField } from './form-fields';
import { roomsFormSchema } from './rooms';
import { sqftSelectValue } from './services';
import type { SmsConsentVersion } from './sms-consent';
import { INVALID_SQUARE_FOOTAGE } from './texts';

/**
 * The public booking form in the browser (react-hook-form resolver). Same field rules as
 * bookingRequestSchema, but it takes what inputs hold (strings) and normalises them:
 * phone by the one US normaliser (shared/src/phone.ts), square footage by the §5 select mapping, room counts from
 * number inputs. It also holds the photos, which are never sent. Not strict: form state
 * may carry UI-only fields.
 */
export function bookingFormSchema(options: BookingSchemaOptions) {
  return z.object({
    ...commonBookingFields(options),
    // Not §5's "first 10 digits" taken literally: '+1 (404) 555-7788' would become +11404555778,
    // a stranger's number. The one US normaliser drops a leading 1 and refuses any other count.
    phone: usPhoneInputField,
    squareFootage: z.union([z.string(), z.number()], { error: INVALID_SQUARE_FOOTAGE }).transform((value, ctx) => {
      const mapped = sqftSelectValue(value);
      if (mapped.ok) return mapped.value;
      ctx.issues.push({ code: 'custom', message: mapped.error, input: value });
      return z.NEVER;
    }),
    rooms: roomsFormSchema,
    photos: photosField,
    // Only a Recurring Clean asks these; an empty radio group reads as absent.
    frequency: z.preprocess(emptyAsAbsent, frequencyField.optional()),
    visitType: z.preprocess(emptyAsAbsent, visitTypeField.optional()),
    // A checkbox group with nothing ticked reads as false.
    addOns: z.preprocess((value) => (value === false || value === undefined || value === null ? [] : value), bookingAddOnsField),
  })
    .refine(...frequencyChosen)
    .refine(...visitTypeChosen)
    .transform(withoutStaleRecurringChoice);
}

const emptyAsAbsent = (value: unknown) => (value === '' || value === null || value === false ? undefined : value);
export type BookingFormValues = z.output<ReturnType<typeof bookingFormSchema>>;
export type BookingFormInput = z.input<ReturnType<typeof bookingFormSchema>>;

/** The JSON body to send: the validated form without the photos, with the version of the text message terms it showed. */
export function toBookingRequest(form: BookingFormValues, consentVersion: SmsConsentVersion): BookingRequest {
  const { photos: _photos, ...request } = form;
  return { ...request, consentVersion };
}
