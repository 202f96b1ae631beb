import { describe, expect, it } from 'vitest';
import { UNASSIGNED_FILTER, filterByCleaner } from './calendar-filters';

const deals = [
  { id: 'a', date: '2026-11-24T14:00:00Z', ownerId: 'c1' },
  { id: 'b', date: '2026-11-24T15:00:00Z', ownerId: null },
  { id: 'c', date: '2026-11-24T16:00:00Z', ownerId: 'c2' },
];
const ids = (list: readonly { id: string }[]) => list.map((d) => d.id);

describe('filterByCleaner', () => {
  it('keeps every cleaning, one cleaner’s, or the unassigned ones', () => {
    expect(ids(filterByCleaner(deals, ''))).toEqual(['a', 'b', 'c']);
    expect(ids(filterByCleaner(deals, 'c2'))).toEqual(['c']);
    expect(ids(filterByCleaner(deals, UNASSIGNED_FILTER))).toEqual(['b']);
    expect(ids(filterByCleaner(deals, 'nobody'))).toEqual([]);
  });
});
