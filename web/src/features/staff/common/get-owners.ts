import { queryOptions, useQuery } from '@tanstack/react-query';
import { ownersSchema, type Owner } from '@app/shared/staff-admin';
import { api } from '../../../lib/api-client';

export type { Owner };

export const OWNERS_PATH = '/api/internal/admin/owners';

/** GET /api/internal/admin/owners: the cleaners (HubSpot owners) from the mirror. */
export async function getOwners(signal?: AbortSignal): Promise<Owner[]> {
  return api.get(OWNERS_PATH, ownersSchema, { signal });
}

export const ownersQuery = queryOptions({
  queryKey: ['staff', 'owners'],
  queryFn: ({ signal }) => getOwners(signal),
});

export function useOwners() {
  return useQuery(ownersQuery);
}
