import { useMutation, useQueryClient } from '@tanstack/react-query';
import { inviteAnswerSchema, type InvitedCustomer } from '@app/shared/staff-admin';
import { api } from '../../../lib/api-client';

export type { InvitedCustomer };

export const INVITES_PATH = '/api/internal/admin/invites';

/** The body: an existing customer's id, or a new person's e-mail and phone (+ optional names), as the shared schema reads them. */
export type InviteRequest = { contactId: string } | { email: string; phone: string; firstName?: string; lastName?: string };

/** POST /api/internal/admin/invites: lets the customer into the portal; the SMS goes out through the outbox. */
export async function inviteCustomer(body: InviteRequest): Promise<InvitedCustomer> {
  return (await api.post(INVITES_PATH, body, inviteAnswerSchema)).customer;
}

export function useInviteCustomer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: inviteCustomer,
    // Search results show who is invited; ask again rather than patch them by hand.
    onSuccess: () => client.invalidateQueries({ queryKey: ['staff', 'customers'] }),
  });
}
