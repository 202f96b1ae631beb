import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { getStaffJson } from './http';

export const CUSTOMERS_PATH = '/api/internal/admin/customers';

const customerSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullish(),
  hubspotId: z.string().nullish(),
  invitedAt: z.string().nullish(),
  portalEligible: z.boolean().default(false),
  suspended: z.boolean().default(false),
});
export type CustomerSummary = z.output<typeof customerSchema>;

/** GET /api/internal/admin/customers?q= : customers whose name, e-mail or phone matches. */
export async function searchCustomers(q: string, signal?: AbortSignal): Promise<CustomerSummary[]> {
  const path = `${CUSTOMERS_PATH}?${new URLSearchParams({ q }).toString()}`;
  return z.array(customerSchema).parse(await getStaffJson(path, signal));
}

export const customerSearchQuery = (q: string) =>
  queryOptions({
    queryKey: ['staff', 'customers', q],
    queryFn: ({ signal }) => searchCustomers(q, signal),
    staleTime: 10_000,
  });

/** Searches once `q` is set (the form checks the 2-character minimum before setting it). */
export function useCustomerSearch(q: string | null) {
  return useQuery({ ...customerSearchQuery(q ?? ''), enabled: q !== null });
}
