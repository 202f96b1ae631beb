import { publicTeamSchema, type PublicTeamMember } from '@app/shared/team-member';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { visibleTeamMembers } from '../content/team-members';

export const TEAM_PATH = '/api/team';

/** GET /api/team: the members staff have enabled, in their order. */
export async function getTeam(signal?: AbortSignal): Promise<PublicTeamMember[]> {
  return api.get(TEAM_PATH, publicTeamSchema, { signal });
}

/** The static list the page is pre-rendered with, in the API's shape. */
export const STATIC_TEAM: PublicTeamMember[] = visibleTeamMembers().map(({ name, role, bio, kind }) => ({ name, role, bio, kind }));

export const teamQuery = queryOptions({
  queryKey: ['team'],
  queryFn: ({ signal }) => getTeam(signal),
});

/**
 * The staff-managed team. Until the API answers (and on the server, where nothing is fetched) the
 * static list stands in, so the pre-rendered HTML and the first client render match; if the API
 * fails the static list simply stays.
 */
export function useTeam(): PublicTeamMember[] {
  const { data } = useQuery({ ...teamQuery, placeholderData: STATIC_TEAM });
  return data ?? STATIC_TEAM;
}
