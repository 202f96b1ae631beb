import { useMutation, useQueryClient } from '@tanstack/react-query';
import { customerSessionsQuery, SESSIONS_PATH } from './get-customer-sessions';
import { api } from '../../../lib/api-client';

/** DELETE /api/internal/admin/sessions/:id: the customer's next request is signed out. */
export async function revokeSession(id: string): Promise<void> {
  await api.delete(`${SESSIONS_PATH}/${encodeURIComponent(id)}`);
}

export function useRevokeSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: revokeSession,
    // Settled either way: a 404 means the session had ended already, and the list should say so too.
    onSettled: () => client.invalidateQueries({ queryKey: customerSessionsQuery.queryKey }),
  });
}
