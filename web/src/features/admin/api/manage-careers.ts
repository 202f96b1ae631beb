import type { careerCreateSchema, careerUpdateSchema } from '@app/shared/staff-admin';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { getStaffJson } from './http';
import { sendStaffJson } from './send-staff-json';

export const MANAGED_CAREERS_PATH = '/api/internal/admin/careers';

const managedCareerSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  location: z.string(),
  type: z.string(),
  status: z.string(),
  icon: z.string().nullish(),
  sortOrder: z.number().default(0),
  updatedAt: z.string().nullish(),
});
export type ManagedCareer = z.output<typeof managedCareerSchema>;

/** GET /api/internal/admin/careers: every listing, open and closed, with its id. */
export async function getManagedCareers(signal?: AbortSignal): Promise<ManagedCareer[]> {
  return z.array(managedCareerSchema).parse(await getStaffJson(MANAGED_CAREERS_PATH, signal));
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
  const answer =
    change.id === null
      ? await sendStaffJson('POST', MANAGED_CAREERS_PATH, change.fields)
      : await sendStaffJson('PUT', `${MANAGED_CAREERS_PATH}/${encodeURIComponent(change.id)}`, change.fields);
  return managedCareerSchema.parse(answer);
}

export function useSaveCareer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveCareer,
    onSettled: () => client.invalidateQueries({ queryKey: managedCareersQuery.queryKey }),
  });
}
