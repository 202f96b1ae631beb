import { photoAddedSchema, type PhotoAdded } from '@app/shared/visit-photos';
import { api } from '../../../lib/api-client';

/** POST /api/cleaner/deals/:id/photos with the image's own bytes (docs/cleaner-day.md#photos). */
export function postPhoto(dealId: string, photo: Blob): Promise<PhotoAdded> {
  return api.post(`/api/cleaner/deals/${encodeURIComponent(dealId)}/photos`, photo, photoAddedSchema);
}
