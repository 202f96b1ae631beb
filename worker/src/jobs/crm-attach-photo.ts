import type { Db } from '@app/db/client';
import { formatEastern } from '@app/shared/eastern-time';
import type { HubSpotGateway } from '../crm/hubspot-gateway';
import { sendPhotoToRecord } from '../crm/photo-on-record';
import { cleanerFirstName, deleteUnsentPhoto, loadPhoto, saveFileId, saveSent } from '../crm/photo-repository';
import { defineJob } from './job';

/** The file manager folder of every cleaning photo. */
export const PHOTO_FOLDER = '/cleaning-photos';

/** The note's words: whose cleaning and when (Eastern Time). */
export function photoNote(firstName: string | null, at: Date): string {
  return `Photo from ${firstName ? `${firstName}'s` : "the cleaner's"} cleaning on ${formatEastern(at)}.`;
}

/**
 * Puts a cleaner's photo in HubSpot (docs/cleaner-day.md#photos): a PRIVATE file in
 * /cleaning-photos named after the photo, then a note on the deal with the file attached
 * (`hs_attachment_ids`); then the bytes are cleared here. Waits (retries) while the deal is not
 * in HubSpot yet; a photo of a deal deleted in HubSpot is deleted. Idempotent under retries and
 * lost answers (crm/photo-on-record.ts).
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

    const { fileId, noteId } = await sendPhotoToRecord(deps.hubspot, photo, {
      folder: PHOTO_FOLDER,
      record: { type: 'deals', id: dealHubspotId },
      note: async () => ({ body: photoNote(await cleanerFirstName(deps.db, photo.ownerHubspotId), photo.deal.scheduledAt ?? photo.createdAt), at: photo.createdAt }),
      saveFileId: (id) => saveFileId(deps.db, photo.id, id),
    });
    await saveSent(deps.db, photo.id, noteId, now());
    log.info({ photoId, dealHubspotId, fileId, noteId }, 'photo attached in HubSpot');
    return { outcome: 'attached' as const, fileId, noteId };
  });
}
