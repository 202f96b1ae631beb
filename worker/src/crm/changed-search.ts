import { FilterOperatorEnum } from '@hubspot/api-client/lib/codegen/crm/objects/models/Filter.js';
import type { ModifiedDateProperty } from './modified-date';

/**
 * How the pull walks "everything changed since T" through HubSpot's search, which answers at
 * most 200 results a request and refuses to page past its first 10,000 (`after` >= 10,000 is
 * a 400). Pages are not taken by offset at all: each request moves the filter's lower bound to
 * the newest change already read (keyset paging). So a backlog of any size is walked in one
 * pass, and a record that changes meanwhile (moving to the end of the sort) cannot shift an
 * unread record into a page already read, as it would with offsets.
 */

/** HubSpot's largest search page. */
export const SEARCH_PAGE_SIZE = 200;

export type ChangedQuery =
  /** Changes at or after `from` (strictly after when `exclusive`), oldest first; all when `from` is null. */
  | { kind: 'since'; from: number | null; exclusive: boolean }
  /**
   * Changes made exactly at `at` with an id above `afterId`, by id: used only when a whole page
   * shares one millisecond, where the lower bound cannot move (a bulk update).
   */
  | { kind: 'instant'; at: number; afterId: string | null };

export interface ChangedRecordKey {
  id: string;
  /** The record's modified date (see modified-date.ts) in epoch ms. */
  modifiedAt: number;
}

export function firstChangedQuery(from: number | null): ChangedQuery {
  return { kind: 'since', from, exclusive: false };
}

/**
 * The filters and sort of a query on the object type's modified-date property (`modified`, from
 * modifiedDateProperty); the caller adds properties and the page size.
 */
export function changedSearchBody(modified: ModifiedDateProperty, query: ChangedQuery) {
  if (query.kind === 'since') {
    const filters = query.from === null ? [] : [{ propertyName: modified, operator: query.exclusive ? FilterOperatorEnum.Gt : FilterOperatorEnum.Gte, value: String(query.from) }];
    return { filterGroups: filters.length ? [{ filters }] : [], sorts: [modified] };
  }
  const filters = [
    { propertyName: modified, operator: FilterOperatorEnum.Eq, value: String(query.at) },
    ...(query.afterId === null ? [] : [{ propertyName: 'hs_object_id', operator: FilterOperatorEnum.Gt, value: query.afterId }]),
  ];
  return { filterGroups: [{ filters }], sorts: ['hs_object_id'] };
}

/**
 * The query after a page of `records` (in the order HubSpot sorted them); null when the walk is
 * over. `hasMore`: HubSpot offered a next page.
 */
export function nextChangedQuery(query: ChangedQuery, records: readonly ChangedRecordKey[], hasMore: boolean): ChangedQuery | null {
  const first = records[0];
  const last = records.at(-1);
  if (query.kind === 'instant') {
    if (!hasMore || !last) return { kind: 'since', from: query.at, exclusive: true };
    return { kind: 'instant', at: query.at, afterId: last.id };
  }
  if (!hasMore || !first || !last) return null;
  // The page is one millisecond: read that millisecond by id, then go on after it.
  if (first.modifiedAt === last.modifiedAt) return { kind: 'instant', at: last.modifiedAt, afterId: null };
  // Inclusive: other changes of the last millisecond may be on the next page (read twice, applied once).
  return { kind: 'since', from: last.modifiedAt, exclusive: false };
}
