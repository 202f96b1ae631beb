import { STAGE } from '@app/shared/deal-stages';
import { formatUsd } from '@app/shared/money';
import type { DealView } from './deal-view';

/**
 * The portal's "Needs your attention" summary: what the customer has to do, or is waiting on us
 * for, each item pointing at its card. Quotes to answer first (nothing moves until they do), then
 * invoices to pay, then re-clean claims our office has not answered yet. Pure: the strip renders it.
 */

export type AttentionKind = 'quote' | 'invoice' | 'claim';

export interface AttentionItem {
  kind: AttentionKind;
  dealId: string;
  /** What to do, in one line ('Approve or decline your quote of $244.00'). */
  text: string;
  /** Which cleaning it is about: its title, and its reference or date when it has one. */
  about: string;
}

/** A quote as far as the summary needs it: its total, and whether the customer may answer it now. */
export interface QuoteState {
  totalCents: number;
  /** The customer may approve or decline it (not answered yet, the deal still awaits it). */
  open: boolean;
}

const aboutOf = (deal: DealView): string => [deal.title, deal.reference ?? deal.scheduled].filter(Boolean).join(' · ');

/**
 * The items, in order. `quotes` holds the loaded quote of each deal awaiting approval; a deal
 * whose quote has not loaded (or was answered a moment ago) is left out rather than guessed at.
 */
export function attentionItems(input: { upcoming: readonly DealView[]; history: readonly DealView[]; quotes: ReadonlyMap<string, QuoteState> }): AttentionItem[] {
  const { upcoming, history, quotes } = input;
  const all = [...upcoming, ...history];
  const toAnswer = upcoming.flatMap((deal): AttentionItem[] => {
    const quote = deal.stageId === STAGE.AWAITING_QUOTE_APPROVAL ? quotes.get(deal.id) : undefined;
    return quote?.open ? [{ kind: 'quote', dealId: deal.id, text: `Approve or decline your quote of ${formatUsd(quote.totalCents)}`, about: aboutOf(deal) }] : [];
  });
  const toPay = all.flatMap((deal): AttentionItem[] =>
    deal.invoice?.payLink ? [{ kind: 'invoice', dealId: deal.id, text: deal.invoice.amount ? `Pay your invoice of ${deal.invoice.amount}` : 'Pay your invoice', about: aboutOf(deal) }] : [],
  );
  const claims = all.flatMap((deal): AttentionItem[] =>
    deal.reclean.open ? [{ kind: 'claim', dealId: deal.id, text: 'Your re-clean claim is with our office: we will be in touch', about: aboutOf(deal) }] : [],
  );
  return [...toAnswer, ...toPay, ...claims];
}
