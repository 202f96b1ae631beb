import { queryOptions, useQuery } from '@tanstack/react-query';
import { staffMeSchema, type StaffMe } from '@app/shared/staff-sign-in';
import { api } from '../../../lib/api-client';

export type { StaffMe };

export const STAFF_ME_PATH = '/api/auth/me';

/** docs/product.md §7: GET /api/auth/me → the signed-in staff user (displayName, and whether an admin); 401/403 without a staff session. */
export async function getStaffMe(signal?: AbortSignal): Promise<StaffMe> {
  return api.get(STAFF_ME_PATH, staffMeSchema, { signal });
}

export const staffMeQuery = queryOptions({
  queryKey: ['staff-me'],
  queryFn: ({ signal }) => getStaffMe(signal),
  // Checked again whenever a staff page mounts: a session revoked or timed out shows at once.
  staleTime: 0,
});

export function useStaffMe() {
  return useQuery(staffMeQuery);
}
