import { describe, expect, it } from 'vitest';
import { changedSearchBody, firstChangedQuery, nextChangedQuery, SEARCH_PAGE_SIZE, type ChangedQuery } from './changed-search';
import { modifiedDateProperty } from './modified-date';

interface FakeRecord {
  id: string;
  modifiedAt: number;
}

/**
 * HubSpot's search over `records` as far as the walk uses it: AND of the filters, one sort
 * (ties in the order least convenient to us: highest id first), at most 200 results, and no
 * paging past 10,000 results (the walk must never need `after`).
 */
function fakeSearch(records: readonly FakeRecord[], body: ReturnType<typeof changedSearchBody> & { after?: string }) {
  // Deals: the walk must filter and sort on their modified-date property only.
  for (const name of [...(body.filterGroups[0]?.filters ?? []).map((f) => f.propertyName), ...body.sorts]) expect(['hs_lastmodifieddate', 'hs_object_id']).toContain(name);
  expect(body.after).toBeUndefined();
  const valueOf = (r: FakeRecord, name: string) => (name === 'hs_object_id' ? Number(r.id) : r.modifiedAt);
  const filters = body.filterGroups[0]?.filters ?? [];
  const hits = records.filter((r) =>
    filters.every((f) => {
      const actual = valueOf(r, f.propertyName);
      const value = Number(f.value);
      return { EQ: actual === value, GT: actual > value, GTE: actual >= value }[f.operator as 'EQ' | 'GT' | 'GTE'];
    }),
  );
  const sortBy = body.sorts[0] ?? 'hs_lastmodifieddate';
  hits.sort((a, b) => valueOf(a, sortBy) - valueOf(b, sortBy) || Number(b.id) - Number(a.id));
  return { results: hits.slice(0, SEARCH_PAGE_SIZE), hasMore: hits.length > SEARCH_PAGE_SIZE };
}

/** Walks the changes from `from` the way the gateway does; `during` may change records after each page. */
function walk(records: FakeRecord[], from: number | null, during: (request: number) => void = () => {}) {
  const seen = new Set<string>();
  let requests = 0;
  for (let query: ChangedQuery | null = firstChangedQuery(from); query; ) {
    const page = fakeSearch(records, changedSearchBody(modifiedDateProperty('deals'), query));
    requests++;
    for (const r of page.results) seen.add(r.id);
    during(requests);
    query = nextChangedQuery(query, page.results, page.hasMore);
    if (requests > 10_000) throw new Error('the walk does not end');
  }
  return { seen, requests };
}

const range = (n: number, of: (i: number) => FakeRecord) => Array.from({ length: n }, (_, i) => of(i));

describe('walking a search of changes by moving its lower bound', () => {
  it('reads a backlog far beyond the 10,000 results a search can page through, in about one request per 200', () => {
    const records = range(25_000, (i) => ({ id: String(1000 + i), modifiedAt: 1_700_000_000_000 + i * 7 }));
    const { seen, requests } = walk(records, null);
    expect(seen.size).toBe(25_000);
    expect(requests).toBeLessThan(25_000 / 190);
  });

  it('starts at the lower bound, inclusive', () => {
    expect(changedSearchBody(modifiedDateProperty('deals'), firstChangedQuery(1_700_000_000_000))).toEqual({
      filterGroups: [{ filters: [{ propertyName: 'hs_lastmodifieddate', operator: 'GTE', value: '1700000000000' }] }],
      sorts: ['hs_lastmodifieddate'],
    });
    const records = range(500, (i) => ({ id: String(1000 + i), modifiedAt: 1_000 + i }));
    expect(walk(records, 1_100).seen.size).toBe(400);
  });

  it('gets through more than 10,000 changes made in one millisecond (a bulk update), and on past them', () => {
    const before = range(300, (i) => ({ id: String(1000 + i), modifiedAt: 5_000 + i }));
    const burst = range(10_500, (i) => ({ id: String(2000 + i), modifiedAt: 9_999 }));
    const after = range(300, (i) => ({ id: String(20_000 + i), modifiedAt: 10_000 + i }));
    const { seen } = walk([...before, ...burst, ...after], null);
    expect(seen.size).toBe(300 + 10_500 + 300);
  });

  it('handles a page that is exactly one millisecond with nothing after it', () => {
    const records = range(SEARCH_PAGE_SIZE + 1, (i) => ({ id: String(1000 + i), modifiedAt: 42 }));
    expect(walk(records, null).seen.size).toBe(SEARCH_PAGE_SIZE + 1);
  });

  it('misses nothing when records change while the walk is under way', () => {
    const records = range(3_000, (i) => ({ id: String(1000 + i), modifiedAt: 1_000 + i }));
    // After every page, a record already read changes again (it moves to the end of the sort):
    // with offset paging this shifts an unread record into a page already read.
    const { seen } = walk(records, null, (request) => {
      const moved = records[request * 10];
      if (moved) moved.modifiedAt = 100_000 + request;
    });
    expect(seen.size).toBe(3_000);
  });

  it('filters and sorts contacts on lastmodifieddate, every other type on hs_lastmodifieddate', () => {
    const since = firstChangedQuery(5);
    expect(changedSearchBody(modifiedDateProperty('contacts'), since)).toEqual({
      filterGroups: [{ filters: [{ propertyName: 'lastmodifieddate', operator: 'GTE', value: '5' }] }],
      sorts: ['lastmodifieddate'],
    });
    expect(changedSearchBody(modifiedDateProperty('contacts'), { kind: 'instant', at: 5, afterId: '9' }).filterGroups[0]?.filters[0]?.propertyName).toBe('lastmodifieddate');
    for (const type of ['companies', 'deals', 'line_items', 'tickets', 'invoices', 'notes', 'tasks', 'calls', 'meetings'] as const) {
      expect(changedSearchBody(modifiedDateProperty(type), since).sorts).toEqual(['hs_lastmodifieddate']);
    }
  });

  it('ends on an empty answer', () => {
    expect(nextChangedQuery(firstChangedQuery(5), [], false)).toBeNull();
    expect(nextChangedQuery({ kind: 'instant', at: 5, afterId: '9' }, [], false)).toEqual({ kind: 'since', from: 5, exclusive: true });
  });
});
