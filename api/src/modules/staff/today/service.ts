import type { Db } from '@app/db/client';
import { contactsForPhones, findWaiting } from '@app/db/conversations';
import { joinName } from '@app/shared/customer-context';
import { previewOf } from '@app/shared/conversations';
import { lastPullCompletedAt, outboxBacklog } from '@app/db/sync-status';
import { CUSTOMER_MESSAGE_KINDS, CUSTOMER_MESSAGE_LABELS } from '@app/shared/customer-messages';
import type { SmsStatus } from '@app/shared/sms-delivery';
import type { AnyQueue } from '@app/runtime/queue/connection';
import { addDays, easternToday, easternWallTimeToInstant } from '@app/shared/eastern-time';
import { averageRating, daysBefore, RATING_RULES } from '@app/shared/cleaning-rating';
import { personName } from '@app/shared/customer-context';
import { lateFirst, visitView } from '@app/shared/cleaning-visit';
import type { BoardCleaning, TodayBoard } from '@app/shared/staff-board';
import { findNewBookings, findOpenTickets, type BoardDealRow } from '../common/board-repository';
import { boardDeal, bookingRequest, ticketRequest } from '../common/board-view';
import type { HubspotLinks } from '../common/hubspot-links';
import type { SharedComputation } from './board-cache';
import {
  BOARD_LIST_LIMIT,
  boardDataVersion,
  crmAccountReady,
  customerTextCounts,
  findOpenBefore,
  findPaidNotMovedOn,
  findPlansNeedingAttention,
  findScheduledBetween,
  findUnassigned,
  findUnpaid,
  ratingCountsSince,
  type BoardCleaningRow,
  type RatingCounts,
} from './repository';

export interface TodayBoardDeps {
  db: Db;
  now: () => Date;
  links: HubspotLinks;
  /** The job queues, for the count of failed jobs. */
  queues: Readonly<Record<string, AnyQueue>>;
  /** The board's lists, shared by everyone asking for the same data version and minute. */
  sharedLists: SharedComputation<BoardLists>;
}

type BoardLists = Omit<TodayBoard, 'generatedAt' | 'sync' | 'texts' | 'conversations' | 'ratings'>;
const MINUTE_MS = 60_000;

const DAY_MS = 86_400_000;

/** The instant an Eastern calendar date ('YYYY-MM-DD') begins. */
function easternMidnight(date: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return easternWallTimeToInstant(year, month, day, 0, 0);
}

async function failedJobs(queues: TodayBoardDeps['queues']): Promise<number | null> {
  try {
    const counts = await Promise.all(Object.values(queues).map((q) => q.getJobCounts('failed')));
    return counts.reduce((sum, c) => sum + (c.failed ?? 0), 0);
  } catch {
    // Redis down: the board still answers; the sync section says the count is unknown.
    return null;
  }
}

/** The board's lists at `now` (its minute): earlier cleanings still open, today's and tomorrow's, requests, unassigned, unpaid, plans. */
async function boardLists(deps: TodayBoardDeps, now: Date): Promise<BoardLists> {
  const today = easternToday(now);
  const tomorrow = addDays(today, 1);
  const [startToday, startTomorrow, startAfter] = [today, tomorrow, addDays(today, 2)].map(easternMidnight) as [Date, Date, Date];
  const text = '';
  const [cleanings, earlier, unhappy, bookings, changes, unassigned, unpaid, plans, paidElsewhere] = await Promise.all([
    findScheduledBetween(deps.db, startToday, startAfter),
    findOpenBefore(deps.db, startToday, BOARD_LIST_LIMIT),
    findOpenTickets(deps.db, { text, limit: BOARD_LIST_LIMIT, category: 'UnhappyCustomer' }),
    findNewBookings(deps.db, { text, limit: BOARD_LIST_LIMIT }),
    findOpenTickets(deps.db, { text, limit: BOARD_LIST_LIMIT, leaveOut: 'UnhappyCustomer' }),
    findUnassigned(deps.db, now, new Date(now.getTime() + 7 * DAY_MS), BOARD_LIST_LIMIT),
    findUnpaid(deps.db, now, BOARD_LIST_LIMIT),
    findPlansNeedingAttention(deps.db, now, BOARD_LIST_LIMIT),
    findPaidNotMovedOn(deps.db, now, BOARD_LIST_LIMIT),
  ]);
  const deal = (d: BoardDealRow) => boardDeal(d, deps.links);
  // Each cleaning's live state at the board's minute (docs/cleaner-day.md).
  const cleaning = (d: BoardCleaningRow): BoardCleaning => ({ ...deal(d), visit: visitView(d.visit, d, now) });
  return {
    // Late ones first: the office calls those cleaners before anything else.
    today: { date: today, cleanings: lateFirst(cleanings.filter((d) => d.scheduledAt! < startTomorrow).map(cleaning)) },
    // Never closed out, from before today: kept, oldest first, until the office closes them out.
    earlier: { count: earlier.count, cleanings: earlier.rows.map(cleaning) },
    tomorrow: { date: tomorrow, cleanings: cleanings.filter((d) => d.scheduledAt! >= startTomorrow).map(cleaning) },
    unhappy: { count: unhappy.count, items: unhappy.rows.map((t) => ticketRequest(t, deps.links)) },
    newBookings: { count: bookings.count, items: bookings.rows.map((d) => bookingRequest(d, deps.links)) },
    openChanges: { count: changes.count, items: changes.rows.map((t) => ticketRequest(t, deps.links)) },
    unassigned: { count: unassigned.count, items: unassigned.rows.map(deal) },
    unpaid: { count: unpaid.count, items: unpaid.rows.map(deal) },
    plans: { count: plans.count, items: plans.rows.map(deal) },
    paidElsewhere: { count: paidElsewhere.count, items: paidElsewhere.rows.map(deal) },
  };
}

/**
 * Conversations waiting for an answer, oldest first, each with its customer (or none: an unknown
 * number). Read fresh every time: a text is answered in minutes, not with the mirror's changes.
 */
async function waitingConversations(db: Db): Promise<TodayBoard['conversations']> {
  const waiting = await findWaiting(db, { limit: BOARD_LIST_LIMIT });
  const contacts = await contactsForPhones(db, waiting.rows.map((w) => w.phone));
  return {
    count: waiting.count,
    items: waiting.rows.map((w) => {
      const contact = contacts.get(w.phone);
      return {
        phone: w.phone,
        customer: contact ? { id: contact.id, name: joinName(contact.firstName, contact.lastName) || contact.email } : null,
        since: w.since.toISOString(),
        texts: w.texts,
        latest: previewOf(w.latest),
      };
    }),
  };
}

/**
 * Ratings of the last 30 days (docs/conversations.md#ratings): the average and count of all, and
 * of each cleaner (at the time of the cleaning), best first. Read fresh: a rating arrives by text.
 */
export function ratingsSummary(rows: readonly RatingCounts[]): TodayBoard['ratings'] {
  const sum = rows.reduce((total, r) => total + r.sum, 0);
  const count = rows.reduce((total, r) => total + r.count, 0);
  const cleaners = rows
    .filter((r): r is RatingCounts & { ownerId: string } => r.ownerId !== null)
    .map((r) => ({ id: r.ownerId, name: personName(r) ?? 'Unnamed cleaner', average: averageRating(r.sum, r.count), count: r.count }))
    .sort((a, b) => (b.average ?? 0) - (a.average ?? 0) || b.count - a.count || a.name.localeCompare(b.name));
  return { average: averageRating(sum, count), count, cleaners };
}

/**
 * GET /api/internal/admin/today: the office's day at a glance, from the mirror. The lists are
 * shared while their data and minute stay the same (a whole office looks at one board); sync
 * health is read fresh every time.
 */
export async function todayBoard(deps: TodayBoardDeps): Promise<TodayBoard> {
  const now = deps.now();
  const minute = new Date(Math.floor(now.getTime() / MINUTE_MS) * MINUTE_MS);
  const lists = boardDataVersion(deps.db).then((version) => deps.sharedLists.get(`${version}@${minute.toISOString()}`, () => boardLists(deps, minute)));
  const [board, backlog, failed, lastPull, crmReady, texts, conversations, ratings] = await Promise.all([
    lists,
    outboxBacklog(deps.db),
    failedJobs(deps.queues),
    lastPullCompletedAt(deps.db),
    crmAccountReady(deps.db),
    customerTextCounts(deps.db, new Date(now.getTime() - TEXTS_WINDOW_MS)),
    waitingConversations(deps.db),
    ratingCountsSince(deps.db, daysBefore(now, RATING_RULES.boardDays)),
  ]);
  return {
    generatedAt: now.toISOString(),
    ...board,
    conversations,
    ratings: ratingsSummary(ratings),
    sync: {
      outboxPending: backlog.pending,
      outboxOldestAgeSeconds: backlog.oldestAgeSeconds,
      failedJobs: failed,
      lastPullAt: lastPull?.toISOString() ?? null,
      crmReady,
    },
    texts: { kinds: textsByKind(texts.counts), optedOut: texts.optedOut },
  };
}

/** How far back the board counts customer texts. */
const TEXTS_WINDOW_MS = 7 * 86_400_000;

const OUTCOME_OF: Readonly<Record<SmsStatus, 'delivered' | 'pending' | 'failed' | 'canceled'>> = {
  queued: 'pending',
  sending: 'pending',
  sent: 'pending',
  delivered: 'delivered',
  undelivered: 'failed',
  failed: 'failed',
  canceled: 'canceled',
};

/** Every kind, zeros included, in the order a cleaning goes through them. */
function textsByKind(counts: readonly { purpose: string; status: string; count: number }[]): TodayBoard['texts']['kinds'] {
  return CUSTOMER_MESSAGE_KINDS.map((kind) => {
    const row = { kind, label: CUSTOMER_MESSAGE_LABELS[kind], delivered: 0, pending: 0, failed: 0, canceled: 0 };
    for (const c of counts) if (c.purpose === kind) row[OUTCOME_OF[c.status as SmsStatus]] += c.count;
    return row;
  });
}
