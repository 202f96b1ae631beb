import { requestsListSchema, type RequestsList, type RequestsQuery } from '@app/shared/staff-board';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { OPEN_REQUESTS_KEY } from '../common/answer-request';

/** How often the list is read again: often while an answer is on its way to HubSpot. */
const LIST_POLL_MS = 60_000;
const ANSWER_POLL_MS = 2_000;

export const OPEN_REQUESTS_PATH = '/api/internal/admin/requests';

export async function getOpenRequests(query: RequestsQuery, signal?: AbortSignal): Promise<RequestsList> {
  const params = new URLSearchParams({ kind: query.kind, ...(query.q ? { q: query.q } : {}) });
  return api.get(`${OPEN_REQUESTS_PATH}?${params}`, requestsListSchema, { signal });
}

export const openRequestsQuery = (query: RequestsQuery) =>
  queryOptions({
    queryKey: [...OPEN_REQUESTS_KEY, query.kind, query.q],
    queryFn: ({ signal }) => getOpenRequests(query, signal),
    refetchInterval: (q) => (q.state.data?.items.some((i) => i.answerable?.answer?.status === 'pending' || i.answerable?.otherPending) ? ANSWER_POLL_MS : LIST_POLL_MS),
    staleTime: 0,
    // A new filter keeps the old list on screen until its answer arrives.
    placeholderData: keepPreviousData,
  });

export function useOpenRequests(query: RequestsQuery) {
  return useQuery(openRequestsQuery(query));
}
