import {
  managedTeamMemberSchema,
  managedTeamSchema,
  type ManagedTeamMember,
  type teamMemberCreateSchema,
  type teamMemberUpdateSchema,
} from '@app/shared/staff-admin';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

export type { ManagedTeamMember };

export const MANAGED_TEAM_PATH = '/api/internal/admin/team';

/** GET /api/internal/admin/team: every member, shown and hidden, with its id. */
export async function getManagedTeam(signal?: AbortSignal): Promise<ManagedTeamMember[]> {
  return api.get(MANAGED_TEAM_PATH, managedTeamSchema, { signal });
}

export const managedTeamQuery = queryOptions({
  queryKey: ['staff', 'team'],
  queryFn: ({ signal }) => getManagedTeam(signal),
  staleTime: 0,
});

export function useManagedTeam() {
  return useQuery(managedTeamQuery);
}

export type TeamMemberChange =
  | { id: null; fields: z.input<typeof teamMemberCreateSchema> }
  | { id: string; fields: z.input<typeof teamMemberUpdateSchema> };

/** POST a new member, or PUT the changed fields of an existing one (`enabled: false` hides them). */
export async function saveTeamMember(change: TeamMemberChange): Promise<ManagedTeamMember> {
  return change.id === null
    ? api.post(MANAGED_TEAM_PATH, change.fields, managedTeamMemberSchema)
    : api.put(`${MANAGED_TEAM_PATH}/${encodeURIComponent(change.id)}`, change.fields, managedTeamMemberSchema);
}

export function useSaveTeamMember() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveTeamMember,
    onSettled: () => client.invalidateQueries({ queryKey: managedTeamQuery.queryKey }),
  });
}
