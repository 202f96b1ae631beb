import { seenIdsOf, type SeenCleanings } from '../components/office-changes-diff';

/**
 * What My day showed last, kept for the tab (sessionStorage) so a reload still tells what the
 * office changed: times, stages and first names only, never a code.
 */

const SEEN_KEY = 'cleaner-day-seen';

export function readSeen(): SeenCleanings {
  try {
    const text = typeof sessionStorage === 'undefined' ? null : sessionStorage.getItem(SEEN_KEY);
    return text ? (JSON.parse(text) as SeenCleanings) : {};
  } catch {
    return {};
  }
}

export function writeSeen(seen: SeenCleanings): void {
  try {
    sessionStorage.setItem(SEEN_KEY, JSON.stringify(seen));
  } catch {
    // Storage full or refused: the page only tells fewer changes.
  }
}

/** The ids of the day's cleanings the page showed last, for the day's next request (`seen=`). */
export const seenIdsFor = (date: string): string[] => seenIdsOf(readSeen(), date);
