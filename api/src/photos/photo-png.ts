import { PhotoFormatError, ascii, slice, startsWith, u32 } from './photo-bytes';
import type { ParsedPhoto } from './photo-bytes';

/**
 * PNG (photo-image.ts): the signature, then chunks (length, type, data, CRC-32 of type and data)
 * from IHDR to IEND, every CRC checked. What follows IEND is not part of the image and is dropped.
 */

export const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** Chunks that carry text, Exif (camera, place) or the time of the shot. */
const DROPPED = new Set(['eXIf', 'tEXt', 'iTXt', 'zTXt', 'tIME']);
const MAX_LENGTH = 0x7fffffff;
const CHUNK_TYPE = /^[A-Za-z]{4}$/;

const CRC_TABLE = Uint32Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

/** CRC-32 (ISO 3309, the polynomial PNG uses). */
export function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = (CRC_TABLE[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

export function parsePng(bytes: Uint8Array): ParsedPhoto {
  if (!startsWith(bytes, PNG_SIGNATURE)) throw new PhotoFormatError('not a PNG: no signature');
  const kept: Uint8Array[] = [bytes.subarray(0, PNG_SIGNATURE.length)];
  let size: { width: number; height: number } | null = null;
  let sawData = false;
  let at = PNG_SIGNATURE.length;
  for (;;) {
    if (at >= bytes.length) throw new PhotoFormatError('PNG ends before its IEND chunk: the file is truncated');
    const length = u32(bytes, at, false, 'a PNG chunk length');
    const type = ascii(bytes, at + 4, 4, 'a PNG chunk type');
    if (length > MAX_LENGTH || !CHUNK_TYPE.test(type)) throw new PhotoFormatError(`PNG: not a chunk at offset ${at}`);
    const chunk = slice(bytes, at, 12 + length, `PNG chunk ${type}`);
    if (crc32(chunk.subarray(4, 8 + length)) !== u32(chunk, 8 + length, false)) throw new PhotoFormatError(`PNG chunk ${type} at offset ${at}: CRC mismatch`);
    at += chunk.length;

    if (!size) {
      if (type !== 'IHDR' || length !== 13) throw new PhotoFormatError('PNG does not open with IHDR');
      size = { width: u32(chunk, 8, false), height: u32(chunk, 12, false) };
      if (size.width === 0 || size.height === 0 || size.width > MAX_LENGTH || size.height > MAX_LENGTH) throw new PhotoFormatError(`PNG size ${size.width}x${size.height}`);
    } else if (type === 'IHDR') throw new PhotoFormatError('PNG has a second IHDR');
    if (type === 'IDAT') sawData = true;
    if (type === 'IEND') {
      if (!sawData) throw new PhotoFormatError('PNG has no image data');
      kept.push(chunk);
      return { ...size, kept };
    }
    if (!DROPPED.has(type)) kept.push(chunk);
  }
}
