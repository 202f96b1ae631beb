import { bookingStatusResponseSchema, type BookingStatusResponse } from '@app/shared/api-responses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isApiStatus } from '../../../lib/api-client';

export const BOOKING_STATUS_PATH = '/api/hubspot/portal/bookingStatus';
/** How often the confirmation page asks again until the request has reached the CRM. */
export const BOOKING_STATUS_POLL_MS = 3_000;

/** GET bookingStatus?dealId= → { dealId, syncedToCrm } (read from our database, never from the CRM). */
export async function getBookingStatus(dealId: string, signal?: AbortSignal): Promise<BookingStatusResponse> {
  const url = `${BOOKING_STATUS_PATH}?dealId=${encodeURIComponent(dealId)}`;
  return api.get(url, bookingStatusResponseSchema, { signal });
}

export const bookingStatusQuery = (dealId: string) =>
  queryOptions({
    queryKey: ['booking-status', dealId],
    queryFn: ({ signal }) => getBookingStatus(dealId, signal),
    // The worker syncs in the background: keep asking until it has, then stop. A failed
    // request changes nothing on the page; the next tick simply tries again, except after a 404
    // (an id we do not know will not become known by asking again).
    refetchInterval: (query) =>
      query.state.data?.syncedToCrm || isApiStatus(query.state.error, 404)
        ? false
        : BOOKING_STATUS_POLL_MS,
    refetchIntervalInBackground: false,
    staleTime: 0,
    retry: false,
  });

export function useBookingStatus(dealId: string) {
  return useQuery(bookingStatusQuery(dealId));
}
