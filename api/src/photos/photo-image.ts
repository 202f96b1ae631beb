import { PhotoFormatError, concat, startsWith } from './photo-bytes';
import type { ParsedPhoto } from './photo-bytes';
import { parseJpeg } from './photo-jpeg';
import { PNG_SIGNATURE, parsePng } from './photo-png';
import { parseWebp } from './photo-webp';

/**
 * Photos a cleaner or a customer uploads (a cleaning's, a re-clean claim's), before they go to HubSpot as private files:
 * what they really are, and the same image without what could locate or identify anyone. Pure: bytes in, bytes out, nothing decoded or re-encoded.
 *
 * - The type comes from the bytes' signature, never from a Content-Type header or a file name;
 *   only JPEG, PNG and WebP that parse whole (every declared length inside the file) are photos.
 *   Anything else (GIF, HEIC, SVG, text, a truncated upload) is not.
 * - JPEG keeps SOI, the tables, APP0 (JFIF), APP2 ICC_PROFILE (colour) and APP14 (Adobe, needed
 *   for the colour transform), the frame, and every scan's entropy-coded bytes untouched to EOI.
 *   It drops APP1 (Exif, XMP), APP13 (Photoshop/IPTC), the other APPn and COM comments, wherever
 *   they stand (a progressive file's tables between scans are kept, a comment there is not).
 * - Orientation decision: a phone stores the pixels as the sensor read them and says in Exif
 *   (Orientation, tag 0x0112) how to turn them; dropping it would show most portrait photos on
 *   their side. So when IFD0's Orientation is not 1, the stripped JPEG gets a new APP1 built here,
 *   in the camera's byte order, holding IFD0 with that one tag and nothing else: no GPS IFD, no
 *   camera serial, no time, no thumbnail (photo-exif-orientation.ts).
 * - PNG drops eXIf, tEXt, iTXt, zTXt and tIME and keeps every other chunk in order; WebP drops the
 *   EXIF and XMP chunks and clears their VP8X flags. Neither keeps an orientation (phones do not
 *   write one there; a browser's re-encoding has already applied it).
 * - Bytes after the image's end (JPEG EOI, PNG IEND, the RIFF size) are dropped: phones append
 *   motion-photo videos and depth maps there.
 */

export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type PhotoType = (typeof PHOTO_TYPES)[number];
export const PHOTO_MAX_BYTES = 10 * 1024 * 1024; // 10 MiB per photo

export { PhotoFormatError };

const PARSERS: Record<PhotoType, (bytes: Uint8Array) => ParsedPhoto> = {
  'image/jpeg': parseJpeg,
  'image/png': parsePng,
  'image/webp': parseWebp,
};

/** The type the bytes' signature claims (not yet checked for being whole). */
function signatureType(bytes: Uint8Array): PhotoType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, PNG_SIGNATURE)) return 'image/png';
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return null;
}

/** The real type from the bytes' signature (never trust a Content-Type header), with the pixel size; null when not a whole, well-formed JPEG, PNG or WebP. */
export function inspectPhoto(bytes: Uint8Array): { type: PhotoType; width: number; height: number } | null {
  const type = signatureType(bytes);
  if (!type) return null;
  try {
    const { width, height } = PARSERS[type](bytes);
    return { type, width, height };
  } catch (error) {
    if (error instanceof PhotoFormatError) return null;
    throw error;
  }
}

/** The same image without metadata that can locate or identify: returns new bytes. */
export function stripPhotoMetadata(bytes: Uint8Array, type: PhotoType): Uint8Array {
  const actual = signatureType(bytes);
  if (!actual) throw new PhotoFormatError(`not ${type}: the bytes are not a JPEG, PNG or WebP`);
  if (actual !== type) throw new PhotoFormatError(`the bytes are ${actual}, not ${type}`);
  return concat(PARSERS[type](bytes).kept);
}
