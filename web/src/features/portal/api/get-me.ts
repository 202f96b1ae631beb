import { customerSessionUserSchema, type CustomerSessionUser } from '@app/shared/entities';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';

export const ME_PATH = '/api/portal/me';

/** Accepted bare or wrapped as { user }, like the account menu reads it. */
const meAnswerSchema = z.union([z.object({ user: customerSessionUserSchema }).transform(({ user }) => user), customerSessionUserSchema]);

/** docs/product.md §7: GET /api/portal/me → the customer session user; 401 without a session. */
export async function getMe(signal?: AbortSignal): Promise<CustomerSessionUser> {
  return api.get(ME_PATH, meAnswerSchema, { signal });
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
