import {
  homeProfileAnswerSchema,
  type HomeProfileAnswer,
  type HomeProfileFields,
  type HomeSecretFields,
} from '@app/shared/home-profile';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { loggedLoad } from './logged-load';

export const HOME_PROFILE_PATH = '/api/portal/home-profile';
const secretPath = (id: string) => `${HOME_PROFILE_PATH}/secrets/${encodeURIComponent(id)}`;

/** GET /api/portal/home-profile: the plain fields, each code's name and that it is set (never its value), and who saw them. */
export async function getHomeProfile(signal?: AbortSignal): Promise<HomeProfileAnswer> {
  return api.get(HOME_PROFILE_PATH, homeProfileAnswerSchema, { signal });
}

export const homeProfileQuery = queryOptions({
  queryKey: ['portal', 'home-profile'],
  queryFn: ({ signal }) => loggedLoad('your home profile', () => getHomeProfile(signal)),
});

/** `enabled` waits for the session check, like the portal's other loads. */
export function useHomeProfile(enabled = true) {
  // Polled like the deals, so a view of a code made today shows up without a reload.
  return useQuery({ ...homeProfileQuery, enabled, refetchInterval: 60_000 });
}

/** gcTime 0: a saved code (the mutation's variables) is not kept in the page's memory once its form is gone. */
function useHomeMutation<T>(mutationFn: (input: T) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, gcTime: 0, onSettled: () => client.invalidateQueries({ queryKey: homeProfileQuery.queryKey }) });
}

/** PUT /api/portal/home-profile: every plain field (empty clears it). */
export const useSaveHomeProfile = () => useHomeMutation((fields: HomeProfileFields) => api.put(HOME_PROFILE_PATH, fields));

/** POST …/secrets (no id: add) or PUT …/secrets/:id (replace): the value goes one way only. */
export const useSaveSecret = () =>
  useHomeMutation(({ id, ...fields }: HomeSecretFields & { id: string | null }) => (id ? api.put(secretPath(id), fields) : api.post(`${HOME_PROFILE_PATH}/secrets`, fields)));

/** DELETE …/secrets/:id. */
export const useRemoveSecret = () => useHomeMutation((id: string) => api.delete(secretPath(id)));
