import { customerDetailsSchema, type CustomerDetails } from '@app/shared/entities';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getPortalJson, loggedLoad } from './http';

export const DETAILS_PATH = '/api/portal/details';

/** docs/product.md §7: GET /api/portal/details → { id, properties: { firstname, lastname, email, phone } }. */
export async function getDetails(signal?: AbortSignal): Promise<CustomerDetails> {
  return customerDetailsSchema.parse(await getPortalJson(DETAILS_PATH, signal));
}

export const detailsQuery = queryOptions({
  queryKey: ['portal', 'details'],
  queryFn: ({ signal }) => loggedLoad('your account details', () => getDetails(signal)),
});

/** `enabled` waits for the session check, so a visitor without one causes a single 401. */
export function useDetails(enabled = true) {
  return useQuery({ ...detailsQuery, enabled });
}
