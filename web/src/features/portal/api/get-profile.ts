import { contactProfileSchema, type ContactProfile } from '@app/shared/entities';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { loggedLoad } from './logged-load';

export const PROFILE_PATH = '/api/hubspot/portal/fetchCustomerProfile';

/** docs/product.md §7: GET fetchCustomerProfile → the contact profile (address and square footage for new requests). */
export async function getProfile(signal?: AbortSignal): Promise<ContactProfile> {
  return api.get(PROFILE_PATH, contactProfileSchema, { signal });
}

export const profileQuery = queryOptions({
  queryKey: ['portal', 'profile'],
  queryFn: ({ signal }) => loggedLoad('your contact profile', () => getProfile(signal)),
});

/** `enabled` waits for the session check, so a visitor without one causes a single 401. */
export function useProfile(enabled = true) {
  return useQuery({ ...profileQuery, enabled });
}
