import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { sendStaffJson } from './send-staff-json';

export const INVITES_PATH = '/api/internal/admin/invites';

const inviteAnswerSchema = z.object({
  success: z.literal(true),
  customer: z.object({ id: z.string(), name: z.string(), email: z.string(), phone: z.string().nullish() }),
});
export type InvitedCustomer = z.output<typeof inviteAnswerSchema>['customer'];

/** The body: an existing customer's id, or a new person's e-mail and phone (+ optional names), as the shared schema reads them. */
export type InviteRequest = { contactId: string } | { email: string; phone: string; firstName?: string; lastName?: string };

/** POST /api/internal/admin/invites: lets the customer into the portal; the SMS goes out through the outbox. */
export async function inviteCustomer(body: InviteRequest): Promise<InvitedCustomer> {
  return inviteAnswerSchema.parse(await sendStaffJson('POST', INVITES_PATH, body)).customer;
}

export function useInviteCustomer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: inviteCustomer,
    // Search results show who is invited; ask again rather than patch them by hand.
    onSuccess: () => client.invalidateQueries({ queryKey: ['staff', 'customers'] }),
  });
}
