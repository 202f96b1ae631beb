import type { Db } from '@app/db/client';
import { formatEastern } from '@app/shared/eastern-time';
import type { HubSpotGateway } from '../crm/hubspot-gateway';
import { deleteUnsentClaimPhoto, loadClaimPhoto, saveClaimPhotoFileId, saveClaimPhotoSent } from '../crm/claim-photo-repository';
import { sendPhotoToRecord } from '../crm/photo-on-record';
import { defineJob } from './job';

/** The file manager folder of every re-clean claim's photo. */
export const CLAIM_PHOTO_FOLDER = '/claim-photos';

/** The note's words: whose photo, and when it was added (Eastern Time). */
export function claimPhotoNote(at: Date): string {
  return `Photo from the customer's re-clean claim, added on ${formatEastern(at)}.`;
}

/**
 * Puts a customer's photo of a re-clean claim in HubSpot
 * (docs/staff-actions.md#answering-a-re-clean-claim): a PRIVATE file in /claim-photos named after
 * the photo, then a note on the claim's ticket (note → ticket, 228) with the file attached; then
 * the bytes are cleared here. The claim's ticket carries the customer's words itself and has no
 * note on the deal, so neither has its photo: the office opens the ticket to answer the claim.
 * Waits (retries) while the ticket is not in HubSpot yet; a photo of a ticket deleted in HubSpot
 * is deleted. Idempotent under retries and lost answers like a cleaner's (crm/photo-on-record.ts).
 */
export function crmAttachClaimPhotoJob(deps: { db: Db; hubspot: HubSpotGateway; now?: () => Date }) {
  const now = deps.now ?? (() => new Date());
  return defineJob('crm.attach-claim-photo', async ({ photoId }, { log }) => {
    const photo = await loadClaimPhoto(deps.db, photoId);
    if (!photo) return { outcome: 'missing' as const };
    if (photo.sentAt) return { outcome: 'settled' as const };
    if (photo.ticket.archivedAt) {
      await deleteUnsentClaimPhoto(deps.db, photo.id);
      return { outcome: 'ticket-archived' as const };
    }
    const ticketHubspotId = photo.ticket.hubspotId;
    if (!ticketHubspotId) throw new Error(`the ticket of claim photo ${photoId} is not in HubSpot yet`);

    const { fileId, noteId } = await sendPhotoToRecord(deps.hubspot, photo, {
      folder: CLAIM_PHOTO_FOLDER,
      record: { type: 'tickets', id: ticketHubspotId },
      note: () => Promise.resolve({ body: claimPhotoNote(photo.createdAt), at: photo.createdAt }),
      saveFileId: (id) => saveClaimPhotoFileId(deps.db, photo.id, id),
    });
    await saveClaimPhotoSent(deps.db, photo.id, noteId, now());
    log.info({ photoId, ticketHubspotId, fileId, noteId }, 'claim photo attached in HubSpot');
    return { outcome: 'attached' as const, fileId, noteId };
  });
}
