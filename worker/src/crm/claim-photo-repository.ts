import type { Db } from '@app/db/client';

/** A claim photo as the attach job needs it (never logged: it holds the bytes). */
export async function loadClaimPhoto(db: Db, photoId: string) {
  return db.claimPhoto.findUnique({
    where: { id: photoId },
    select: {
      id: true,
      contentType: true,
      bytes: true,
      hubspotFileId: true,
      hubspotNoteId: true,
      sentAt: true,
      createdAt: true,
      ticket: { select: { hubspotId: true, archivedAt: true } },
    },
  });
}

export async function saveClaimPhotoFileId(db: Db, photoId: string, hubspotFileId: string): Promise<void> {
  await db.claimPhoto.update({ where: { id: photoId }, data: { hubspotFileId }, select: { id: true } });
}

/** The note is made: the photo is in HubSpot, and its bytes are no longer kept here. */
export async function saveClaimPhotoSent(db: Db, photoId: string, hubspotNoteId: string, now: Date): Promise<void> {
  await db.claimPhoto.update({ where: { id: photoId }, data: { hubspotNoteId, sentAt: now, bytes: null }, select: { id: true } });
}

/** A photo that cannot go anywhere (its claim's ticket was deleted in HubSpot): gone, unless sent meanwhile. */
export async function deleteUnsentClaimPhoto(db: Db, photoId: string): Promise<void> {
  await db.claimPhoto.deleteMany({ where: { id: photoId, sentAt: null } });
}
