import { queryOptions, useQuery } from '@tanstack/react-query';
import { customerSessionsSchema, type CustomerSession } from '@app/shared/staff-admin';
import { api } from '../../../lib/api-client';

export type { CustomerSession };

export const SESSIONS_PATH = '/api/internal/admin/sessions';

/** The session manager refreshes by itself, so a sign-in or a sign-out elsewhere shows up. */
export const SESSIONS_POLL_MS = 15_000;

/** GET /api/internal/admin/sessions: the customers signed in to the portal right now. */
export async function getCustomerSessions(signal?: AbortSignal): Promise<CustomerSession[]> {
  return api.get(SESSIONS_PATH, customerSessionsSchema, { signal });
}

export const customerSessionsQuery = queryOptions({
  queryKey: ['staff', 'sessions'],
  // No abort signal: a revoke refreshes the list while a poll may be on its way, and that poll's
  // answer is then ignored, not cut off (an aborted request shows as a failure in the browser).
  queryFn: () => getCustomerSessions(),
  refetchInterval: SESSIONS_POLL_MS,
  staleTime: 0,
});

export function useCustomerSessions() {
  return useQuery(customerSessionsQuery);
}
