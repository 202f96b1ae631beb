import { bookingFailureMessage, bookingNetworkFailureMessage, requestBookingResponseSchema } from '@app/shared/api-responses';
import type { BookingRequest } from '@app/shared/booking-request';
import { answerText, postJson } from '../../../lib/post-json';

export const REQUEST_BOOKING_PATH = '/api/hubspot/portal/requestBooking';

export type BookingOutcome =
  | { ok: true; dealId: string }
  /** `field` is the form path the server refused (e.g. 'address.zip'), when it named one. */
  | { ok: false; message: string; field?: string };

function fieldOf(body: unknown): string | undefined {
  const field = typeof body === 'object' && body !== null ? (body as { field?: unknown }).field : undefined;
  return typeof field === 'string' && field !== '' ? field : undefined;
}

/**
 * docs/product.md §7: POST requestBooking → 201 { success, message, request: { dealId } }. Failures are
 * worded by §8: the server's error/message text, else the default; no answer at all (network)
 * gives the error's own message, else the network default.
 */
export async function requestBooking(request: BookingRequest, idempotencyKey: string): Promise<BookingOutcome> {
  let answer;
  try {
    answer = await postJson(REQUEST_BOOKING_PATH, request, { 'Idempotency-Key': idempotencyKey });
  } catch (error) {
    return { ok: false, message: bookingNetworkFailureMessage(error) };
  }
  const parsed = requestBookingResponseSchema.safeParse(answer.body);
  const dealId = parsed.success && parsed.data.success ? parsed.data.request?.dealId : undefined;
  if (answer.ok && dealId) return { ok: true, dealId };
  const field = fieldOf(answer.body);
  return { ok: false, message: bookingFailureMessage(answerText(answer.body)), ...(field ? { field } : {}) };
}
