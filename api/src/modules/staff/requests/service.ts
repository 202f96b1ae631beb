import type { Db } from '@app/db/client';
import { CATEGORY_OF_REQUEST_KIND, type RequestsList, type RequestsQuery } from '@app/shared/staff-board';
import { findNewBookings, findOpenTickets } from '../common/board-repository';
import { bookingRequest, ticketRequest } from '../common/board-view';
import type { HubspotLinks } from '../common/hubspot-links';

/** The most open requests one requests page lists. */
export const REQUESTS_LIMIT = 200;

/** GET /api/internal/admin/requests: new bookings, open change/cancel requests, re-clean claims and unhappy customers in one list, oldest first (?kind= one of them). */
export async function openRequests(deps: { db: Db; links: HubspotLinks }, query: RequestsQuery): Promise<RequestsList> {
  const wantBookings = query.kind === 'all' || query.kind === 'booking';
  const wantTickets = query.kind !== 'booking';
  const [bookings, tickets] = await Promise.all([
    wantBookings ? findNewBookings(deps.db, { text: query.q, limit: REQUESTS_LIMIT }) : null,
    wantTickets ? findOpenTickets(deps.db, { text: query.q, limit: REQUESTS_LIMIT, category: query.kind === 'all' || query.kind === 'booking' ? undefined : CATEGORY_OF_REQUEST_KIND[query.kind] }) : null,
  ]);
  const items = [
    ...(bookings?.rows.map((d) => bookingRequest(d, deps.links)) ?? []),
    ...(tickets?.rows.map((t) => ticketRequest(t, deps.links)) ?? []),
  ].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
  return { count: (bookings?.count ?? 0) + (tickets?.count ?? 0), items: items.slice(0, REQUESTS_LIMIT) };
}
