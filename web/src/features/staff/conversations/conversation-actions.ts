import { staffReplyResultSchema, type MarkHandled, type StaffReply } from '@app/shared/conversations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { CLEANER_QUERY_KEYS } from '../common/shared-queries';

export const REPLIES_PATH = '/api/internal/admin/conversations/replies';
export const HANDLED_PATH = '/api/internal/admin/conversations/handled';

/** After either action the thread and the today board's waiting list are read again. */
function useRefreshAfter() {
  const client = useQueryClient();
  return (phone: string) =>
    Promise.all([
      client.invalidateQueries({ queryKey: ['staff', 'conversation', phone] }),
      client.invalidateQueries({ queryKey: CLEANER_QUERY_KEYS.todayBoard }),
    ]);
}

/** POST the reply: the api writes it to the outbox (the worker sends it) and answers with it as the thread shows it. */
export function useSendReply() {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: (reply: StaffReply) => api.post(REPLIES_PATH, reply, staffReplyResultSchema),
    onSuccess: (_answer, reply) => refresh(reply.phone),
  });
}

/** "No reply needed": the phone's texts up to the newest one shown stop waiting. */
export function useMarkHandled() {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: (input: MarkHandled) => api.post(HANDLED_PATH, input),
    onSuccess: (_answer, input) => refresh(input.phone),
  });
}
