import type { Db, Prisma } from '@app/db/client';
import type { TicketCategoryKey } from '@app/shared/tickets';
import { TICKET_CLOSED_STAGES } from '@app/shared/constants';
import { STAGE } from '@app/shared/deal-stages';

/** The reads the today board and the requests list share: a deal as they show it, and the open requests. */

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
  durationMinutes: true,
  visitOutcome: true,
  preferredDate: true,
  timeOfDay: true,
  stageId: true,
  hubspotUpdatedAt: true,
  invoiceStatus: true,
  invoiceAmountCents: true,
  amountCents: true,
  createdAt: true,
  ownerId: true,
  owner: person,
  contact: { select: { id: true, firstName: true, lastName: true, email: true, phone: true } },
} as const satisfies Prisma.DealSelect;
export type BoardDealRow = Prisma.DealGetPayload<{ select: typeof boardDealSelect }>;

/** A new booking request also shows the customer's own words. */
const newBookingSelect = { ...boardDealSelect, bookingRequest: { select: { description: true } } } as const satisfies Prisma.DealSelect;
export type NewBookingRow = Prisma.DealGetPayload<{ select: typeof newBookingSelect }>;

/** A staff command as the pages show it (board-view.ts commandView). */
export const commandViewSelect = { id: true, kind: true, changes: true, reason: true, staffEmail: true, status: true, conflict: true, error: true, createdAt: true, settledAt: true } as const satisfies Prisma.DealCommandSelect;
export type CommandViewRow = Prisma.DealCommandGetPayload<{ select: typeof commandViewSelect }>;

const ticketSelect = {
  id: true,
  hubspotId: true,
  category: true,
  reason: true,
  changeType: true,
  requestedDate: true,
  createdAt: true,
  // A re-clean claim's photos (they are in HubSpot, on the ticket's notes).
  _count: { select: { photos: true } },
  // The deal's version and its latest command: what an answer sends back, and whether one is on its way.
  deal: { select: { ...boardDealSelect, hubspotUpdatedAt: true, commands: { orderBy: { createdAt: 'desc' }, take: 1, select: commandViewSelect } } },
} as const satisfies Prisma.TicketSelect;
export type OpenTicketRow = Prisma.TicketGetPayload<{ select: typeof ticketSelect }>;

/** Still in the mirror: not deleted in HubSpot. */
export const live = { archivedAt: null } as const;
const newBooking = { ...live, stageId: STAGE.CLEAN_REQUESTED } as const satisfies Prisma.DealWhereInput;

/** An active change/cancel ticket (docs/product.md §4: not in a closed stage), not deleted in HubSpot. */
export const activeTicket = {
  ...live,
  OR: [{ pipelineStage: null }, { pipelineStage: { notIn: [...TICKET_CLOSED_STAGES] } }],
} as const satisfies Prisma.TicketWhereInput;

/** Active tickets of cleanings still in the mirror. */
const openTicket = { ...activeTicket, deal: live } as const satisfies Prisma.TicketWhereInput;

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
  q: { text: string; limit: number; category?: TicketCategoryKey | undefined; leaveOut?: TicketCategoryKey | undefined },
): Promise<{ count: number; rows: OpenTicketRow[] }> {
  const where: Prisma.TicketWhereInput = {
    ...openTicket,
    ...(q.category ? { category: q.category } : q.leaveOut ? { category: { not: q.leaveOut } } : {}),
    ...(q.text ? { deal: { ...live, ...matching(q.text) } } : {}),
  };
  const [count, rows] = await Promise.all([
    db.ticket.count({ where }),
    db.ticket.findMany({ where, select: ticketSelect, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }], take: q.limit }),
  ]);
  return { count, rows };
}
