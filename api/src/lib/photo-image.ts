/**
 * Stand-in for the image module of branch `image-meta` (same exports), so this branch builds and
 * tests until that branch is merged; the merge takes that branch's file.
 * A photo's type and size read from its bytes, and its metadata stripped (docs/cleaner-day.md#photos).
 */
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type PhotoType = (typeof PHOTO_TYPES)[number];
export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;

const u16 = (b: Uint8Array, at: number) => (b[at]! << 8) | b[at + 1]!;
const u32 = (b: Uint8Array, at: number) => ((b[at]! << 24) >>> 0) + (b[at + 1]! << 16) + (b[at + 2]! << 8) + b[at + 3]!;
const le16 = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8);
const le24 = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16);
const le32 = (b: Uint8Array, at: number) => (le16(b, at) | (le16(b, at + 2) << 16)) >>> 0;
const ascii = (b: Uint8Array, at: number, n: number) => String.fromCharCode(...b.subarray(at, at + n));

const SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

function jpeg(b: Uint8Array): { type: PhotoType; width: number; height: number } | null {
  let at = 2;
  while (at + 4 <= b.length && b[at] === 0xff) {
    const marker = b[at + 1]!;
    if (marker === 0xd9 || marker === 0xda) return null;
    if (SOF.has(marker) && at + 9 <= b.length) return { type: 'image/jpeg', height: u16(b, at + 5), width: u16(b, at + 7) };
    at += 2 + u16(b, at + 2);
  }
  return null;
}

export function inspectPhoto(bytes: Uint8Array): { type: PhotoType; width: number; height: number } | null {
  const b = bytes;
  if (b.length > 4 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return jpeg(b);
  if (b.length >= 24 && ascii(b, 1, 3) === 'PNG' && ascii(b, 12, 4) === 'IHDR') return { type: 'image/png', width: u32(b, 16), height: u32(b, 20) };
  if (b.length >= 30 && ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 4) === 'WEBP') {
    const chunk = ascii(b, 12, 4);
    if (chunk === 'VP8X') return { type: 'image/webp', width: le24(b, 24) + 1, height: le24(b, 27) + 1 };
    if (chunk === 'VP8 ') return { type: 'image/webp', width: le16(b, 26) & 0x3fff, height: le16(b, 28) & 0x3fff };
    if (chunk === 'VP8L') {
      const bits = le32(b, 21);
      return { type: 'image/webp', width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
    }
  }
  return null;
}

/** JPEG: every APPn but JFIF (APP0), and comments, go; the image data stays as it is. */
function stripJpeg(b: Uint8Array): Uint8Array {
  const out: Uint8Array[] = [b.subarray(0, 2)];
  let at = 2;
  while (at + 4 <= b.length && b[at] === 0xff) {
    const marker = b[at + 1]!;
    if (marker === 0xda) break;
    const end = at + 2 + u16(b, at + 2);
    if (!((marker >= 0xe1 && marker <= 0xef) || marker === 0xfe)) out.push(b.subarray(at, end));
    at = end;
  }
  out.push(b.subarray(at));
  return Buffer.concat(out);
}

const PNG_METADATA = new Set(['eXIf', 'tEXt', 'iTXt', 'zTXt', 'tIME']);

function stripPng(b: Uint8Array): Uint8Array {
  const out: Uint8Array[] = [b.subarray(0, 8)];
  for (let at = 8; at + 12 <= b.length; ) {
    const end = at + 12 + u32(b, at);
    if (!PNG_METADATA.has(ascii(b, at + 4, 4))) out.push(b.subarray(at, end));
    at = end;
  }
  return Buffer.concat(out);
}

function stripWebp(b: Uint8Array): Uint8Array {
  const chunks: Uint8Array[] = [];
  for (let at = 12; at + 8 <= b.length; ) {
    const size = le32(b, at + 4);
    const end = at + 8 + size + (size % 2);
    const name = ascii(b, at, 4);
    if (name === 'VP8X') {
      const copy = Uint8Array.from(b.subarray(at, end));
      copy[8] = copy[8]! & ~0x0c; // no EXIF, no XMP
      chunks.push(copy);
    } else if (name !== 'EXIF' && name !== 'XMP ') chunks.push(b.subarray(at, end));
    at = end;
  }
  const body = Buffer.concat(chunks);
  const head = Buffer.from('RIFF0000WEBP', 'latin1');
  head.writeUInt32LE(body.length + 4, 4);
  return Buffer.concat([head, body]);
}

export function stripPhotoMetadata(bytes: Uint8Array, type: PhotoType): Uint8Array {
  if (type === 'image/jpeg') return stripJpeg(bytes);
  if (type === 'image/png') return stripPng(bytes);
  return stripWebp(bytes);
}
