import { useEffect, useRef } from 'react';
import { dealCardId } from '@app/shared/routes';

const CARD_PREFIX = dealCardId('');

/** The deal card a link's fragment names ('#deal-<id>', as the quote e-mail links it), or null. */
export function cardIdInHash(hash: string): string | null {
  let id: string;
  try {
    id = hash.startsWith('#') ? decodeURIComponent(hash.slice(1)) : '';
  } catch {
    return null; // A fragment typed with a stray '%'.
  }
  return id.startsWith(CARD_PREFIX) && id.length > CARD_PREFIX.length ? id : null;
}

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
