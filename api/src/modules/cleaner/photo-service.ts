import { PHOTO_REFUSALS, type PhotoAdded } from '@app/shared/visit-photos';
import { checkedPhoto, refusePhoto, type PhotoUpload } from '../../photos/photo-upload';
import type { CleanerIdentity } from '../../middleware/session';
import type { ModuleDeps } from '../registry';
import { recordPhoto } from './photo-repository';
import { requireScheduled, tappable } from './visit-service';

export type PhotoDeps = Pick<ModuleDeps, 'db' | 'now' | 'outbox'>;

/**
 * POST /api/cleaner/deals/:id/photos, the image's bytes as the body (docs/cleaner-day.md#photos):
 * for the cleaner's own cleaning on its day, like a tap; a JPEG, PNG or WebP (declared, and read
 * from the bytes) of at most 10 MB, at most PHOTOS_PER_VISIT a cleaning. Its metadata (the GPS
 * position among it) is stripped before it is kept; the worker takes it to HubSpot.
 */
export async function addPhoto(deps: PhotoDeps, cleaner: CleanerIdentity, dealId: string, upload: PhotoUpload): Promise<PhotoAdded> {
  const deal = await tappable(deps, cleaner, dealId);
  requireScheduled(deal, true);
  const photo = await checkedPhoto(upload);
  const outcome = await recordPhoto(deps.db, { dealId: deal.id, ownerId: cleaner.ownerId, cleanerEmail: cleaner.email, contentType: photo.type, bytes: photo.bytes });
  if (outcome.kind === 'limit') throw refusePhoto(409, PHOTO_REFUSALS.limit);
  deps.outbox.notify();
  return { photo: { id: outcome.id, contentType: photo.type, byteSize: photo.bytes.length }, count: outcome.count };
}
