import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const confirmPortalDealPath = (dealId: string) => `/api/internal/admin/deals/${encodeURIComponent(dealId)}/portal-confirm`;

/**
 * POST /api/internal/admin/deals/:id/portal-confirm: a public-form deal submitted with another
 * phone than the contact's is the contact's after all; their portal shows it from now on.
 */
export async function confirmPortalDeal(dealId: string): Promise<void> {
  await api.post(confirmPortalDealPath(dealId), {});
}

export function useConfirmPortalDeal() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: confirmPortalDeal,
    onSettled: () => client.invalidateQueries({ queryKey: ['staff', 'contact-details'] }),
  });
}
