import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const portalAccessPath = (contactId: string) => `/api/internal/admin/customers/${encodeURIComponent(contactId)}/portal-access`;

/** POST /api/internal/admin/customers/:id/portal-access: suspending ends the customer's portal sessions at once. */
export async function setPortalAccess({ contactId, suspended }: { contactId: string; suspended: boolean }): Promise<void> {
  await api.post(portalAccessPath(contactId), { suspended });
}

export function useSetPortalAccess() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: setPortalAccess,
    onSettled: () => client.invalidateQueries({ queryKey: ['staff', 'contact-details'] }),
  });
}
