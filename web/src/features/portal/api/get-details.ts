import { customerDetailsSchema, type CustomerDetails } from '@app/shared/entities';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { loggedLoad } from './logged-load';

export const DETAILS_PATH = '/api/portal/details';

/** docs/product.md §7: GET /api/portal/details → { id, properties: { firstname, lastname, email, phone } }. */
export async function getDetails(signal?: AbortSignal): Promise<CustomerDetails> {
  return api.get(DETAILS_PATH, customerDetailsSchema, { signal });
}

export const detailsQuery = queryOptions({
  queryKey: ['portal', 'details'],
  queryFn: ({ signal }) => loggedLoad('your account details', () => getDetails(signal)),
});

/** `enabled` waits for the session check, so a visitor without one causes a single 401. */
export function useDetails(enabled = true) {
  return useQuery({ ...detailsQuery, enabled });
}
