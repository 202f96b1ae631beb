import { z } from 'zod';
import { dealSchema, ticketSchema } from './entities';
import { BOOKING_NETWORK_FAILED, BOOKING_SUBMIT_FAILED } from './texts';

/** Response bodies of spec §7 that the web reads. Not strict: an added field must not break a page. */

export const requestBookingResponseSchema = z.object({
  success: z.boolean(),
  message: z.string().optional(),
  request: z.object({ dealId: z.string() }).optional(),
});
export type RequestBookingResponse = z.output<typeof requestBookingResponseSchema>;

/** GET /api/portal/deals: `past` is the spec's history list. */
export const portalDealsResponseSchema = z.object({
  upcoming: z.array(dealSchema).default([]),
  past: z.array(dealSchema).default([]),
});
export type PortalDealsResponse = z.output<typeof portalDealsResponseSchema>;

/** GET /api/hubspot/portal/fetchTickets?dealIds=a,b,c */
export const ticketsResponseSchema = z.object({
  ticketsByDealId: z.record(z.string(), z.array(ticketSchema)).default({}),
});
export type TicketsResponse = z.output<typeof ticketsResponseSchema>;

export const successResponseSchema = z.object({ success: z.boolean() });

/** GET /api/hubspot/portal/bookingStatus?dealId=: has the booking reached the CRM yet (404 when unknown). */
export const bookingStatusResponseSchema = z.object({ dealId: z.string(), syncedToCrm: z.boolean() });
export type BookingStatusResponse = z.output<typeof bookingStatusResponseSchema>;

/** §8 booking failure text: the server's message when it sent one, else the default. */
export function bookingFailureMessage(serverMessage?: string | null): string {
  return serverMessage?.trim() ? serverMessage : BOOKING_SUBMIT_FAILED;
}

/** §8 network failure text: the error's own message when it has one, else the default. */
export function bookingNetworkFailureMessage(error: unknown): string {
  return error instanceof Error && error.message.trim() ? error.message : BOOKING_NETWORK_FAILED;
}
