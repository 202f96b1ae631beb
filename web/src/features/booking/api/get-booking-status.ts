import { bookingStatusResponseSchema, type BookingStatusResponse } from '@app/shared/api-responses';
import { queryOptions, useQuery } from '@tanstack/react-query';

export const BOOKING_STATUS_PATH = '/api/hubspot/portal/bookingStatus';
/** How often the confirmation page asks again until the request has reached the CRM. */
export const BOOKING_STATUS_POLL_MS = 3_000;

export class BookingStatusError extends Error {
  constructor(readonly status: number) {
    super(`GET ${BOOKING_STATUS_PATH} answered ${status}`);
  }
}

/** GET bookingStatus?dealId= → { dealId, syncedToCrm } (read from our database, never from the CRM). */
export async function getBookingStatus(dealId: string, signal?: AbortSignal): Promise<BookingStatusResponse> {
  const url = `${BOOKING_STATUS_PATH}?dealId=${encodeURIComponent(dealId)}`;
  const response = await fetch(url, { headers: { Accept: 'application/json' }, ...(signal ? { signal } : {}) });
  if (!response.ok) throw new BookingStatusError(response.status);
  return bookingStatusResponseSchema.parse(await response.json());
}

export const bookingStatusQuery = (dealId: string) =>
  queryOptions({
    queryKey: ['booking-status', dealId],
    queryFn: ({ signal }) => getBookingStatus(dealId, signal),
    // The worker syncs in the background: keep asking until it has, then stop. A failed
    // request changes nothing on the page; the next tick simply tries again, except after a 404
    // (an id we do not know will not become known by asking again).
    refetchInterval: (query) =>
      query.state.data?.syncedToCrm || (query.state.error instanceof BookingStatusError && query.state.error.status === 404)
        ? false
        : BOOKING_STATUS_POLL_MS,
    refetchIntervalInBackground: false,
    staleTime: 0,
    retry: false,
  });

export function useBookingStatus(dealId: string) {
  return useQuery(bookingStatusQuery(dealId));
}
