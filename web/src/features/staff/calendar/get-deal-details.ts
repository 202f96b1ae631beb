import { dealDetailsSchema, type DealDetails } from '@app/shared/staff-board';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { CLEANER_QUERY_KEYS } from '../common/shared-queries';

export const dealDetailsPath = (dealId: string) => `/api/internal/admin/deals/${encodeURIComponent(dealId)}`;

/** GET /api/internal/admin/deals/:id: one cleaning for the calendar's details panel. */
export async function getDealDetails(dealId: string, signal?: AbortSignal): Promise<DealDetails> {
  return api.get(dealDetailsPath(dealId), dealDetailsSchema, { signal });
}

export const dealDetailsQuery = (dealId: string) =>
  queryOptions({
    queryKey: [...CLEANER_QUERY_KEYS.dealDetails, dealId],
    queryFn: ({ signal }) => getDealDetails(dealId, signal),
    staleTime: 0,
  });

export function useDealDetails(dealId: string) {
  return useQuery(dealDetailsQuery(dealId));
}
