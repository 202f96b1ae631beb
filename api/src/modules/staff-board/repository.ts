import type { Db, Prisma } from '@app/db/client';
import { TICKET_CLOSED_STAGES } from '@app/shared/constants';
import { STAGE } from '@app/shared/deal-stages';

/** The most of each list the board shows; the counts are always whole. */
export const BOARD_LIST_LIMIT = 10;
/** The most open requests one requests page lists. */
export const REQUESTS_LIMIT = 200;

const person = { select: { firstName: true, lastName: true, email: true } } as const;
export const boardDealSelect = {
  id: true,
  hubspotId: true,
  serviceType: true,
  street: true,
  city: true,
  state: true,
  zip: true,
  scheduledAt: true,
  preferredDate: true,
  timeOfDay: true,
  stageId: true,
  invoiceStatus: true,
  invoiceAmountCents: true,
  amountCents: true,
  createdAt: true,
  owner: person,
  contact: { select: { id: true, firstName: true, lastName: true, email: true, phone: true } },
} as const satisfies Prisma.DealSelect;
export type BoardDealRow = Prisma.DealGetPayload<{ select: typeof boardDealSelect }>;

/** A new booking request also shows the customer's own words. */
const newBookingSelect = { ...boardDealSelect, bookingRequest: { select: { description: true } } } as const satisfies Prisma.DealSelect;
export type NewBookingRow = Prisma.DealGetPayload<{ select: typeof newBookingSelect }>;

const ticketSelect = {
  id: true,
  hubspotId: true,
  category: true,
  reason: true,
  changeType: true,
  createdAt: true,
  deal: { select: boardDealSelect },
} as const satisfies Prisma.TicketSelect;
export type OpenTicketRow = Prisma.TicketGetPayload<{ select: typeof ticketSelect }>;

const live = { archivedAt: null } as const;
const scheduled = { ...live, stageId: STAGE.CLEANING_SCHEDULED } as const;
const newBooking = { ...live, stageId: STAGE.CLEAN_REQUESTED } as const satisfies Prisma.DealWhereInput;
/** Active change/cancel tickets (docs/product.md §4: not in a closed stage) of cleanings still in the mirror. */
const openTicket = {
  ...live,
  deal: live,
  OR: [{ pipelineStage: null }, { pipelineStage: { notIn: [...TICKET_CLOSED_STAGES] } }],
} as const satisfies Prisma.TicketWhereInput;

/** Words of a search: each must appear in the customer's name, e-mail or phone, or the address. */
function matching(q: string): Prisma.DealWhereInput {
  const words = q.split(/\s+/).filter(Boolean);
  return {
    AND: words.map((w) => ({
      OR: [
        { contact: { OR: [{ firstName: { contains: w, mode: 'insensitive' } }, { lastName: { contains: w, mode: 'insensitive' } }, { email: { contains: w, mode: 'insensitive' } }, { phone: { contains: w } }] } },
        { street: { contains: w, mode: 'insensitive' } },
        { city: { contains: w, mode: 'insensitive' } },
        { zip: { startsWith: w } },
      ],
    })),
  };
}

/** Scheduled cleanings in [from, to), in time order. */
export function findScheduledBetween(db: Db, from: Date, to: Date): Promise<BoardDealRow[]> {
  return db.deal.findMany({ where: { ...scheduled, scheduledAt: { gte: from, lt: to } }, select: boardDealSelect, orderBy: { scheduledAt: 'asc' } });
}

export async function findNewBookings(db: Db, q: { text: string; limit: number }): Promise<{ count: number; rows: NewBookingRow[] }> {
  const where: Prisma.DealWhereInput = q.text ? { ...newBooking, ...matching(q.text) } : newBooking;
  const [count, rows] = await Promise.all([
    db.deal.count({ where }),
    db.deal.findMany({ where, select: newBookingSelect, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }], take: q.limit }),
  ]);
  return { count, rows };
}

export async function findOpenTickets(
  db: Db,
  q: { text: string; limit: number; category?: 'RescheduleRequest' | 'CancellationRequest' | undefined },
): Promise<{ count: number; rows: OpenTicketRow[] }> {
  const where: Prisma.TicketWhereInput = {
    ...openTicket,
    ...(q.category ? { category: q.category } : {}),
    ...(q.text ? { deal: { ...live, ...matching(q.text) } } : {}),
  };
  const [count, rows] = await Promise.all([
    db.ticket.count({ where }),
    db.ticket.findMany({ where, select: ticketSelect, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }], take: q.limit }),
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
 * contact or owner (every write through Prisma moves updated_at; each column is indexed, so this
 * reads four index ends). Equal versions mean equal lists, for the same moment.
 */
export async function boardDataVersion(db: Db): Promise<string> {
  const [row] = await db.$queryRaw<{ version: string }[]>`
    SELECT concat_ws('/',
      (SELECT max(updated_at) FROM deal), (SELECT max(updated_at) FROM ticket),
      (SELECT max(updated_at) FROM contact), (SELECT max(updated_at) FROM owner)) AS version`;
  return row?.version ?? '';
}

/** Whether the worker's last look at the HubSpot account found it ready (null: never checked). */
export async function crmAccountReady(db: Db): Promise<boolean | null> {
  return (await db.crmAccountStatus.findUnique({ where: { id: 1 }, select: { ready: true } }))?.ready ?? null;
}

const dealDetailsSelect = {
  ...boardDealSelect,
  ownerId: true,
  invoiceNumber: true,
  invoiceUrl: true,
  invoicePdfUrl: true,
  bookingRequest: { select: { description: true, rooms: true } },
} as const satisfies Prisma.DealSelect;
export type DealDetailsRow = Prisma.DealGetPayload<{ select: typeof dealDetailsSelect }>;

/** One cleaning still in the mirror (not deleted in HubSpot), or null. */
export function findDealDetails(db: Db, id: string): Promise<DealDetailsRow | null> {
  return db.deal.findFirst({ where: { id, ...live }, select: dealDetailsSelect });
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
