import { STAGE } from '@app/shared/deal-stages';
import { useQueries } from '@tanstack/react-query';
import { useId, type MouseEvent } from 'react';
import { quoteQuery } from '../api/quote';
import { dealCardId } from '@app/shared/routes';
import { attentionItems, type QuoteState } from './attention';
import type { DealView } from './deal-view';

/** Where a link of the summary leads: the card, scrolled to and focused (it says what to do there). */
function goToCard(event: MouseEvent<HTMLAnchorElement>, dealId: string): void {
  const card = document.getElementById(dealCardId(dealId));
  if (!card) return;
  event.preventDefault();
  card.scrollIntoView({ block: 'start' });
  card.focus({ preventScroll: true });
}

/**
 * "Needs your attention" at the top of the portal: quotes to answer, invoices to pay, open
 * re-clean claims, each linking to its card. Nothing needs doing: nothing shows. The quotes load
 * with the same queries as their cards (one request each, shared).
 */
export function AttentionStrip({ upcoming, history }: { upcoming: readonly DealView[]; history: readonly DealView[] }) {
  const headingId = useId();
  const awaiting = upcoming.filter((d) => d.stageId === STAGE.AWAITING_QUOTE_APPROVAL).map((d) => d.id);
  const loaded = useQueries({ queries: awaiting.map((id) => quoteQuery(id)) });
  const quotes = new Map<string, QuoteState>();
  loaded.forEach((result, i) => {
    const quote = result.data?.quote;
    if (quote) quotes.set(awaiting[i]!, { totalCents: quote.quote.totalCents, open: result.data!.canAnswer && quote.answer === null });
  });
  const items = attentionItems({ upcoming, history, quotes });
  if (items.length === 0) return null;
  return (
    <section className="attention card" aria-labelledby={headingId} data-attention="">
      <h2 id={headingId}>Needs your attention</h2>
      <ul className="attention__list">
        {items.map((item) => (
          <li key={`${item.kind}-${item.dealId}`} data-attention-item={item.kind}>
            <a href={`#${dealCardId(item.dealId)}`} onClick={(event) => goToCard(event, item.dealId)}>
              {item.text}
            </a>
            <span className="attention__about">{item.about}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
