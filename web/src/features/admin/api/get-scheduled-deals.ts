import { scheduledDealSchema, type ScheduledDeal } from '@app/shared/entities';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { getStaffJson } from './http';

export const SCHEDULED_DEALS_PATH = '/api/hubspot/admin/scheduledDeals';

/** How often the calendar asks again, so a deal scheduled in HubSpot shows up without a reload. */
export const SCHEDULED_DEALS_POLL_MS = 15_000;

/** Spec §7: GET /api/hubspot/admin/scheduledDeals → [{ id, title, date, address, owner }]. */
export async function getScheduledDeals(signal?: AbortSignal): Promise<ScheduledDeal[]> {
  return z.array(scheduledDealSchema).parse(await getStaffJson(SCHEDULED_DEALS_PATH, signal));
}

export const scheduledDealsQuery = queryOptions({
  queryKey: ['scheduled-deals'],
  queryFn: async ({ signal }) => {
    try {
      return await getScheduledDeals(signal);
    } catch (error) {
      // Spec §8: a load failure is only logged; the calendar stays as it was (empty at first).
      console.error('Could not load the scheduled cleanings', error);
      throw error;
    }
  },
  refetchInterval: SCHEDULED_DEALS_POLL_MS,
  staleTime: 0,
});

export function useScheduledDeals() {
  return useQuery(scheduledDealsQuery);
}
