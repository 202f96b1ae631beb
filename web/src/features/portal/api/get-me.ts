import { customerSessionUserSchema, type CustomerSessionUser } from '@app/shared/entities';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getPortalJson } from './http';

export const ME_PATH = '/api/portal/me';

/** docs/product.md §7: GET /api/portal/me → the customer session user; 401 without a session. */
export async function getMe(signal?: AbortSignal): Promise<CustomerSessionUser> {
  const body = await getPortalJson(ME_PATH, signal);
  // Accepted bare or wrapped as { user }, like the account menu reads it.
  const user = typeof body === 'object' && body !== null && 'user' in body ? body.user : body;
  return customerSessionUserSchema.parse(user);
}

export const meQuery = queryOptions({
  queryKey: ['portal', 'me'],
  queryFn: ({ signal }) => getMe(signal),
  // Asked on every visit: the session may have ended since the last one.
  staleTime: 0,
});

export function useMe() {
  return useQuery(meQuery);
}
