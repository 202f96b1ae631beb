import { z } from 'zod';
import { BOOKING_MIN_DAYS_AHEAD } from './constants';
import { easternWallTimeToInstant, minBookingDate } from './eastern-time';
import { preferredDateField, type Clock, type TIMES_OF_DAY } from './form-fields';
import { checkQuote, quoteFields, sentQuote, type QuoteFields, type SentQuote } from './quote';
import { scheduleSchema } from './schedule';

/**
 * A cleaning the office books for a customer who phones (the customer page): what a booking
 * asks (service, size, visit and frequency for a recurring clean, add-ons), priced by the one
 * rule the office's quote uses (shared/quote.ts: the catalogue, the first-booking discount, one
 * adjustment with its reason), and the plan scheduling takes (shared/schedule.ts: start,
 * duration, cleaner, the warnings the office accepts). The date follows the booking form's
 * minimum (5 days ahead, Eastern: docs/product.md §9); the time is Eastern wall time.
 */

export const START_TIME_REQUIRED = 'Give the start time.';

/** 'HH:MM', 24-hour, as a time input gives it. */
const startTimeField = z
  .string({ error: START_TIME_REQUIRED })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: START_TIME_REQUIRED });

const { durationMinutes, ownerId, acceptWarnings } = scheduleSchema.shape;

function officeBookingFields(now?: Clock) {
  return {
    ...quoteFields,
    date: preferredDateField(minBookingDate, BOOKING_MIN_DAYS_AHEAD, now),
    startTime: startTimeField,
    durationMinutes,
    ownerId,
    acceptWarnings,
  };
}

/**
 * POST /api/internal/admin/customers/:id/bookings (and its /check, which ignores
 * `acceptWarnings`); the staff form checks with it too. Strict: an unknown field is refused.
 */
export function officeBookingSchema(options: { now?: Clock } = {}) {
  return z
    .object(officeBookingFields(options.now))
    .strict()
    .superRefine((value, ctx) => checkQuote(value, ctx as unknown as z.core.$RefinementCtx<QuoteFields>));
}
export type OfficeBooking = z.output<ReturnType<typeof officeBookingSchema>>;
export type OfficeBookingInput = z.input<ReturnType<typeof officeBookingSchema>>;

/** The instant a booking starts: its Eastern day and wall time. */
export function officeBookingStart(booking: Pick<OfficeBooking, 'date' | 'startTime'>): Date {
  const [y, m, d] = booking.date.split('-').map(Number) as [number, number, number];
  const [h, min] = booking.startTime.split(':').map(Number) as [number, number];
  return easternWallTimeToInstant(y, m, d, h, min);
}

/** The part of the day a start falls in, as the booking form's time-of-day answer names it. */
export function timeOfDayOf(startTime: string): (typeof TIMES_OF_DAY)[number] {
  const hour = Number(startTime.slice(0, 2));
  return hour < 12 ? 'morning' : hour < 17 ? 'afternoon' : 'evening';
}

/** The booking's price and catalogue lines as a sent quote records them. */
export function officeBookingPrice(booking: OfficeBooking): SentQuote {
  return sentQuote(booking);
}

/** What the api answers once the booking is written (a retry with the same Idempotency-Key gets the same). */
export const officeBookingResultSchema = z.object({
  success: z.literal(true),
  dealId: z.string(),
  reference: z.string(),
  commandId: z.string(),
});
export type OfficeBookingResult = z.infer<typeof officeBookingResultSchema>;
