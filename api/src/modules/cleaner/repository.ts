import type { Db, Prisma } from '@app/db/client';
import { DAY_QUERY_STAGES, homeContactSelect } from './home';

/** A cleaning as the cleaner's day shows it: where, when, what, and the customer's first name only. */
const cleanerCleaningSelect = {
  id: true,
  scheduledAt: true,
  durationMinutes: true,
  serviceType: true,
  skus: true,
  street: true,
  city: true,
  state: true,
  zip: true,
  stageId: true,
  contact: { select: { firstName: true, ...homeContactSelect } },
  bookingRequest: { select: { rooms: true, description: true } },
  // The visit's taps (one batched read for the whole day, docs/cleaner-day.md).
  visit: { select: { onMyWayAt: true, etaMinutes: true, startedAt: true, doneAt: true, tickedItems: true } },
  _count: { select: { photos: true } },
} as const satisfies Prisma.DealSelect;
export type CleanerCleaningRow = Prisma.DealGetPayload<{ select: typeof cleanerCleaningSelect }>;

/**
 * One owner's cleanings with an appointment inside [from, to), in time order, none deleted in
 * HubSpot (index deal(owner_id, scheduled_at)): scheduled ones, those done, and those canceled
 * (listed apart), each with its customer's home profile (cleaner/home.ts).
 */
export async function findOwnerCleanings(db: Db, ownerId: string, from: Date, to: Date): Promise<CleanerCleaningRow[]> {
  return db.deal.findMany({
    where: { ownerId, archivedAt: null, stageId: { in: [...DAY_QUERY_STAGES] }, scheduledAt: { gte: from, lt: to } },
    select: cleanerCleaningSelect,
    orderBy: [{ scheduledAt: 'asc' }, { id: 'asc' }],
  });
}

export interface CleanerOwnerRow {
  id: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
}

export async function findOwner(db: Db, ownerId: string): Promise<CleanerOwnerRow | null> {
  return db.owner.findUnique({ where: { id: ownerId }, select: { id: true, firstName: true, lastName: true, email: true } });
}
