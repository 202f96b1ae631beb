import type { Db } from '@app/db/client';
import { formatEastern } from '@app/shared/eastern-time';
import type { HubSpotGateway } from '../crm/hubspot-gateway';
import { cleanerFirstName, deleteUnsentPhoto, loadPhoto, saveFileId, saveSent, type PhotoToAttach } from '../crm/photo-repository';
import { defineJob } from './job';

/** The file manager folder of every cleaning photo. */
export const PHOTO_FOLDER = '/cleaning-photos';

const EXTENSIONS: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };

/** `<photo id>.<ext>`: unique, so the file can be found again after a lost answer. */
export const photoFileName = (photo: { id: string; contentType: string }) => `${photo.id}.${EXTENSIONS[photo.contentType] ?? 'jpg'}`;

/** The note's words: whose cleaning and when (Eastern Time). */
export function photoNote(firstName: string | null, at: Date): string {
  return `Photo from ${firstName ? `${firstName}'s` : "the cleaner's"} cleaning on ${formatEastern(at)}.`;
}

/**
 * Puts a cleaner's photo in HubSpot (docs/cleaner-day.md#photos): a PRIVATE file in
 * /cleaning-photos named after the photo, then a note on the deal with the file attached
 * (`hs_attachment_ids`); then the bytes are cleared here. Waits (retries) while the deal is not
 * in HubSpot yet; a photo of a deal deleted in HubSpot is deleted.
 *
 * Idempotent under retries and lost answers, each step recorded as it is done: the file is
 * looked for by its unique name before it is uploaded, and the note among the deal's notes (their
 * associations, which do not wait for a search index, then a batch read) by the file it carries,
 * before one is made. A retry never uploads twice nor makes a second note.
 */
export function crmAttachPhotoJob(deps: { db: Db; hubspot: HubSpotGateway; now?: () => Date }) {
  const now = deps.now ?? (() => new Date());
  return defineJob('crm.attach-photo', async ({ photoId }, { log }) => {
    const photo = await loadPhoto(deps.db, photoId);
    if (!photo) return { outcome: 'missing' as const };
    if (photo.sentAt) return { outcome: 'settled' as const };
    if (photo.deal.archivedAt) {
      // Deleted in HubSpot: the photo has nowhere to go, and is not kept here either.
      await deleteUnsentPhoto(deps.db, photo.id);
      return { outcome: 'deal-archived' as const };
    }
    const dealHubspotId = photo.deal.hubspotId;
    if (!dealHubspotId) throw new Error(`the deal of photo ${photoId} is not in HubSpot yet`);

    const fileId = photo.hubspotFileId ?? (await fileOf(deps, photo));
    const noteId = photo.hubspotNoteId ?? (await noteOf(deps, photo, dealHubspotId, fileId));
    await saveSent(deps.db, photo.id, noteId, now());
    log.info({ photoId, dealHubspotId, fileId, noteId }, 'photo attached in HubSpot');
    return { outcome: 'attached' as const, fileId, noteId };
  });
}

/** The photo's file in HubSpot: found by its name (an earlier try's upload), else uploaded. */
async function fileOf(deps: { db: Db; hubspot: HubSpotGateway }, photo: PhotoToAttach): Promise<string> {
  const name = photoFileName(photo);
  let fileId = await deps.hubspot.findFile(PHOTO_FOLDER, name);
  if (!fileId) {
    if (!photo.bytes) throw new Error(`photo ${photo.id} has neither its bytes nor a file in HubSpot`);
    fileId = await deps.hubspot.uploadFile(PHOTO_FOLDER, name, Buffer.from(photo.bytes), 'PRIVATE');
  }
  await saveFileId(deps.db, photo.id, fileId);
  return fileId;
}

/** The note attaching the file: one of the deal's notes that carries it (an earlier try's), else a new one. */
async function noteOf(deps: { db: Db; hubspot: HubSpotGateway }, photo: PhotoToAttach, dealHubspotId: string, fileId: string): Promise<string> {
  const onDeal = (await deps.hubspot.associatedIds('deals', 'notes', [dealHubspotId])).get(dealHubspotId) ?? [];
  if (onDeal.length > 0) {
    const notes = await deps.hubspot.readBatch('notes', onDeal, ['hs_attachment_ids']);
    const existing = notes.find((n) => (n.properties.hs_attachment_ids ?? '').split(';').includes(fileId));
    if (existing) return existing.id;
  }
  const words = photoNote(await cleanerFirstName(deps.db, photo.ownerHubspotId), photo.deal.scheduledAt ?? photo.createdAt);
  return deps.hubspot.noteOnDeal(dealHubspotId, words, photo.createdAt, [fileId]);
}
