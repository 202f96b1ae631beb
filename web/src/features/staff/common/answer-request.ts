import type { RequestAnswerInput } from '@app/shared/request-answers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { CLEANER_QUERY_KEYS } from './shared-queries';

export const answerRequestPath = (ticketId: string) => `/api/internal/admin/requests/${encodeURIComponent(ticketId)}/answer`;

/** The requests page's query key starts with it. */
export const OPEN_REQUESTS_KEY = ['open-requests'] as const;

const answeredSchema = z.object({ success: z.literal(true), commandId: z.string() });

/** POST /api/internal/admin/requests/:id/answer: recorded as a command, applied in HubSpot by the worker. */
export async function answerRequest({ ticketId, ...input }: RequestAnswerInput & { ticketId: string }): Promise<{ commandId: string }> {
  return api.post(answerRequestPath(ticketId), input, answeredSchema);
}

export function useAnswerRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: answerRequest,
    // The request now shows its answer on the way; the list, the board and the calendar follow once HubSpot has it.
    onSettled: () => Promise.all([OPEN_REQUESTS_KEY, ...Object.values(CLEANER_QUERY_KEYS)].map((queryKey) => client.invalidateQueries({ queryKey }))),
  });
}
