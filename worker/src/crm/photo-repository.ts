import type { Db } from '@app/db/client';

/** A photo as the attach job needs it (never logged: it holds the bytes). */
export async function loadPhoto(db: Db, photoId: string) {
  return db.visitPhoto.findUnique({
    where: { id: photoId },
    select: {
      id: true,
      contentType: true,
      bytes: true,
      hubspotFileId: true,
      hubspotNoteId: true,
      sentAt: true,
      createdAt: true,
      ownerHubspotId: true,
      deal: { select: { hubspotId: true, archivedAt: true, scheduledAt: true } },
    },
  });
}

export async function saveFileId(db: Db, photoId: string, hubspotFileId: string): Promise<void> {
  await db.visitPhoto.update({ where: { id: photoId }, data: { hubspotFileId }, select: { id: true } });
}

/** The note is made: the photo is in HubSpot, and its bytes are no longer kept here. */
export async function saveSent(db: Db, photoId: string, hubspotNoteId: string, now: Date): Promise<void> {
  await db.visitPhoto.update({ where: { id: photoId }, data: { hubspotNoteId, sentAt: now, bytes: null }, select: { id: true } });
}

export async function cleanerFirstName(db: Db, ownerHubspotId: string): Promise<string | null> {
  return (await db.owner.findUnique({ where: { hubspotId: ownerHubspotId }, select: { firstName: true } }))?.firstName ?? null;
}

/** A photo that cannot go anywhere (its deal was deleted in HubSpot): gone, unless sent meanwhile. */
export async function deleteUnsentPhoto(db: Db, photoId: string): Promise<void> {
  await db.visitPhoto.deleteMany({ where: { id: photoId, sentAt: null } });
}
