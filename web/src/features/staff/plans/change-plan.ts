import type { PlanChangeInput } from '@app/shared/plan-change-input';
import type { PlanChangeStep } from '@app/shared/plan-change';
import { planViewSchema, type PlanView } from '@app/shared/recurring-plan';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { CLEANER_QUERY_KEYS } from '../common/shared-queries';
import { PLANS_PATH } from './get-plans';
import { PLANS_QUERY_KEY } from './make-plan';

const planPath = (planId: string) => `${PLANS_PATH}/${encodeURIComponent(planId)}`;

/** GET /api/internal/admin/plans/:id: the plan with every visit it made. */
export function usePlan(planId: string) {
  return useQuery({
    queryKey: [...PLANS_QUERY_KEY, planId],
    queryFn: ({ signal }): Promise<PlanView> => api.get(planPath(planId), planViewSchema, { signal }),
  });
}

const slot = z.object({ occurrence: z.string(), scheduledAt: z.string(), ownerId: z.string().nullable(), amountCents: z.number(), durationMinutes: z.number(), skus: z.array(z.string()).default([]), flag: z.string().nullable() });
const visit = { dealId: z.string(), reference: z.string() };
const stepSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('move'), ...visit, before: slot.nullable(), after: slot }),
  z.object({ action: z.literal('restore'), ...visit, after: slot }),
  z.object({ action: z.literal('cancel'), ...visit, before: slot.nullable() }),
  z.object({ action: z.literal('make'), after: slot }),
  z.object({ action: z.literal('keep'), ...visit, before: slot.nullable(), why: z.enum(['detached', 'soon']) }),
]);
const previewSchema = z.object({ preview: z.literal(true), steps: z.array(z.intersection(stepSchema, z.object({ warnings: z.array(z.string()).default([]) }))), expect: z.string() });
const counts = z.object({ move: z.number(), restore: z.number(), cancel: z.number(), make: z.number(), keep: z.number() });
const savedSchema = z.object({ success: z.literal(true), counts });

export type PlanPreview = { steps: Array<PlanChangeStep & { warnings: string[] }>; expect: string };
export type PlanChangeCounts = z.infer<typeof counts>;

/** POST /api/internal/admin/plans/:id/changes with preview: what the change would do, nothing written. */
export function usePreviewPlanChange(planId: string) {
  return useMutation({
    mutationFn: (change: PlanChangeInput): Promise<PlanPreview> => api.post(`${planPath(planId)}/changes`, { ...change, preview: true }, previewSchema) as Promise<PlanPreview>,
  });
}

/** The same with the preview's token: saved, its visits' changes on their way to HubSpot. */
export function useSavePlanChange(planId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: PlanChangeInput & { expect: string }) => api.post(`${planPath(planId)}/changes`, { ...change, preview: false }, savedSchema).then((body) => body.counts),
    // The plan, the plans list, the calendar and the board show the changed visits.
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: PLANS_QUERY_KEY }), ...Object.values(CLEANER_QUERY_KEYS).map((queryKey) => client.invalidateQueries({ queryKey }))]),
  });
}
