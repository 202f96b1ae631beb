import type { Db, Prisma } from '@app/db/client';
import { STAGE } from '@app/shared/deal-stages';
import { VISIT_TO_COME_STAGES } from '@app/shared/recurring-plan';
import { defaultDurationMinutes } from '@app/shared/schedule';
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

/**
 * Active recurring plans whose next visit (the soonest still to come) has no cleaner, is flagged
 * on a closed day, or overlaps another scheduled cleaning of its cleaner: those next visits,
 * soonest first, the count whole. One statement for the plans' next visits and the overlap
 * (docs/decisions/raw-sql.md: a per-plan window Prisma cannot express), then the board's select.
 */
export async function findPlansNeedingAttention(db: Db, now: Date, limit: number): Promise<{ count: number; rows: BoardDealRow[] }> {
  const ids = await db.$queryRaw<{ id: string }[]>`
    WITH next AS (
      SELECT DISTINCT ON (d.plan_id) d.id, d.owner_id, d.scheduled_at, d.duration_minutes, d.service_type, d.plan_flag
      FROM deal d JOIN recurring_plan p ON p.id = d.plan_id AND p.status = 'active'
      WHERE d.archived_at IS NULL AND d.stage_id = ANY(${[...VISIT_TO_COME_STAGES]}::text[]) AND d.scheduled_at >= ${now}
      ORDER BY d.plan_id, d.scheduled_at
    )
    SELECT n.id FROM next n
    WHERE n.owner_id IS NULL OR n.plan_flag IS NOT NULL OR EXISTS (
      SELECT 1 FROM deal o
      WHERE o.owner_id = n.owner_id AND o.id <> n.id AND o.stage_id = ${STAGE.CLEANING_SCHEDULED} AND o.archived_at IS NULL
        AND o.scheduled_at < n.scheduled_at + make_interval(mins => COALESCE(n.duration_minutes,
          CASE WHEN n.service_type ~* '(deep|move)' THEN ${DEEP_MINUTES}::int ELSE ${BASIC_MINUTES}::int END))
        AND n.scheduled_at < o.scheduled_at + make_interval(mins => COALESCE(o.duration_minutes,
          CASE WHEN o.service_type ~* '(deep|move)' THEN ${DEEP_MINUTES}::int ELSE ${BASIC_MINUTES}::int END)))
    ORDER BY n.scheduled_at, n.id`;
  const shown = ids.slice(0, limit).map((r) => r.id);
  const rows = shown.length === 0 ? [] : await db.deal.findMany({ where: { id: { in: shown } }, select: boardDealSelect, orderBy: [{ scheduledAt: 'asc' }, { id: 'asc' }] });
  return { count: ids.length, rows };
}

/**
 * A cleaning without a planned length, as the overlap check counts it: its package's limit, the
 * rule of defaultDurationMinutes (shared/schedule.ts), which the schedule's own warning uses.
 */
const [BASIC_MINUTES, DEEP_MINUTES] = [defaultDurationMinutes('basic'), defaultDurationMinutes('deep')];

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

/** Stages a paid deal should have left by itself: before scheduling, or canceled. */
const NOT_MOVED_ON = [STAGE.CLEAN_REQUESTED, STAGE.PENDING_ESTIMATE_CALL, STAGE.CREATING_QUOTE, STAGE.AWAITING_QUOTE_APPROVAL, STAGE.INVOICE_PAYMENT_NEEDED, STAGE.CANCELED, STAGE.QUOTE_CANCELED];

/** How long a paid invoice on a deal that did not move on stays on the board: a month. */
const PAID_ELSEWHERE_DAYS = 30;

/**
 * Payments the office must look at (docs/payments.md): a deal whose invoice was paid in the last
 * month but that did not move on to be scheduled, because it was elsewhere when the payment came
 * (canceled: a refund to make; before its quote's approval), or another change was on its way
 * then. A deal with a change on its way now (its payment's move) is not listed. Newest payment first.
 */
export async function findPaidNotMovedOn(db: Db, now: Date, limit: number): Promise<{ count: number; rows: BoardDealRow[] }> {
  const where: Prisma.DealWhereInput = {
    ...live,
    invoiceStatus: 'paid',
    invoiceHubspotUpdatedAt: { gte: new Date(now.getTime() - PAID_ELSEWHERE_DAYS * 86_400_000) },
    stageId: { in: NOT_MOVED_ON },
    commands: { none: { status: 'pending' } },
  };
  const [count, rows] = await Promise.all([
    db.deal.count({ where }),
    db.deal.findMany({ where, select: boardDealSelect, orderBy: { invoiceHubspotUpdatedAt: 'desc' }, take: limit }),
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
