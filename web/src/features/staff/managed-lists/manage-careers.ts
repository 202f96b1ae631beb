import { managedCareerSchema, managedCareersSchema, type careerCreateSchema, type careerUpdateSchema, type ManagedCareer } from '@app/shared/staff-admin';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

export type { ManagedCareer };

export const MANAGED_CAREERS_PATH = '/api/internal/admin/careers';

/** GET /api/internal/admin/careers: every listing, open and closed, with its id. */
export async function getManagedCareers(signal?: AbortSignal): Promise<ManagedCareer[]> {
  return api.get(MANAGED_CAREERS_PATH, managedCareersSchema, { signal });
}

export const managedCareersQuery = queryOptions({
  queryKey: ['staff', 'careers'],
  queryFn: ({ signal }) => getManagedCareers(signal),
  staleTime: 0,
});

export function useManagedCareers() {
  return useQuery(managedCareersQuery);
}

export type CareerChange =
  | { id: null; fields: z.input<typeof careerCreateSchema> }
  | { id: string; fields: z.input<typeof careerUpdateSchema> };

/** POST a new listing, or PUT the changed fields of an existing one (`status: 'Closed'` closes it). */
export async function saveCareer(change: CareerChange): Promise<ManagedCareer> {
  return change.id === null
    ? api.post(MANAGED_CAREERS_PATH, change.fields, managedCareerSchema)
    : api.put(`${MANAGED_CAREERS_PATH}/${encodeURIComponent(change.id)}`, change.fields, managedCareerSchema);
}

export function useSaveCareer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveCareer,
    onSettled: () => client.invalidateQueries({ queryKey: managedCareersQuery.queryKey }),
  });
}
