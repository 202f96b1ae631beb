import type { Db, Prisma } from '@app/db/client';
import { STAGE } from '@app/shared/deal-stages';
import { boardDealSelect, live, type BoardDealRow } from '../common/board-repository';

/** The most of each list the board shows; the counts are always whole. */
export const BOARD_LIST_LIMIT = 10;

const scheduled = { ...live, stageId: STAGE.CLEANING_SCHEDULED } as const;

/** A scheduled cleaning with its visit's taps (read in the same findMany: one batched query, no N+1). */
const boardCleaningSelect = { ...boardDealSelect, visit: { select: { onMyWayAt: true, etaMinutes: true, startedAt: true, doneAt: true } } } as const satisfies Prisma.DealSelect;
export type BoardCleaningRow = Prisma.DealGetPayload<{ select: typeof boardCleaningSelect }>;

/** Scheduled cleanings in [from, to), in time order, with their visits. */
export function findScheduledBetween(db: Db, from: Date, to: Date): Promise<BoardCleaningRow[]> {
  return db.deal.findMany({ where: { ...scheduled, scheduledAt: { gte: from, lt: to } }, select: boardCleaningSelect, orderBy: { scheduledAt: 'asc' } });
}

/**
 * Cleanings still scheduled (never closed out) that began before `before`, oldest first: the
 * board keeps them until the office closes them out. The count is whole, the rows bounded.
 */
export async function findOpenBefore(db: Db, before: Date, limit: number): Promise<{ count: number; rows: BoardCleaningRow[] }> {
  const where: Prisma.DealWhereInput = { ...scheduled, scheduledAt: { lt: before } };
  const [count, rows] = await Promise.all([
    db.deal.count({ where }),
    db.deal.findMany({ where, select: boardCleaningSelect, orderBy: [{ scheduledAt: 'asc' }, { id: 'asc' }], take: limit }),
  ]);
  return { count, rows };
}

/** Scheduled cleanings in [from, to) that no cleaner is assigned to. */
export async function findUnassigned(db: Db, from: Date, to: Date, limit: number): Promise<{ count: number; rows: BoardDealRow[] }> {
  const where: Prisma.DealWhereInput = { ...scheduled, ownerId: null, scheduledAt: { gte: from, lt: to } };
  const [count, rows] = await Promise.all([
    db.deal.count({ where }),
    db.deal.findMany({ where, select: boardDealSelect, orderBy: { scheduledAt: 'asc' }, take: limit }),
  ]);
  return { count, rows };
}

/** Invoices still open whose cleaning was before `now` (HubSpot's due date is not mirrored), oldest first. */
export async function findUnpaid(db: Db, now: Date, limit: number): Promise<{ count: number; rows: BoardDealRow[] }> {
  const where: Prisma.DealWhereInput = {
    ...live,
    invoiceStatus: 'open',
    scheduledAt: { lt: now },
    stageId: { notIn: [STAGE.CANCELED, STAGE.QUOTE_CANCELED] },
  };
  const [count, rows] = await Promise.all([
    db.deal.count({ where }),
    db.deal.findMany({ where, select: boardDealSelect, orderBy: { scheduledAt: 'asc' }, take: limit }),
  ]);
  return { count, rows };
}

/**
 * The version of everything the board's lists show: the newest change to any deal, ticket,
 * contact, owner or cleaning visit (every write through Prisma moves updated_at; each column is indexed, so this
 * reads four index ends). Equal versions mean equal lists, for the same moment.
 */
export async function boardDataVersion(db: Db): Promise<string> {
  const [row] = await db.$queryRaw<{ version: string }[]>`
    SELECT concat_ws('/',
      (SELECT max(updated_at) FROM deal), (SELECT max(updated_at) FROM ticket),
      (SELECT max(updated_at) FROM contact), (SELECT max(updated_at) FROM owner),
      (SELECT max(updated_at) FROM cleaning_visit)) AS version`;
  return row?.version ?? '';
}

/** Whether the worker's last look at the HubSpot account found it ready (null: never checked). */
export async function crmAccountReady(db: Db): Promise<boolean | null> {
  return (await db.crmAccountStatus.findUnique({ where: { id: 1 }, select: { ready: true } }))?.ready ?? null;
}

/** Customer texts written since `since`, counted by kind and status; and the phones opted out. */
export async function customerTextCounts(db: Db, since: Date): Promise<{ counts: { purpose: string; status: string; count: number }[]; optedOut: number }> {
  const [groups, optedOut] = await Promise.all([
    db.smsMessage.groupBy({
      by: ['purpose', 'status'],
      where: { createdAt: { gte: since }, purpose: { notIn: ['login_code', 'staff_invite'] } },
      _count: { _all: true },
    }),
    db.smsOptOut.count(),
  ]);
  return { counts: groups.map((g) => ({ purpose: g.purpose, status: g.status, count: g._count._all })), optedOut };
}

export interface RatingCounts {
  /** The cleaner (owner) of the rated cleanings; null: cleanings without one. */
  ownerId: string | null;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  sum: number;
  count: number;
}

/** Ratings given since `since` (docs/conversations.md#ratings), summed per cleaner at the time of the cleaning. */
export async function ratingCountsSince(db: Db, since: Date): Promise<RatingCounts[]> {
  return db.$queryRaw<RatingCounts[]>`
    SELECT r.owner_id AS "ownerId", o.first_name AS "firstName", o.last_name AS "lastName", o.email,
           sum(r.rating)::int AS sum, count(*)::int AS count
    FROM cleaning_rating r LEFT JOIN owner o ON o.id = r.owner_id
    WHERE r.rated_at > ${since}
    GROUP BY r.owner_id, o.first_name, o.last_name, o.email`;
}
