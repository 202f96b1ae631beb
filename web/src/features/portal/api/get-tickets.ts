import { ticketsResponseSchema, type TicketsResponse } from '@app/shared/api-responses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { PORTAL_POLL_MS } from './get-deals';
import { api } from '../../../lib/api-client';
import { loggedLoad } from './logged-load';

export const TICKETS_PATH = '/api/hubspot/portal/fetchTickets';

/** docs/product.md §7: GET fetchTickets?dealIds=a,b,c → { ticketsByDealId }. */
export async function getTickets(dealIds: readonly string[], signal?: AbortSignal): Promise<TicketsResponse> {
  const query = new URLSearchParams({ dealIds: dealIds.join(',') });
  return api.get(`${TICKETS_PATH}?${query.toString()}`, ticketsResponseSchema, { signal });
}

export const ticketsQuery = (dealIds: readonly string[]) =>
  queryOptions({
    queryKey: ['portal', 'tickets', [...dealIds].sort().join(',')],
    queryFn: ({ signal }) => loggedLoad('your change requests', () => getTickets(dealIds, signal)),
    enabled: dealIds.length > 0,
    refetchInterval: PORTAL_POLL_MS,
    refetchOnWindowFocus: true,
    staleTime: 0,
  });

export function useTickets(dealIds: readonly string[], enabled = true) {
  const options = ticketsQuery(dealIds);
  return useQuery({ ...options, enabled: enabled && dealIds.length > 0 });
}
