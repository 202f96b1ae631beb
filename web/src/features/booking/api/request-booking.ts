import { bookingFailureMessage, bookingNetworkFailureMessage, requestBookingResponseSchema } from '@app/shared/api-responses';
import type { BookingRequest } from '@app/shared/booking-request';
import { api, ApiError } from '../../../lib/api-client';

export const REQUEST_BOOKING_PATH = '/api/hubspot/portal/requestBooking';

export type BookingOutcome =
  | { ok: true; dealId: string }
  /** `field` is the form path the server refused (e.g. 'address.zip'), when it named one. */
  | { ok: false; message: string; field?: string };

/**
 * docs/product.md §7: POST requestBooking → 201 { success, message, request: { dealId } }. Failures are
 * worded by §8: the server's error/message text, else the default; no answer at all (network)
 * gives the error's own message, else the network default.
 */
export async function requestBooking(request: BookingRequest, idempotencyKey: string): Promise<BookingOutcome> {
  try {
    const answer = await api.post(REQUEST_BOOKING_PATH, request, requestBookingResponseSchema, { idempotencyKey });
    const dealId = answer.success ? answer.request?.dealId : undefined;
    return dealId ? { ok: true, dealId } : { ok: false, message: bookingFailureMessage(answer.message) };
  } catch (error) {
    if (!(error instanceof ApiError)) return { ok: false, message: bookingNetworkFailureMessage(error) };
    return { ok: false, message: bookingFailureMessage(error.serverMessage), ...(error.field ? { field: error.field } : {}) };
  }
}
