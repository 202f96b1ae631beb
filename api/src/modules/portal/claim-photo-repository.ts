import { Prisma } from '@app/db/client';
import type { Db, DbTransaction } from '@app/db/client';
import { PORTAL_VISIBLE_DEAL_SQL } from '@app/db/identity';
import { outboxEvent } from '@app/runtime/outbox/events';
import { CLAIM_PHOTOS_MAX } from '@app/shared/claim-photos';
import { isTicketClosed } from '@app/shared/tickets';

/**
 * A customer's re-clean claim as its photos need it, by the portal's rule (repository.ts): a
 * claim ticket of one of the contact's deals the portal shows, neither ticket nor deal deleted in
 * HubSpot. Anything else, another customer's claim among it, reads like one that does not exist.
 */
export type ClaimForPhotos = { kind: 'missing' } | { kind: 'closed' } | { kind: 'open'; count: number };

const ownedClaim = (contactId: string, ticketId: string) => Prisma.sql`
  SELECT t.id, t.pipeline_stage AS "pipelineStage"
  FROM ticket t JOIN deal d ON d.id = t.deal_id JOIN contact c ON c.id = d.contact_id
  WHERE t.id = ${ticketId} AND t.category = 'Re-clean Claim' AND t.archived_at IS NULL
    AND d.contact_id = ${contactId} AND d.archived_at IS NULL AND ${PORTAL_VISIBLE_DEAL_SQL}`;

async function claimState(tx: Db | DbTransaction, contactId: string, ticketId: string, lock: boolean): Promise<ClaimForPhotos> {
  const query = lock ? Prisma.sql`${ownedClaim(contactId, ticketId)} FOR UPDATE OF t` : ownedClaim(contactId, ticketId);
  const [claim] = await tx.$queryRaw<{ id: string; pipelineStage: string | null }[]>(query);
  if (!claim) return { kind: 'missing' };
  // Open until the office answers or closes it: the same test as the portal's card (shared/tickets.ts).
  if (isTicketClosed({ properties: { hs_pipeline_stage: claim.pipelineStage } })) return { kind: 'closed' };
  return { kind: 'open', count: await tx.claimPhoto.count({ where: { ticketId } }) };
}

/** The claim's state for a photo, read before its body is: nothing is read for a claim it cannot join. */
export function findClaimForPhotos(db: Db, contactId: string, ticketId: string): Promise<ClaimForPhotos> {
  return claimState(db, contactId, ticketId, false);
}

export interface NewClaimPhoto {
  ticketId: string;
  contactId: string;
  contentType: string;
  bytes: Uint8Array;
}

export type ClaimPhotoOutcome = Exclude<ClaimForPhotos, { kind: 'open' }> | { kind: 'limit' } | { kind: 'recorded'; id: string; count: number };

/**
 * Keeps a claim's photo with its `crm.attach-claim-photo` event (the photo's id only) in one
 * transaction. The claim's ticket is locked and checked again first, so photos sent at once are
 * counted one after the other (never more than CLAIM_PHOTOS_MAX) and none joins a claim the
 * office closed meanwhile.
 */
export async function recordClaimPhoto(db: Db, photo: NewClaimPhoto): Promise<ClaimPhotoOutcome> {
  return db.$transaction(async (tx) => {
    const claim = await claimState(tx, photo.contactId, photo.ticketId, true);
    if (claim.kind !== 'open') return claim;
    if (claim.count >= CLAIM_PHOTOS_MAX) return { kind: 'limit' as const };
    const row = await tx.claimPhoto.create({
      data: { ticketId: photo.ticketId, contactId: photo.contactId, contentType: photo.contentType, byteSize: photo.bytes.length, bytes: Uint8Array.from(photo.bytes) },
      select: { id: true },
    });
    await tx.outboxEvent.create({ data: outboxEvent('crm.attach-claim-photo', { photoId: row.id }, { aggregateId: row.id }), select: { id: true } });
    return { kind: 'recorded' as const, id: row.id, count: claim.count + 1 };
  });
}
