import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';

export const skipVisitPath = (dealId: string) => `/api/portal/deals/${encodeURIComponent(dealId)}/skip`;

const skippedSchema = z.object({ success: z.literal(true), message: z.string() });

/** POST /api/portal/deals/:id/skip: one visit of the customer's plan skipped (docs/recurring-plans.md). */
export function skipVisit(dealId: string): Promise<z.infer<typeof skippedSchema>> {
  return api.post(skipVisitPath(dealId), {}, skippedSchema);
}

export function useSkipVisit() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: skipVisit,
    // The card shows the visit canceled at once (the mirror has the command's stage once HubSpot does).
    onSettled: () => client.invalidateQueries({ queryKey: ['portal', 'deals'] }),
  });
}
