/** What the queries of several staff resources share. */

/**
 * The keys every query showing cleaners by name starts with: assigning a cleaner
 * (assign-owner.ts) reads them all again rather than guess.
 */
export const CLEANER_QUERY_KEYS = {
  todayBoard: ['today-board'],
  scheduledDeals: ['scheduled-deals'],
  dealDetails: ['deal-details'],
  upcomingDeals: ['staff', 'upcoming-deals'],
} as const;

/** The calendar's endpoint, which the cleaner roster also reads (with a window of its own). */
export const SCHEDULED_DEALS_PATH = '/api/hubspot/admin/scheduledDeals';

/** How often the calendar asks again, so a deal scheduled in HubSpot shows up without a reload. */
export const SCHEDULED_DEALS_POLL_MS = 15_000;
