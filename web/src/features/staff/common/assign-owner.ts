import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { CLEANER_QUERY_KEYS } from './shared-queries';

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
        Object.values(CLEANER_QUERY_KEYS).map((queryKey) => client.invalidateQueries({ queryKey })),
      ),
  });
}
