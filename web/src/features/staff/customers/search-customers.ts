import { queryOptions, useQuery } from '@tanstack/react-query';
import { customerSummariesSchema, type CustomerSummary } from '@app/shared/staff-admin';
import { api } from '../../../lib/api-client';

export type { CustomerSummary };

export const CUSTOMERS_PATH = '/api/internal/admin/customers';

/** GET /api/internal/admin/customers?q= : customers whose name, e-mail or phone matches. */
export async function searchCustomers(q: string, signal?: AbortSignal): Promise<CustomerSummary[]> {
  const path = `${CUSTOMERS_PATH}?${new URLSearchParams({ q }).toString()}`;
  return api.get(path, customerSummariesSchema, { signal });
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
