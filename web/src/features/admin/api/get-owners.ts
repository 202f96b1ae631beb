import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { getStaffJson } from './http';

export const OWNERS_PATH = '/api/internal/admin/owners';

const ownerSchema = z.object({
  /** Our id, the one an assignment sends. */
  id: z.string(),
  hubspotId: z.string(),
  name: z.string().nullish(),
  email: z.string().nullish(),
  active: z.boolean().default(true),
});
export type Owner = z.output<typeof ownerSchema>;

/** GET /api/internal/admin/owners: the cleaners (HubSpot owners) from the mirror. */
export async function getOwners(signal?: AbortSignal): Promise<Owner[]> {
  return z.array(ownerSchema).parse(await getStaffJson(OWNERS_PATH, signal));
}

export const ownersQuery = queryOptions({
  queryKey: ['staff', 'owners'],
  queryFn: ({ signal }) => getOwners(signal),
});

export function useOwners() {
  return useQuery(ownersQuery);
}
