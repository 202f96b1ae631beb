import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DEAL_DETAILS_KEY } from './get-deal-details';
import { SCHEDULED_DEALS_KEY } from './get-scheduled-deals';
import { todayBoardQuery } from './get-today-board';
import { upcomingDealsQuery } from './get-upcoming-deals';
import { api } from '../../../lib/api-client';

export const assignOwnerPath = (dealId: string) => `/api/internal/admin/deals/${encodeURIComponent(dealId)}/owner`;

/** POST /api/internal/admin/deals/:id/owner: set in our mirror now, pushed to HubSpot by the worker. */
export async function assignOwner({ dealId, ownerId }: { dealId: string; ownerId: string | null }): Promise<void> {
  await api.post(assignOwnerPath(dealId), { ownerId });
}

export function useAssignOwner() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: assignOwner,
    // Every view shows owners by name from the server: read them again rather than guess.
    onSettled: () =>
      Promise.all(
        [upcomingDealsQuery.queryKey, SCHEDULED_DEALS_KEY, DEAL_DETAILS_KEY, todayBoardQuery.queryKey].map((queryKey) => client.invalidateQueries({ queryKey })),
      ),
  });
}
