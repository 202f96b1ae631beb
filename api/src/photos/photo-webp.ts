import { PhotoFormatError, ascii, bytesOf, concat, slice, startsWith, u16, u24le, u32, u8 } from './photo-bytes';
import type { ParsedPhoto } from './photo-bytes';

/**
 * WebP (photo-image.ts): a RIFF file of FourCC chunks (little-endian sizes, odd sizes padded to
 * even), the first one VP8 (lossy), VP8L (lossless) or VP8X (extended, with the canvas size and
 * flags). The stripped file drops the EXIF and XMP chunks, clears their VP8X flags and carries a
 * RIFF size that fits what is left. Bytes after the RIFF size are not part of the file: dropped.
 */

const RIFF = bytesOf('RIFF');
const WEBP = bytesOf('WEBP');
const DROPPED = new Set(['EXIF', 'XMP ']);
/** VP8X flags byte: bit 3 says an EXIF chunk follows, bit 2 an XMP chunk. */
const VP8X_EXIF = 1 << 3;
const VP8X_XMP = 1 << 2;
const IMAGE_CHUNKS = new Set(['VP8 ', 'VP8L', 'ANMF']);
const VP8L_SIGNATURE = 0x2f;

interface Chunk {
  fourcc: string;
  data: Uint8Array;
}

function chunks(bytes: Uint8Array, end: number): Chunk[] {
  const found: Chunk[] = [];
  let at = 12;
  while (at < end) {
    if (at + 8 > end) throw new PhotoFormatError(`WebP: a chunk header runs past the RIFF size (offset ${at})`);
    const fourcc = ascii(bytes, at, 4);
    const size = u32(bytes, at + 4, true);
    const padded = size + (size & 1);
    if (at + 8 + padded > end) throw new PhotoFormatError(`WebP chunk '${fourcc}' at offset ${at} runs past the RIFF size`);
    found.push({ fourcc, data: slice(bytes, at + 8, size, `WebP chunk '${fourcc}'`) });
    at += 8 + padded;
  }
  return found;
}

/** The size a VP8 key frame declares (14 bits each; the top two bits are an upscaling hint). */
function vp8Size(data: Uint8Array): { width: number; height: number } {
  if ((u8(data, 0, 'the VP8 frame tag') & 1) !== 0) throw new PhotoFormatError('WebP VP8 data does not open with a key frame');
  if (!startsWith(data, [0x9d, 0x01, 0x2a], 3)) throw new PhotoFormatError('WebP VP8 data has no start code');
  return { width: u16(data, 6, true, 'the VP8 width') & 0x3fff, height: u16(data, 8, true, 'the VP8 height') & 0x3fff };
}

/** VP8L: the signature byte, then 14 bits width - 1, 14 bits height - 1, 1 bit alpha, 3 bits version (0). */
function vp8lSize(data: Uint8Array): { width: number; height: number } {
  if (u8(data, 0, 'the VP8L signature') !== VP8L_SIGNATURE) throw new PhotoFormatError('WebP VP8L data has no signature');
  const bits = u32(data, 1, true, 'the VP8L header');
  if (bits >>> 29 !== 0) throw new PhotoFormatError('WebP VP8L version is not 0');
  return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
}

/** VP8X: flags, three reserved bytes, then canvas width - 1 and height - 1 (24 bits each). */
function vp8xSize(data: Uint8Array, rest: readonly Chunk[]): { width: number; height: number } {
  if (!rest.some((chunk) => IMAGE_CHUNKS.has(chunk.fourcc))) throw new PhotoFormatError('WebP VP8X file has no image data');
  return { width: u24le(data, 4, 'the VP8X width') + 1, height: u24le(data, 7, 'the VP8X height') + 1 };
}

function chunkBytes({ fourcc, data }: Chunk): Uint8Array[] {
  const header = new Uint8Array(8);
  header.set(bytesOf(fourcc));
  new DataView(header.buffer).setUint32(4, data.length, true);
  return data.length % 2 ? [header, data, new Uint8Array(1)] : [header, data];
}

export function parseWebp(bytes: Uint8Array): ParsedPhoto {
  if (!startsWith(bytes, RIFF) || !startsWith(bytes, WEBP, 8)) throw new PhotoFormatError('not a WebP: no RIFF/WEBP header');
  const riffSize = u32(bytes, 4, true);
  if (riffSize < 4 || 8 + riffSize > bytes.length) throw new PhotoFormatError(`WebP RIFF size ${riffSize} runs past the end`);
  const [first, ...rest] = chunks(bytes, 8 + riffSize);
  if (!first) throw new PhotoFormatError('WebP has no chunks');
  let size: { width: number; height: number };
  if (first.fourcc === 'VP8 ') size = vp8Size(first.data);
  else if (first.fourcc === 'VP8L') size = vp8lSize(first.data);
  else if (first.fourcc === 'VP8X') size = vp8xSize(first.data, rest);
  else throw new PhotoFormatError(`WebP opens with chunk '${first.fourcc}'`);
  if (size.width === 0 || size.height === 0) throw new PhotoFormatError(`WebP size ${size.width}x${size.height}`);

  const body = [first, ...rest]
    .filter((chunk) => !DROPPED.has(chunk.fourcc))
    .map((chunk) => (chunk.fourcc === 'VP8X' ? { fourcc: 'VP8X', data: clearMetadataFlags(chunk.data) } : chunk))
    .flatMap(chunkBytes);
  const header = concat([Uint8Array.from(RIFF), new Uint8Array(4), Uint8Array.from(WEBP)]);
  new DataView(header.buffer).setUint32(4, 4 + body.reduce((sum, part) => sum + part.length, 0), true);
  return { ...size, kept: [header, ...body] };
}

function clearMetadataFlags(data: Uint8Array): Uint8Array {
  const copy = Uint8Array.from(data);
  copy[0] = u8(copy, 0) & ~(VP8X_EXIF | VP8X_XMP);
  return copy;
}
