import { queryOptions, useQuery } from '@tanstack/react-query';
import { cleanerDaySchema, type CleanerDay } from '@app/shared/cleaner-day';
import { api } from '../../../lib/api-client';

export type { CleanerDay };

/** GET /api/cleaner/day?date=YYYY-MM-DD: the cleaner's own cleanings that day (today or tomorrow, Eastern). */
export async function getCleanerDay(date: string, signal?: AbortSignal): Promise<CleanerDay> {
  return api.get(`/api/cleaner/day?date=${encodeURIComponent(date)}`, cleanerDaySchema, { signal });
}

export const cleanerDayQuery = (date: string) =>
  queryOptions({
    queryKey: ['cleaner', 'day', date],
    queryFn: ({ signal }) => getCleanerDay(date, signal),
    // The office may assign or move a cleaning during the day: the list keeps itself current.
    refetchInterval: 60_000,
  });

export function useCleanerDay(date: string) {
  return useQuery(cleanerDayQuery(date));
}
