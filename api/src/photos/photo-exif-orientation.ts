import { bytesOf, concat } from './photo-bytes';

/**
 * The one Exif fact a stripped JPEG keeps (photo-image.ts): the Orientation tag (0x0112) of IFD0,
 * which phones set instead of rotating the pixels. Reading never throws: an Exif block that is
 * not well formed has no orientation we trust, and the photo is then shown as stored.
 */

const ORIENTATION_TAG = 0x0112;
const TYPE_SHORT = 3;
const TIFF_MAGIC = 42;
/** The identifier that opens an Exif APP1 segment's payload. */
export const EXIF_HEADER = [...bytesOf('Exif'), 0, 0];

export interface ExifOrientation {
  /** 1 (as stored) to 8; 6 is a phone held upright. */
  value: number;
  /** The TIFF byte order the camera wrote ('II' little-endian, 'MM' big-endian), kept when rebuilt. */
  littleEndian: boolean;
}

/** IFD0's Orientation in a TIFF block (an Exif APP1 payload after EXIF_HEADER); null when absent or unreadable. */
export function readOrientation(tiff: Uint8Array): ExifOrientation | null {
  if (tiff.length < 8) return null;
  const data = new DataView(tiff.buffer, tiff.byteOffset, tiff.byteLength);
  const order = data.getUint16(0, false);
  if (order !== 0x4949 && order !== 0x4d4d) return null;
  const littleEndian = order === 0x4949;
  if (data.getUint16(2, littleEndian) !== TIFF_MAGIC) return null;
  const ifd0 = data.getUint32(4, littleEndian);
  if (ifd0 < 8 || ifd0 + 2 > tiff.length) return null;
  const count = data.getUint16(ifd0, littleEndian);
  for (let i = 0; i < count; i++) {
    const entry = ifd0 + 2 + 12 * i;
    if (entry + 12 > tiff.length) return null;
    if (data.getUint16(entry, littleEndian) !== ORIENTATION_TAG) continue;
    if (data.getUint16(entry + 2, littleEndian) !== TYPE_SHORT || data.getUint32(entry + 4, littleEndian) !== 1) return null;
    const value = data.getUint16(entry + 8, littleEndian);
    return value >= 1 && value <= 8 ? { value, littleEndian } : null;
  }
  return null;
}

/**
 * A whole APP1 segment (marker included) whose Exif holds IFD0 with the Orientation tag alone:
 * TIFF header (IFD0 at offset 8), one 12-byte entry (SHORT, count 1, value in the entry's first two
 * value bytes), no next IFD.
 */
export function orientationSegment({ value, littleEndian }: ExifOrientation): Uint8Array {
  const tiff = new Uint8Array(8 + 2 + 12 + 4);
  const data = new DataView(tiff.buffer);
  data.setUint16(0, littleEndian ? 0x4949 : 0x4d4d, false);
  data.setUint16(2, TIFF_MAGIC, littleEndian);
  data.setUint32(4, 8, littleEndian);
  data.setUint16(8, 1, littleEndian);
  data.setUint16(10, ORIENTATION_TAG, littleEndian);
  data.setUint16(12, TYPE_SHORT, littleEndian);
  data.setUint32(14, 1, littleEndian);
  data.setUint16(18, value, littleEndian);
  // Bytes 20..21 pad the value field, 22..25 are the next IFD's offset: zero, none.
  const length = 2 + EXIF_HEADER.length + tiff.length;
  return concat([Uint8Array.of(0xff, 0xe1, length >> 8, length & 0xff, ...EXIF_HEADER), tiff]);
}
