import { z } from 'zod';
import { RECURRING_FREQUENCIES, VISIT_TYPES } from './booking-price';
import { dealSchema, ticketSchema } from './entities';
import { BOOKING_NETWORK_FAILED, BOOKING_SUBMIT_FAILED } from './texts';

/** Response bodies of docs/product.md §7 that the web reads. Not strict: an added field must not break a page. */

export const requestBookingResponseSchema = z.object({
  success: z.boolean(),
  message: z.string().optional(),
  request: z.object({ dealId: z.string(), reference: z.string().optional() }).optional(),
});
export type RequestBookingResponse = z.output<typeof requestBookingResponseSchema>;

/** GET /api/portal/deals: `past` is the history list of docs/product.md §4. */
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

/**
 * What the confirmation page repeats of a request: the choices, never the person (no name,
 * address, phone or e-mail), since whoever holds the link sees it.
 */
export const bookingSummarySchema = z.object({
  service: z.string(),
  visitType: z.enum(VISIT_TYPES).nullable(),
  frequency: z.enum(RECURRING_FREQUENCIES).nullable(),
  squareFootage: z.number().nullable(),
  preferredDate: z.string().nullable(),
  timeOfDay: z.string().nullable(),
  /** Add-on names. */
  addOns: z.array(z.string()),
  /** After the discount; null for a quote request. */
  amountCents: z.number().nullable(),
  discountPercent: z.number().nullable(),
  contactMethod: z.string().nullable(),
  quoteType: z.string().nullable(),
  /** A Recurring Clean: what each later visit costs (the discount is the first visit's only); null otherwise. */
  laterVisitCents: z.number().nullable().default(null),
  /** Whether the text box was ticked; null when the request's consent is not known. */
  textsAgreed: z.boolean().nullable().default(null),
});
export type BookingSummary = z.output<typeof bookingSummarySchema>;

/** GET /api/hubspot/portal/bookingStatus?dealId=: the request's reference, summary and whether it reached the CRM (404 when unknown). */
export const bookingStatusResponseSchema = z.object({ dealId: z.string(), reference: z.string(), syncedToCrm: z.boolean(), summary: bookingSummarySchema });
export type BookingStatusResponse = z.output<typeof bookingStatusResponseSchema>;

/** §8 booking failure text: the server's message when it sent one, else the default. */
export function bookingFailureMessage(serverMessage?: string | null): string {
  return serverMessage?.trim() ? serverMessage : BOOKING_SUBMIT_FAILED;
}

/** §8 network failure text: the error's own message when it has one, else the default. */
export function bookingNetworkFailureMessage(error: unknown): string {
  return error instanceof Error && error.message.trim() ? error.message : BOOKING_NETWORK_FAILED;
}
