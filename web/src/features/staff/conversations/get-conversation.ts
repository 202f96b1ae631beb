import { conversationSchema, type Conversation } from '@app/shared/conversations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The phone goes in the query string: the api's request log leaves it out. */
export const conversationPath = (phone: string) => `/api/internal/admin/conversations?phone=${encodeURIComponent(phone)}`;

/** A thread left open shows a customer's new text within this long. */
const CONVERSATION_POLL_MS = 15_000;

export const conversationQuery = (phone: string) =>
  queryOptions({
    queryKey: ['staff', 'conversation', phone],
    queryFn: ({ signal }): Promise<Conversation> => api.get(conversationPath(phone), conversationSchema, { signal }),
    refetchInterval: CONVERSATION_POLL_MS,
    staleTime: 0,
  });

export function useConversation(phone: string) {
  return useQuery(conversationQuery(phone));
}
