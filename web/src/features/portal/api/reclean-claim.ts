import { recleanClaimAnswerSchema, type RecleanClaim, type RecleanClaimAnswer } from '@app/shared/reclean-claim';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const recleanClaimPath = (dealId: string) => `/api/portal/deals/${encodeURIComponent(dealId)}/reclean-claim`;

/** POST /api/portal/deals/:id/reclean-claim { missed }: "Something was missed" on a done cleaning; the answer names its ticket. */
export function claimReclean({ dealId, ...input }: RecleanClaim & { dealId: string }): Promise<RecleanClaimAnswer> {
  return api.post(recleanClaimPath(dealId), input, recleanClaimAnswerSchema);
}

export function useRecleanClaim() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: claimReclean,
    // The card shows the claim at once; after a refusal (window closed, a claim already open) it shows why.
    onSettled: () => client.invalidateQueries({ queryKey: ['portal', 'deals'] }),
  });
}
