import { officeBookingResultSchema, type OfficeBookingInput, type OfficeBookingResult } from '@app/shared/office-booking';
import { SCHEDULE_WARNING_CODES, type ScheduleWarning } from '@app/shared/schedule';
import { z } from 'zod';
import { api } from '../../../lib/api-client';

const bookingsPath = (contactId: string) => `/api/internal/admin/customers/${encodeURIComponent(contactId)}/bookings`;
const warningsSchema = z.object({ warnings: z.array(z.object({ code: z.enum(SCHEDULE_WARNING_CODES), message: z.string() })) });

/** POST /customers/:id/bookings/check: what the office should know before it books (the schedule's warnings). */
export async function checkOfficeBooking(contactId: string, booking: OfficeBookingInput): Promise<ScheduleWarning[]> {
  return (await api.post(`${bookingsPath(contactId)}/check`, booking, warningsSchema)).warnings;
}

/**
 * POST /customers/:id/bookings: written in Postgres with its push to HubSpot and its schedule
 * command; the same key for the same body (a double click, a retry) gets the same booking back.
 */
export async function bookForCustomer(contactId: string, booking: OfficeBookingInput, idempotencyKey: string): Promise<OfficeBookingResult> {
  return api.post(bookingsPath(contactId), booking, officeBookingResultSchema, { idempotencyKey });
}
