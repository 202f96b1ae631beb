import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { getStaffJson } from './http';

export const STAFF_ME_PATH = '/api/auth/me';

const staffMeSchema = z.object({ displayName: z.string().nullish(), admin: z.boolean().default(false) });
export type StaffMe = z.output<typeof staffMeSchema>;

/** docs/product.md §7: GET /api/auth/me → the signed-in staff user (displayName, and whether an admin); 401/403 without a staff session. */
export async function getStaffMe(signal?: AbortSignal): Promise<StaffMe> {
  return staffMeSchema.parse(await getStaffJson(STAFF_ME_PATH, signal));
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
