import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { ownersQuery } from '../common/get-owners';

export const markCleanerPath = (ownerId: string) => `/api/internal/admin/owners/${encodeURIComponent(ownerId)}/cleaner`;

/** POST /api/internal/admin/owners/:id/cleaner: the roster setting, ours only (never pushed to HubSpot). */
export async function markCleaner({ ownerId, isCleaner }: { ownerId: string; isCleaner: boolean }): Promise<void> {
  await api.post(markCleanerPath(ownerId), { isCleaner });
}

export function useMarkCleaner() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: markCleaner,
    onSettled: () => client.invalidateQueries({ queryKey: ownersQuery.queryKey }),
  });
}
