import { revealAnswerSchema, staffHomeProfileAnswerSchema, type RevealAnswer, type StaffHomeProfileAnswer } from '@app/shared/home-profile';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const homeProfilePath = (contactId: string) => `/api/internal/admin/customers/${encodeURIComponent(contactId)}/home-profile`;
const revealPath = (contactId: string, secretId: string) => `${homeProfilePath(contactId)}/secrets/${encodeURIComponent(secretId)}/reveal`;

/** GET …/customers/:id/home-profile: the plain fields, each code's name and "set" (never a value), the views, and whether this staff member may reveal. */
export async function getHomeProfile(contactId: string, signal?: AbortSignal): Promise<StaffHomeProfileAnswer> {
  return api.get(homeProfilePath(contactId), staffHomeProfileAnswerSchema, { signal });
}

export const homeProfileQuery = (contactId: string) =>
  queryOptions({
    queryKey: ['staff', 'home-profile', contactId],
    queryFn: ({ signal }) => getHomeProfile(contactId, signal),
    staleTime: 0,
    retry: false,
  });

export function useHomeProfile(contactId: string) {
  return useQuery(homeProfileQuery(contactId));
}

/**
 * POST …/secrets/:secretId/reveal { reason } (admins): the value, once. Kept by no cache: the
 * mutation's result is dropped as soon as nothing shows it (gcTime 0), and the view list is
 * loaded again to show this reveal.
 */
export function useRevealSecret(contactId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ secretId, reason }: { secretId: string; reason: string }): Promise<RevealAnswer> => api.post(revealPath(contactId, secretId), { reason }, revealAnswerSchema),
    gcTime: 0,
    onSettled: () => client.invalidateQueries({ queryKey: homeProfileQuery(contactId).queryKey }),
  });
}
