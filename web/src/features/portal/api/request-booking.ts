import { requestBookingResponseSchema, type RequestBookingResponse } from '@app/shared/api-responses';
import type { PortalRequestInput } from '@app/shared/portal-request';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const REQUEST_BOOKING_PATH = '/api/hubspot/portal/requestBooking';

/** docs/product.md §7: POST requestBooking with the portal request payload → { success, message, request: { dealId } }. */
export async function requestPortalBooking(input: PortalRequestInput): Promise<RequestBookingResponse> {
  return api.post(REQUEST_BOOKING_PATH, input, requestBookingResponseSchema);
}

export function useRequestPortalBooking() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: requestPortalBooking,
    // The request is a new deal at Clean Requested: show it in the list straight away.
    onSuccess: () => client.invalidateQueries({ queryKey: ['portal', 'deals'] }),
  });
}
