import { dealDetailsSchema, type DealDetails } from '@app/shared/staff-board';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { CLEANER_QUERY_KEYS } from '../common/shared-queries';

/** How often a deal with a pending command is read again. */
const COMMAND_POLL_MS = 2_000;

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
    // While a move or a customer's answer to a quote is on its way to HubSpot, ask again until it has landed (or was refused).
    refetchInterval: (query) => {
      const data = query.state.data;
      return data?.commands.some((c) => c.status === 'pending') || data?.quote?.answer?.status === 'pending' ? COMMAND_POLL_MS : false;
    },
  });

export function useDealDetails(dealId: string) {
  return useQuery(dealDetailsQuery(dealId));
}
