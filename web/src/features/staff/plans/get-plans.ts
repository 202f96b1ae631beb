import { planViewSchema, type PlanView } from '@app/shared/recurring-plan';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { PLANS_QUERY_KEY } from './make-plan';

export const PLANS_PATH = '/api/internal/admin/plans';
const plansSchema = z.object({ plans: z.array(planViewSchema) });

/** GET /api/internal/admin/plans: every plan, active first, each with its next visit. */
export function usePlans() {
  return useQuery({
    queryKey: PLANS_QUERY_KEY,
    queryFn: ({ signal }): Promise<PlanView[]> => api.get(PLANS_PATH, plansSchema, { signal }).then((body) => body.plans),
  });
}
