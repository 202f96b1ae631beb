import { scheduledDealsSchema, type ScheduledDeal } from '@app/shared/entities';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { CLEANER_QUERY_KEYS, SCHEDULED_DEALS_PATH, SCHEDULED_DEALS_POLL_MS } from '../common/shared-queries';

const HOUR_MS = 3_600_000;

/**
 * The roster's cleanings: scheduled ones from the start of the current hour on (the calendar's
 * endpoint with a window; a rounded start keeps the request the same between polls).
 */
export async function getUpcomingDeals(signal?: AbortSignal, now = Date.now()): Promise<ScheduledDeal[]> {
  const start = new Date(Math.floor(now / HOUR_MS) * HOUR_MS).toISOString();
  const path = `${SCHEDULED_DEALS_PATH}?${new URLSearchParams({ start }).toString()}`;
  return api.get(path, scheduledDealsSchema, { signal });
}

export const upcomingDealsQuery = queryOptions({
  queryKey: CLEANER_QUERY_KEYS.upcomingDeals,
  queryFn: ({ signal }) => getUpcomingDeals(signal),
  refetchInterval: SCHEDULED_DEALS_POLL_MS,
  staleTime: 0,
});

export function useUpcomingDeals() {
  return useQuery(upcomingDealsQuery);
}
