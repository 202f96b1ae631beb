import type { IncomingMessage } from 'node:http';
import { PHOTO_FIELD, PHOTO_REFUSALS } from '@app/shared/visit-photos';
import { AppError } from '../errors';
import { inspectPhoto, PHOTO_MAX_BYTES, PHOTO_TYPES, stripPhotoMetadata, type PhotoType } from './photo-image';

/** The photo as it came: its declared type, declared length (null: none said) and its stream. */
export interface PhotoUpload {
  contentType: string | undefined;
  contentLength: number | null;
  body: IncomingMessage;
}

/** The upload of a request whose body is the image's bytes (its Content-Type and Content-Length headers, and its stream). */
export function photoUploadOf(ctx: { get(header: string): string; req: IncomingMessage }): PhotoUpload {
  const length = ctx.get('content-length');
  return { contentType: ctx.get('content-type') || undefined, contentLength: length === '' ? null : Number(length), body: ctx.req };
}

/** A photo checked and stripped, ready to keep. */
export interface CheckedPhoto {
  type: PhotoType;
  bytes: Uint8Array;
}

/** A photo refusal: always names the field `photo`. */
export const refusePhoto = (status: number, refusal: { code: string; message: string }) => new AppError(status, refusal.code, refusal.message, PHOTO_FIELD);

const isPhotoType = (type: string): type is PhotoType => (PHOTO_TYPES as readonly string[]).includes(type);

/** The declared Content-Type, when it is one of the photo types (parameters and case ignored). */
export function declaredPhotoType(contentType: string | undefined): PhotoType | null {
  const declared = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  return isPhotoType(declared) ? declared : null;
}

/**
 * The body's bytes, at most PHOTO_MAX_BYTES: a declared length over it is refused before a byte
 * is read, and a body that turns out longer is refused once it passes the limit. The rest of a
 * refused body is let through unread (not kept), so the phone still gets the answer.
 */
export function readPhoto(upload: PhotoUpload, maxBytes = PHOTO_MAX_BYTES, tooLarge: () => AppError = () => refusePhoto(413, PHOTO_REFUSALS.tooLarge)): Promise<Buffer> {
  if (upload.contentLength !== null && upload.contentLength > maxBytes) return Promise.reject(tooLarge());
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
      if (size <= maxBytes) return void chunks.push(chunk);
      stop(tooLarge());
      body.resume();
    };
    const onEnd = () => {
      stop(size === 0 ? refusePhoto(400, PHOTO_REFUSALS.empty) : undefined);
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
 * The image rules every uploaded photo meets (docs/cleaner-day.md#photos): a JPEG, PNG or WebP,
 * declared and read from the bytes, of at most 10 MB; its metadata (the GPS position among it) is
 * stripped. Call after the caller's own checks of who may add it, before reading the body.
 * `small`: a thumbnail's tighter limits (bytes, pixels a side), refused with its own error.
 */
export async function checkedPhoto(upload: PhotoUpload, small?: { maxBytes: number; maxSide: number; tooLarge: () => AppError }): Promise<CheckedPhoto> {
  if (!declaredPhotoType(upload.contentType)) throw refusePhoto(415, PHOTO_REFUSALS.type);
  const bytes = small ? await readPhoto(upload, small.maxBytes, small.tooLarge) : await readPhoto(upload);
  const image = inspectPhoto(bytes);
  if (!image) throw refusePhoto(415, PHOTO_REFUSALS.type);
  if (small && Math.max(image.width, image.height) > small.maxSide) throw small.tooLarge();
  return { type: image.type, bytes: stripPhotoMetadata(bytes, image.type) };
}
