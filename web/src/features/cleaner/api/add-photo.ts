import { photoAddedSchema, type PhotoAdded, type PhotoLabel } from '@app/shared/visit-photos';
import { api } from '../../../lib/api-client';

/** POST /api/cleaner/deals/:id/photos?label= with the image's own bytes (docs/cleaner-day.md#photos). */
export function postPhoto(dealId: string, photo: Blob, label?: PhotoLabel): Promise<PhotoAdded> {
  const query = label ? `?label=${label}` : '';
  return api.post(`/api/cleaner/deals/${encodeURIComponent(dealId)}/photos${query}`, photo, photoAddedSchema);
}

/** PUT …/photos/:photoId/thumbnail with the small copy the office sees (docs/cleaner-day.md#what-the-office-sees). */
export function putThumbnail(dealId: string, photoId: string, thumbnail: Blob): Promise<void> {
  return api.put(`/api/cleaner/deals/${encodeURIComponent(dealId)}/photos/${encodeURIComponent(photoId)}/thumbnail`, thumbnail);
}
