import { useEffect, useRef } from 'react';
import { cardIdInHash } from '@app/shared/routes';

/**
 * Brings the card the address names into view and focus once the cards are there: the browser
 * looks for it when the page opens, before the deals have loaded. Once only, so the page's polls
 * never pull the customer back to it.
 */
export function useCardInHash(ready: boolean): void {
  const done = useRef(false);
  useEffect(() => {
    if (!ready || done.current) return;
    done.current = true;
    const id = cardIdInHash(window.location.hash);
    const card = id ? document.getElementById(id) : null;
    if (!card) return;
    card.scrollIntoView({ block: 'start' });
    card.focus({ preventScroll: true });
  }, [ready]);
}
