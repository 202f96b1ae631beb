import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';

export const skipVisitPath = (dealId: string) => `/api/portal/deals/${encodeURIComponent(dealId)}/skip`;

const skippedSchema = z.object({ success: z.literal(true), message: z.string() });

/** POST /api/portal/deals/:id/skip: one visit of the customer's plan skipped (docs/recurring-plans.md). */
export function skipVisit(dealId: string): Promise<z.infer<typeof skippedSchema>> {
  return api.post(skipVisitPath(dealId), {}, skippedSchema);
}

/** The skips' key: their answer is read from the mutation cache (useMutationState), so it outlives the card. */
export const SKIP_MUTATION_KEY = ['portal', 'skip'] as const;

export function useSkipVisit() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: SKIP_MUTATION_KEY,
    mutationFn: skipVisit,
    // The card follows once the mirror has the command's stage (then it moves to the past cleanings).
    onSettled: () => client.invalidateQueries({ queryKey: ['portal', 'deals'] }),
  });
}
