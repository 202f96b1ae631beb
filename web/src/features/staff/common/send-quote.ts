import type { DealQuoteInput } from '@app/shared/quote';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { CLEANER_QUERY_KEYS } from './shared-queries';

export const sendQuotePath = (dealId: string) => `/api/internal/admin/deals/${encodeURIComponent(dealId)}/quote`;

const sentSchema = z.object({ success: z.literal(true), commandId: z.string(), totalCents: z.number() });

/** POST /api/internal/admin/deals/:id/quote: recorded as a command, applied in HubSpot by the worker. */
export async function sendQuote({ dealId, ...input }: DealQuoteInput & { dealId: string }): Promise<{ commandId: string; totalCents: number }> {
  return api.post(sendQuotePath(dealId), input, sentSchema);
}

export function useSendQuote() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: sendQuote,
    // The deal shows its pending command at once; the board and the calendar follow once HubSpot has it.
    onSettled: () => Promise.all(Object.values(CLEANER_QUERY_KEYS).map((queryKey) => client.invalidateQueries({ queryKey }))),
  });
}
