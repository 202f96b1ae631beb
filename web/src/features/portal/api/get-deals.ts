import { portalDealsResponseSchema, type PortalDealsResponse } from '@app/shared/api-responses';
import { PORTAL_POLL_MS } from '@app/shared/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { loggedLoad } from './logged-load';

export const DEALS_PATH = '/api/portal/deals';

/**
 * How often the deals (and their tickets) are asked for again (shared). The worker mirrors HubSpot
 * into our database on its own schedule; polling shows a change made there without a reload.
 */
export { PORTAL_POLL_MS };

/** docs/product.md §7: GET /api/portal/deals → { upcoming, past }. */
export async function getDeals(signal?: AbortSignal): Promise<PortalDealsResponse> {
  return api.get(DEALS_PATH, portalDealsResponseSchema, { signal });
}

export const dealsQuery = queryOptions({
  queryKey: ['portal', 'deals'],
  queryFn: ({ signal }) => loggedLoad('your cleanings', () => getDeals(signal)),
  refetchInterval: PORTAL_POLL_MS,
  refetchOnWindowFocus: true,
  staleTime: 0,
});

/** `enabled` waits for the session check, so a visitor without one causes a single 401. */
export function useDeals(enabled = true) {
  return useQuery({ ...dealsQuery, enabled });
}
