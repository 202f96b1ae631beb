import type { IncomingMessage } from 'node:http';
import { PHOTO_FIELD, PHOTO_REFUSALS, type PhotoAdded } from '@app/shared/visit-photos';
import { AppError } from '../../errors';
import { inspectPhoto, PHOTO_MAX_BYTES, PHOTO_TYPES, stripPhotoMetadata, type PhotoType } from './photo-image';
import type { CleanerIdentity } from '../../middleware/session';
import type { ModuleDeps } from '../registry';
import { recordPhoto } from './photo-repository';
import { requireScheduled, tappable } from './visit-service';

export type PhotoDeps = Pick<ModuleDeps, 'db' | 'now' | 'outbox'>;

/** The photo as it came: its declared type, declared length (null: none said) and its stream. */
export interface PhotoUpload {
  contentType: string | undefined;
  contentLength: number | null;
  body: IncomingMessage;
}

const refuse = (status: number, refusal: { code: string; message: string }) => new AppError(status, refusal.code, refusal.message, PHOTO_FIELD);

const isPhotoType = (type: string): type is PhotoType => (PHOTO_TYPES as readonly string[]).includes(type);

/**
 * The body's bytes, at most PHOTO_MAX_BYTES: a declared length over it is refused before a byte
 * is read, and a body that turns out longer is refused once it passes the limit. The rest of a
 * refused body is let through unread (not kept), so the phone still gets the answer.
 */
function readPhoto(upload: PhotoUpload): Promise<Buffer> {
  if (upload.contentLength !== null && upload.contentLength > PHOTO_MAX_BYTES) return Promise.reject(refuse(413, PHOTO_REFUSALS.tooLarge));
  const body = upload.body;
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = (error?: AppError) => {
      body.off('data', onData).off('end', onEnd).off('error', onError);
      if (error) reject(error);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= PHOTO_MAX_BYTES) return void chunks.push(chunk);
      stop(refuse(413, PHOTO_REFUSALS.tooLarge));
      body.resume();
    };
    const onEnd = () => {
      stop(size === 0 ? refuse(400, PHOTO_REFUSALS.empty) : undefined);
      if (size > 0) resolve(Buffer.concat(chunks));
    };
    const onError = (error: Error) => {
      body.off('data', onData).off('end', onEnd).off('error', onError);
      reject(error);
    };
    body.on('data', onData).on('end', onEnd).on('error', onError);
  });
}

/**
 * POST /api/cleaner/deals/:id/photos, the image's bytes as the body (docs/cleaner-day.md#photos):
 * for the cleaner's own cleaning on its day, like a tap; a JPEG, PNG or WebP (declared, and read
 * from the bytes) of at most 10 MB, at most PHOTOS_PER_VISIT a cleaning. Its metadata (the GPS
 * position among it) is stripped before it is kept; the worker takes it to HubSpot.
 */
export async function addPhoto(deps: PhotoDeps, cleaner: CleanerIdentity, dealId: string, upload: PhotoUpload): Promise<PhotoAdded> {
  const deal = await tappable(deps, cleaner, dealId);
  requireScheduled(deal, true);
  const declared = (upload.contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (!isPhotoType(declared)) throw refuse(415, PHOTO_REFUSALS.type);
  const bytes = await readPhoto(upload);
  const image = inspectPhoto(bytes);
  if (!image) throw refuse(415, PHOTO_REFUSALS.type);
  const stripped = stripPhotoMetadata(bytes, image.type);
  const outcome = await recordPhoto(deps.db, { dealId: deal.id, ownerId: cleaner.ownerId, cleanerEmail: cleaner.email, contentType: image.type, bytes: stripped });
  if (outcome.kind === 'limit') throw refuse(409, PHOTO_REFUSALS.limit);
  deps.outbox.notify();
  return { photo: { id: outcome.id, contentType: image.type, byteSize: stripped.length }, count: outcome.count };
}
