import type { Db } from '@app/db/client';
import { outboxEvent } from '@app/runtime/outbox/events';
import { PHOTOS_PER_VISIT } from '@app/shared/visit-photos';

export interface NewPhoto {
  dealId: string;
  /** Our owner row of the cleaner (the session's) and their sign-in e-mail. */
  ownerId: string;
  cleanerEmail: string;
  contentType: string;
  bytes: Uint8Array;
  /** 'before' or 'after', as the cleaner labelled it. */
  label: string | null;
}

export type PhotoOutcome = { kind: 'recorded'; id: string; count: number } | { kind: 'limit' };

/**
 * Keeps a photo with its `crm.attach-photo` event (the photo's id only) in one transaction. The
 * deal row is locked first, so two photos at once are counted one after the other and a cleaning
 * never gets more than PHOTOS_PER_VISIT.
 */
export async function recordPhoto(db: Db, photo: NewPhoto): Promise<PhotoOutcome> {
  return db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM deal WHERE id = ${photo.dealId} FOR UPDATE`;
    const count = await tx.visitPhoto.count({ where: { dealId: photo.dealId } });
    if (count >= PHOTOS_PER_VISIT) return { kind: 'limit' as const };
    const owner = await tx.owner.findUniqueOrThrow({ where: { id: photo.ownerId }, select: { hubspotId: true } });
    const row = await tx.visitPhoto.create({
      data: {
        dealId: photo.dealId,
        ownerHubspotId: owner.hubspotId,
        cleanerEmail: photo.cleanerEmail,
        contentType: photo.contentType,
        byteSize: photo.bytes.length,
        bytes: Uint8Array.from(photo.bytes),
        label: photo.label,
      },
      select: { id: true },
    });
    await tx.outboxEvent.create({ data: outboxEvent('crm.attach-photo', { photoId: row.id }, { aggregateId: row.id }), select: { id: true } });
    return { kind: 'recorded' as const, id: row.id, count: count + 1 };
  });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Keeps (or replaces) the small copy of a photo of `dealId`; false when the deal has no such photo. */
export async function recordThumbnail(db: Db, dealId: string, photoId: string, contentType: string, bytes: Uint8Array): Promise<boolean> {
  if (!UUID.test(photoId)) return false;
  const photo = await db.visitPhoto.findFirst({ where: { id: photoId, dealId }, select: { id: true } });
  if (!photo) return false;
  const data = { contentType, bytes: Uint8Array.from(bytes) };
  await db.visitPhotoThumbnail.upsert({ where: { photoId }, create: { photoId, ...data }, update: data, select: { photoId: true } });
  return true;
}
