import type { RequestLogEntry } from '@app/emulators/hubspot/request-log';

/** Value at percentile `p` of an ascending list (nearest rank; 0 when empty). */
export const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** The most of these instants (ms) that fall in any window of `windowMs` (a sliding window, as HubSpot counts). */
export function maxInAnyWindow(times: readonly number[], windowMs: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  let most = 0;
  let first = 0;
  for (let last = 0; last < sorted.length; last++) {
    while (sorted[last]! - sorted[first]! >= windowMs) first++;
    most = Math.max(most, last - first + 1);
  }
  return most;
}

export const isSearch = (e: RequestLogEntry) => /\/search\/?$/.test(e.path);

/**
 * Which work a request belongs to, by what it asks for: a booking push writes contacts, deals
 * and line items in batches (and reads a deal or line item back by our id after a conflict);
 * the worker's account check reads properties, pipelines and the token's scopes; everything
 * else (owners, searches, associations, invoice reads) is crm.pull's.
 */
export function requestKind(e: RequestLogEntry): 'push' | 'pull' | 'account' {
  if (/^\/crm\/v3\/(properties|pipelines)\/|^\/oauth\//.test(e.path)) return 'account';
  if (e.method !== 'POST') return 'pull';
  if (/^\/crm\/v3\/objects\/(contacts|deals|line_items)\/batch\/(create|upsert)$/.test(e.path)) return 'push';
  if (/^\/crm\/v3\/objects\/(deals|line_items)\/batch\/read$/.test(e.path)) return 'push';
  return 'pull';
}

/** What the HubSpot account saw in a span of time: how many requests, what kind, how bunched. */
export function summarizeRequests(entries: readonly RequestLogEntry[]) {
  const searches = entries.filter(isSearch);
  return {
    total: entries.length,
    push: entries.filter((e) => requestKind(e) === 'push').length,
    pull: entries.filter((e) => requestKind(e) === 'pull').length,
    account: entries.filter((e) => requestKind(e) === 'account').length,
    searches: searches.length,
    /** Answered 429: refused by one of the account's limits (or an injected fault). */
    refused: entries.filter((e) => e.status === 429).length,
    maxPer10s: maxInAnyWindow(entries.map((e) => e.at), 10_000),
    maxSearchesPerSecond: maxInAnyWindow(searches.map((e) => e.at), 1_000),
  };
}
