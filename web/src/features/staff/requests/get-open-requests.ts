import { requestsListSchema, type RequestsList, type RequestsQuery } from '@app/shared/staff-board';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const OPEN_REQUESTS_PATH = '/api/internal/admin/requests';

export async function getOpenRequests(query: RequestsQuery, signal?: AbortSignal): Promise<RequestsList> {
  const params = new URLSearchParams({ kind: query.kind, ...(query.q ? { q: query.q } : {}) });
  return api.get(`${OPEN_REQUESTS_PATH}?${params}`, requestsListSchema, { signal });
}

export const openRequestsQuery = (query: RequestsQuery) =>
  queryOptions({
    queryKey: ['open-requests', query.kind, query.q],
    queryFn: ({ signal }) => getOpenRequests(query, signal),
    refetchInterval: 60_000,
    staleTime: 0,
    // A new filter keeps the old list on screen until its answer arrives.
    placeholderData: keepPreviousData,
  });

export function useOpenRequests(query: RequestsQuery) {
  return useQuery(openRequestsQuery(query));
}
