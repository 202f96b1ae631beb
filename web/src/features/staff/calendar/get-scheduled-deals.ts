import { scheduledDealsSchema, type ScheduledDeal } from '@app/shared/entities';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { CLEANER_QUERY_KEYS, SCHEDULED_DEALS_PATH, SCHEDULED_DEALS_POLL_MS } from '../common/shared-queries';

/** Which cleanings the calendar shows (the api's ?stage=): the scheduled ones by default (docs/product.md §2). */
export const CALENDAR_STAGE_FILTERS = ['scheduled', 'done', 'all'] as const;
export type CalendarStageFilter = (typeof CALENDAR_STAGE_FILTERS)[number];

/** The calendar's visible range and stage filter; without a range, every scheduled cleaning. */
export interface ScheduledDealsQuery {
  start?: string | undefined;
  end?: string | undefined;
  stage?: CalendarStageFilter | undefined;
}

const searchOf = (q: ScheduledDealsQuery) => {
  const params = new URLSearchParams();
  if (q.start) params.set('start', q.start);
  if (q.end) params.set('end', q.end);
  if (q.stage && q.stage !== 'scheduled') params.set('stage', q.stage);
  const text = params.toString();
  return text ? `?${text}` : '';
};

/** docs/product.md §7: GET /api/hubspot/admin/scheduledDeals → [{ id, title, date, address, owner }] (plus the customer and stage). */
export async function getScheduledDeals(query: ScheduledDealsQuery = {}, signal?: AbortSignal): Promise<ScheduledDeal[]> {
  return api.get(`${SCHEDULED_DEALS_PATH}${searchOf(query)}`, scheduledDealsSchema, { signal });
}

export const scheduledDealsQuery = (query: ScheduledDealsQuery = {}) =>
  queryOptions({
    queryKey: [...CLEANER_QUERY_KEYS.scheduledDeals, query.stage ?? 'scheduled', query.start ?? null, query.end ?? null],
    // No abort signal: a window the calendar leaves mid-load (another view or week) lets its
    // request finish into the cache rather than cutting it off, which the browser shows as a
    // failed request.
    queryFn: async () => {
      try {
        return await getScheduledDeals(query);
      } catch (error) {
        // docs/product.md §8: a load failure is only logged; the calendar stays as it was (empty at first).
        console.error('Could not load the scheduled cleanings', error);
        throw error;
      }
    },
    refetchInterval: SCHEDULED_DEALS_POLL_MS,
    staleTime: 0,
    // Moving to the next week keeps this week's entries until the next week's arrive.
    placeholderData: keepPreviousData,
  });

export function useScheduledDeals(query: ScheduledDealsQuery = {}, enabled = true) {
  return useQuery({ ...scheduledDealsQuery(query), enabled });
}
