import { todayBoardSchema, type TodayBoard } from '@app/shared/staff-board';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { CLEANER_QUERY_KEYS } from '../common/shared-queries';

export const TODAY_BOARD_PATH = '/api/internal/admin/today';

/** The board is left open all day: it asks again every minute, and whenever the tab is shown again. */
const TODAY_BOARD_POLL_MS = 60_000;

export async function getTodayBoard(signal?: AbortSignal): Promise<TodayBoard> {
  return api.get(TODAY_BOARD_PATH, todayBoardSchema, { signal });
}

export const todayBoardQuery = queryOptions({
  queryKey: CLEANER_QUERY_KEYS.todayBoard,
  queryFn: ({ signal }) => getTodayBoard(signal),
  refetchInterval: TODAY_BOARD_POLL_MS,
  staleTime: 0,
});

export function useTodayBoard() {
  return useQuery(todayBoardQuery);
}
