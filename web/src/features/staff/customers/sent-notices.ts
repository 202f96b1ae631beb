import { sentNoticesSchema, type SentNotices } from '@app/shared/sent-notices';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const sentNoticesPath = (contactId: string, before: string | null) =>
  `/api/internal/admin/customers/${encodeURIComponent(contactId)}/notices${before ? `?before=${encodeURIComponent(before)}` : ''}`;

/** GET …/customers/:id/notices[?before=]: a page of what we sent, newest first, and the address's standing. */
export async function getSentNotices(contactId: string, before: string | null, signal?: AbortSignal): Promise<SentNotices> {
  return api.get(sentNoticesPath(contactId, before), sentNoticesSchema, { signal });
}

export const sentNoticesQuery = (contactId: string) =>
  infiniteQueryOptions({
    queryKey: ['staff', 'sent-notices', contactId],
    queryFn: ({ pageParam, signal }) => getSentNotices(contactId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next,
    staleTime: 0,
    retry: false,
  });

/** The pages loaded so far ("Show more" loads the next). */
export function useSentNotices(contactId: string) {
  return useInfiniteQuery(sentNoticesQuery(contactId));
}
