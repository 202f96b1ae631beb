import { quoteViewSchema, type QuoteAnswerInput } from '@app/shared/quote';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { PORTAL_POLL_MS } from './get-deals';
import { loggedLoad } from './logged-load';

export const quotePath = (dealId: string) => `/api/portal/deals/${encodeURIComponent(dealId)}/quote`;
export const quoteAnswerPath = (dealId: string) => `/api/portal/deals/${encodeURIComponent(dealId)}/quote-answer`;

export const portalQuoteSchema = z.object({ quote: quoteViewSchema.nullable(), canAnswer: z.boolean() });
export type PortalQuote = z.infer<typeof portalQuoteSchema>;

const quoteKey = (dealId: string) => ['portal', 'quote', dealId] as const;

export const quoteQuery = (dealId: string) =>
  queryOptions({
    queryKey: quoteKey(dealId),
    queryFn: ({ signal }) => loggedLoad('your quote', () => api.get(quotePath(dealId), portalQuoteSchema, { signal })),
    refetchInterval: PORTAL_POLL_MS,
    staleTime: 0,
  });

/** GET /api/portal/deals/:id/quote: the office's quote on the cleaning and the customer's answer. */
export function useQuote(dealId: string) {
  return useQuery(quoteQuery(dealId));
}

/** POST /api/portal/deals/:id/quote-answer: the answer shows at once, pending until HubSpot has it. */
export function useAnswerQuote(dealId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: QuoteAnswerInput) => api.post(quoteAnswerPath(dealId), input, portalQuoteSchema.extend({ success: z.literal(true) })),
    // A poll already on its way read the quote before the answer: it must not land after it.
    onMutate: () => client.cancelQueries({ queryKey: quoteKey(dealId) }),
    onSuccess: ({ quote, canAnswer }) => client.setQueryData(quoteKey(dealId), { quote, canAnswer }),
    // A refusal (answered already, no longer awaiting) shows what is true now.
    onError: () => client.invalidateQueries({ queryKey: quoteKey(dealId) }),
    onSettled: () => client.invalidateQueries({ queryKey: ['portal', 'deals'] }),
  });
}
