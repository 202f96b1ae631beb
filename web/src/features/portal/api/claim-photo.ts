import { photoAddedSchema, type PhotoAdded } from '@app/shared/visit-photos';
import { api } from '../../../lib/api-client';

/** POST /api/portal/claims/:ticketId/photos with the image's own bytes (shared/claim-photos.ts). */
export function postClaimPhoto(ticketId: string, photo: Blob): Promise<PhotoAdded> {
  return api.post(`/api/portal/claims/${encodeURIComponent(ticketId)}/photos`, photo, photoAddedSchema);
}
