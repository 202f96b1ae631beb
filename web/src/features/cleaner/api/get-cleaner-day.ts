import { queryOptions, useQuery } from '@tanstack/react-query';
import { cleanerDaySchema, type CleanerDay } from '@app/shared/cleaner-day';
import { PORTAL_POLL_MS } from '@app/shared/constants';
import { api } from '../../../lib/api-client';
import { seenIdsFor } from './seen-store';

export type { CleanerDay };

/**
 * GET /api/cleaner/day?date=YYYY-MM-DD: the cleaner's own cleanings that day (today or tomorrow,
 * Eastern), with `seen`, the ids the page showed last, so the api says where the missing ones went.
 */
export async function getCleanerDay(date: string, signal?: AbortSignal): Promise<CleanerDay> {
  const seen = seenIdsFor(date);
  const query = `date=${encodeURIComponent(date)}${seen.length > 0 ? `&seen=${seen.map(encodeURIComponent).join(',')}` : ''}`;
  return api.get(`/api/cleaner/day?${query}`, cleanerDaySchema, { signal });
}

export const cleanerDayQuery = (date: string) =>
  queryOptions({
    queryKey: ['cleaner', 'day', date],
    queryFn: ({ signal }) => getCleanerDay(date, signal),
    // The office may assign, move or cancel a cleaning during the day: the list keeps itself
    // current within the portal's polling interval.
    refetchInterval: PORTAL_POLL_MS,
  });

export function useCleanerDay(date: string) {
  return useQuery(cleanerDayQuery(date));
}
