import type { teamMemberCreateSchema, teamMemberUpdateSchema } from '@app/shared/staff-admin';
import { TEAM_MEMBER_KINDS } from '@app/shared/team-member';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { getStaffJson } from './http';
import { sendStaffJson } from './send-staff-json';

export const MANAGED_TEAM_PATH = '/api/internal/admin/team';

const managedTeamMemberSchema = z.object({
  id: z.string(),
  name: z.string(),
  role: z.string(),
  bio: z.string(),
  kind: z.enum(TEAM_MEMBER_KINDS),
  enabled: z.boolean(),
  sortOrder: z.number().default(0),
  updatedAt: z.string().nullish(),
});
export type ManagedTeamMember = z.output<typeof managedTeamMemberSchema>;

/** GET /api/internal/admin/team: every member, shown and hidden, with its id. */
export async function getManagedTeam(signal?: AbortSignal): Promise<ManagedTeamMember[]> {
  return z.array(managedTeamMemberSchema).parse(await getStaffJson(MANAGED_TEAM_PATH, signal));
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
  const answer =
    change.id === null
      ? await sendStaffJson('POST', MANAGED_TEAM_PATH, change.fields)
      : await sendStaffJson('PUT', `${MANAGED_TEAM_PATH}/${encodeURIComponent(change.id)}`, change.fields);
  return managedTeamMemberSchema.parse(answer);
}

export function useSaveTeamMember() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveTeamMember,
    onSettled: () => client.invalidateQueries({ queryKey: managedTeamQuery.queryKey }),
  });
}
