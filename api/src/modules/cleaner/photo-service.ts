import { photoLabelQuerySchema, PHOTO_REFUSALS, THUMBNAIL_FIELD, THUMBNAIL_MAX_BYTES, THUMBNAIL_MAX_SIDE, THUMBNAIL_REFUSALS, type PhotoAdded } from '@app/shared/visit-photos';
import { AppError } from '../../errors';
import { checkedPhoto, refusePhoto, type PhotoUpload } from '../../photos/photo-upload';
import type { CleanerIdentity } from '../../middleware/session';
import type { ModuleDeps } from '../registry';
import { recordPhoto, recordThumbnail } from './photo-repository';
import { requireScheduled, tappable } from './visit-service';

export type PhotoDeps = Pick<ModuleDeps, 'db' | 'now' | 'outbox'>;

/**
 * POST /api/cleaner/deals/:id/photos?label=before|after, the image's bytes as the body
 * (docs/cleaner-day.md#photos): for the cleaner's own cleaning on its day, like a tap; a JPEG, PNG
 * or WebP (declared, and read from the bytes) of at most 10 MB, at most PHOTOS_PER_VISIT a
 * cleaning. Its metadata (the GPS position among it) is stripped before it is kept; the worker
 * takes it to HubSpot.
 */
export async function addPhoto(deps: PhotoDeps, cleaner: CleanerIdentity, dealId: string, upload: PhotoUpload, query: unknown = {}): Promise<PhotoAdded> {
  const deal = await tappable(deps, cleaner, dealId);
  requireScheduled(deal, true);
  const { label } = photoLabelQuerySchema.parse(query);
  const photo = await checkedPhoto(upload);
  const outcome = await recordPhoto(deps.db, { dealId: deal.id, ownerId: cleaner.ownerId, cleanerEmail: cleaner.email, contentType: photo.type, bytes: photo.bytes, label: label ?? null });
  if (outcome.kind === 'limit') throw refusePhoto(409, PHOTO_REFUSALS.limit);
  deps.outbox.notify();
  return { photo: { id: outcome.id, contentType: photo.type, byteSize: photo.bytes.length, label: label ?? null }, count: outcome.count };
}

const thumbnailTooLarge = () => new AppError(413, THUMBNAIL_REFUSALS.tooLarge.code, THUMBNAIL_REFUSALS.tooLarge.message, THUMBNAIL_FIELD);

/**
 * PUT /api/cleaner/deals/:id/photos/:photoId/thumbnail, the small copy's bytes as the body
 * (docs/cleaner-day.md#what-the-office-sees): for a photo of the cleaner's own cleaning on its day;
 * a JPEG, PNG or WebP of at most 400 px a side and 100 KB, stripped like the photo. Idempotent:
 * a second one replaces the first.
 */
export async function addThumbnail(deps: PhotoDeps, cleaner: CleanerIdentity, dealId: string, photoId: string, upload: PhotoUpload): Promise<{ photoId: string }> {
  const deal = await tappable(deps, cleaner, dealId);
  requireScheduled(deal, true);
  const small = await checkedPhoto(upload, { maxBytes: THUMBNAIL_MAX_BYTES, maxSide: THUMBNAIL_MAX_SIDE, tooLarge: thumbnailTooLarge });
  const kept = await recordThumbnail(deps.db, deal.id, photoId, small.type, small.bytes);
  if (!kept) throw new AppError(404, THUMBNAIL_REFUSALS.unknownPhoto.code, THUMBNAIL_REFUSALS.unknownPhoto.message, 'photoId');
  return { photoId };
}
