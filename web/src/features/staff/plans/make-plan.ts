import type { NewPlanInput } from '@app/shared/recurring-plan';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { CLEANER_QUERY_KEYS } from '../common/shared-queries';

export const makePlanPath = (dealId: string) => `/api/internal/admin/deals/${encodeURIComponent(dealId)}/plan`;

const madeSchema = z.object({ success: z.literal(true), planId: z.string(), visits: z.number() });

/** POST /api/internal/admin/deals/:id/plan: the plan and its visits, written at once. */
export function makePlan({ dealId, ...input }: NewPlanInput & { dealId: string }): Promise<z.infer<typeof madeSchema>> {
  return api.post(makePlanPath(dealId), input, madeSchema);
}

export function useMakePlan() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: makePlan,
    // The cleaning shows its plan, and the calendar and the board its new visits.
    onSettled: () => Promise.all([...Object.values(CLEANER_QUERY_KEYS).map((queryKey) => client.invalidateQueries({ queryKey })), client.invalidateQueries({ queryKey: PLANS_QUERY_KEY })]),
  });
}

export const PLANS_QUERY_KEY = ['staff', 'plans'] as const;
