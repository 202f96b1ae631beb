import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { getStaffJson } from './http';

export const SESSIONS_PATH = '/api/internal/admin/sessions';

/** The session manager refreshes by itself, so a sign-in or a sign-out elsewhere shows up. */
export const SESSIONS_POLL_MS = 15_000;

const sessionSchema = z.object({
  /** The session's public id (never the cookie value). */
  id: z.string(),
  customer: z.object({ id: z.string(), name: z.string(), email: z.string(), phone: z.string().nullish() }).nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  expiresAt: z.string(),
  ip: z.string().nullish(),
  userAgent: z.string().nullish(),
});
export type CustomerSession = z.output<typeof sessionSchema>;

/** GET /api/internal/admin/sessions: the customers signed in to the portal right now. */
export async function getCustomerSessions(signal?: AbortSignal): Promise<CustomerSession[]> {
  return z.array(sessionSchema).parse(await getStaffJson(SESSIONS_PATH, signal));
}

export const customerSessionsQuery = queryOptions({
  queryKey: ['staff', 'sessions'],
  queryFn: ({ signal }) => getCustomerSessions(signal),
  refetchInterval: SESSIONS_POLL_MS,
  staleTime: 0,
});

export function useCustomerSessions() {
  return useQuery(customerSessionsQuery);
}
