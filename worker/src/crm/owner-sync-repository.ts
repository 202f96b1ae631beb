import type { Db } from '@app/db/client';

/**
 * The deal's HubSpot id (and whether HubSpot deleted it) and, for an owner id, the owner's
 * HubSpot id and whether it is still active there; null when the deal is gone.
 */
export async function loadOwnerAssignment(db: Db, dealId: string, ownerId: string | null) {
  const deal = await db.deal.findUnique({ where: { id: dealId }, select: { id: true, hubspotId: true, archivedAt: true } });
  if (!deal) return null;
  const owner = ownerId ? await db.owner.findUnique({ where: { id: ownerId }, select: { hubspotId: true, active: true } }) : null;
  return {
    dealHubspotId: deal.hubspotId,
    dealArchived: deal.archivedAt !== null,
    ownerHubspotId: owner?.hubspotId ?? null,
    ownerFound: ownerId === null || owner !== null,
    ownerActive: owner?.active ?? true,
  };
}

/**
 * Whether staff assigned the deal again after the assignment of outbox event `eventId`: then
 * that later one wins, even if this job runs after it (a retry).
 */
export async function hasNewerAssignment(db: Db, eventId: string, dealId: string): Promise<boolean> {
  const [row] = await db.$queryRaw<{ newer: boolean }[]>`
    SELECT EXISTS (
      SELECT 1 FROM outbox_event later, outbox_event this
      WHERE this.id::text = ${eventId} AND later.type = this.type AND later.aggregate_type = 'deal'
        AND later.aggregate_id = ${dealId} AND later.created_at > this.created_at
    ) AS newer`;
  return row?.newer ?? false;
}

/** Puts the assignment back into the mirror (a CRM pull in between may have brought HubSpot's older owner). */
export async function saveOwnerAssignment(db: Db, dealId: string, ownerId: string | null): Promise<void> {
  await db.deal.updateMany({ where: { id: dealId }, data: { ownerId } });
}
