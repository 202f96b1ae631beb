import { useMutation, useQueryClient } from '@tanstack/react-query';
import { upcomingDealsQuery } from './get-upcoming-deals';
import { sendStaffJson } from './send-staff-json';

export const assignOwnerPath = (dealId: string) => `/api/internal/admin/deals/${encodeURIComponent(dealId)}/owner`;

/** POST /api/internal/admin/deals/:id/owner: set in our mirror now, pushed to HubSpot by the worker. */
export async function assignOwner({ dealId, ownerId }: { dealId: string; ownerId: string | null }): Promise<void> {
  await sendStaffJson('POST', assignOwnerPath(dealId), { ownerId });
}

export function useAssignOwner() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: assignOwner,
    // The list shows owners by name from the server: read it again rather than guess.
    onSettled: () => client.invalidateQueries({ queryKey: upcomingDealsQuery.queryKey }),
  });
}
