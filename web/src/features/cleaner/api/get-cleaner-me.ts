import { queryOptions, useQuery } from '@tanstack/react-query';
import { cleanerMeSchema, type CleanerMe } from '@app/shared/cleaner-day';
import { api } from '../../../lib/api-client';

export type { CleanerMe };

/** GET /api/cleaner/me: the signed-in cleaner and the days they may look at; 401 signed out, 403 for the office's or a customer's session. */
export async function getCleanerMe(signal?: AbortSignal): Promise<CleanerMe> {
  return api.get('/api/cleaner/me', cleanerMeSchema, { signal });
}

export const cleanerMeQuery = queryOptions({
  queryKey: ['cleaner', 'me'],
  queryFn: ({ signal }) => getCleanerMe(signal),
  // Checked again whenever the page mounts: a cleaner unmarked on the roster is signed out at once.
  staleTime: 0,
});

export function useCleanerMe() {
  return useQuery(cleanerMeQuery);
}
