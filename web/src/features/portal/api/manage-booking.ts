import type { ManageBookingInput } from '@app/shared/manage-booking';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const MANAGE_BOOKING_PATH = '/api/hubspot/portal/manageBooking';

/** docs/product.md §7: POST manageBooking { email, dealId, action, reason, changeType, hs_ticket_category }. */
export async function manageBooking(input: ManageBookingInput): Promise<void> {
  await api.post(MANAGE_BOOKING_PATH, input);
}

export function useManageBooking() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: manageBooking,
    // The new request disables Change and Cancel at once, without waiting for the next poll.
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['portal', 'deals'] }),
        client.invalidateQueries({ queryKey: ['portal', 'tickets'] }),
      ]),
    // The modal shows a refusal or failure (docs/product.md §7 only logged it); deals and tickets are
    // refetched so a 409 (a request already open, the 24-hour lock) also shows on the card.
    onError: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['portal', 'deals'] }),
        client.invalidateQueries({ queryKey: ['portal', 'tickets'] }),
      ]),
  });
}
