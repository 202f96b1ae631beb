import { EMPTY_CUSTOMER_CONTEXT } from '@app/shared/customer-context';
import { customerContextSchema, type CustomerContext } from '@app/shared/entities';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isAbort } from '../../../lib/api-client';

export const contactDetailsPath = (id: string) => `/api/hubspot/contact-details/${encodeURIComponent(id)}`;

/** docs/product.md §7: GET /api/hubspot/contact-details/{id} → the §3 customer context. */
export async function getContactDetails(id: string, signal?: AbortSignal): Promise<CustomerContext> {
  return api.get(contactDetailsPath(id), customerContextSchema, { signal });
}

export const contactDetailsQuery = (id: string) =>
  queryOptions({
    queryKey: ['staff', 'contact-details', id],
    queryFn: async ({ signal }): Promise<CustomerContext> => {
      try {
        return await getContactDetails(id, signal);
      } catch (error) {
        if (isAbort(error)) throw error;
        // docs/product.md §7/§8: a failed contact-details load is only logged; the view goes on with empty data.
        console.error('Could not load the customer context', error);
        return EMPTY_CUSTOMER_CONTEXT;
      }
    },
    staleTime: 0,
    retry: false,
  });

export function useContactDetails(id: string | null) {
  return useQuery({ ...contactDetailsQuery(id ?? ''), enabled: id !== null });
}
