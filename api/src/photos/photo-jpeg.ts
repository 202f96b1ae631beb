import { PhotoFormatError, bytesOf, slice, startsWith, u16, u8 } from './photo-bytes';
import type { ParsedPhoto } from './photo-bytes';
import { EXIF_HEADER, orientationSegment, readOrientation } from './photo-exif-orientation';

/**
 * JPEG (photo-image.ts): the marker segments from SOI, each length checked, the frame size from
 * the SOFn header, the entropy-coded scans copied byte for byte, up to EOI. What follows EOI is
 * not part of the image and is dropped (phones append motion-photo videos and depth maps there).
 */

const SOI = 0xd8;
const EOI = 0xd9;
const SOS = 0xda;
const COM = 0xfe;
const APP0 = 0xe0;
const APP1 = 0xe1;
const APP2 = 0xe2;
const APP14 = 0xee;
const TEM = 0x01;

/** SOF0..SOF15 less the three markers in that range that are not frames (DHT, JPG, DAC). */
function isFrameHeader(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}

function isRestart(marker: number): boolean {
  return marker >= 0xd0 && marker <= 0xd7;
}

/** The APPn segments kept, by marker: the identifier their payload must open with. */
const KEPT_APP: ReadonlyMap<number, number[]> = new Map([
  [APP0, [...bytesOf('JFIF'), 0]],
  [APP2, [...bytesOf('ICC_PROFILE'), 0]],
  [APP14, bytesOf('Adobe')],
]);

/**
 * The end of the entropy-coded data that starts at `at`: the offset of the first marker that is
 * neither a stuffed 0xFF00 nor a restart marker (fill bytes 0xFF before it stay in the data).
 */
function scanEnd(bytes: Uint8Array, at: number): number {
  let i = bytes.indexOf(0xff, at);
  while (i !== -1 && i + 1 < bytes.length) {
    const next = bytes[i + 1] ?? 0;
    if (next === 0x00 || isRestart(next)) i = bytes.indexOf(0xff, i + 2);
    else if (next === 0xff) i += 1;
    else return i;
  }
  throw new PhotoFormatError('JPEG scan has no end marker: the file is truncated');
}

export function parseJpeg(bytes: Uint8Array): ParsedPhoto {
  if (!startsWith(bytes, [0xff, SOI])) throw new PhotoFormatError('not a JPEG: no SOI marker');
  const kept: Uint8Array[] = [bytes.subarray(0, 2)];
  let frame: { width: number; height: number } | null = null;
  let scans = 0;
  let exifSeen = false;
  let at = 2;
  for (;;) {
    if (at >= bytes.length) throw new PhotoFormatError('JPEG ends before its EOI marker: the file is truncated');
    if (u8(bytes, at) !== 0xff) throw new PhotoFormatError(`JPEG: expected a marker at offset ${at}`);
    while (u8(bytes, at + 1, 'a JPEG marker') === 0xff) at += 1; // fill bytes before a marker
    const start = at;
    const marker = u8(bytes, at + 1);
    at += 2;
    if (marker === EOI) {
      if (!frame || scans === 0) throw new PhotoFormatError('JPEG ends before its frame or scan');
      kept.push(bytes.subarray(start, at));
      return { width: frame.width, height: frame.height, kept };
    }
    if (marker === TEM || isRestart(marker)) {
      kept.push(bytes.subarray(start, at));
      continue;
    }
    if (marker === SOI || marker < 0xc0) throw new PhotoFormatError(`JPEG: unexpected marker 0x${marker.toString(16)} at offset ${start}`);
    const length = u16(bytes, at, false, 'a JPEG segment length');
    if (length < 2) throw new PhotoFormatError(`JPEG: segment length ${length} at offset ${at}`);
    const segment = slice(bytes, start, 2 + length, `JPEG segment 0x${marker.toString(16)}`);
    const payload = segment.subarray(4);
    at = start + 2 + length;

    if (isFrameHeader(marker)) {
      if (frame) throw new PhotoFormatError('JPEG has more than one frame header');
      frame = readFrame(payload);
    } else if (marker === SOS) {
      if (!frame) throw new PhotoFormatError('JPEG scan before its frame header');
      checkScanHeader(payload);
      scans += 1;
      const end = scanEnd(bytes, at);
      kept.push(segment, bytes.subarray(at, end));
      at = end;
      continue;
    }

    if (marker === COM) continue;
    if (marker === APP1) {
      if (!exifSeen && startsWith(payload, EXIF_HEADER)) {
        const orientation = readOrientation(payload.subarray(EXIF_HEADER.length));
        if (orientation && orientation.value !== 1) kept.push(orientationSegment(orientation));
        exifSeen = true;
      }
      continue;
    }
    if (marker >= APP0 && marker <= 0xef) {
      const identifier = KEPT_APP.get(marker);
      if (identifier && startsWith(payload, identifier)) kept.push(segment);
      continue;
    }
    kept.push(segment);
  }
}

/** SOFn: precision, height, width, component count, then three bytes per component. */
function readFrame(payload: Uint8Array): { width: number; height: number } {
  const height = u16(payload, 1, false, 'the JPEG frame height');
  const width = u16(payload, 3, false, 'the JPEG frame width');
  const components = u8(payload, 5, 'the JPEG component count');
  if (components === 0 || payload.length !== 6 + 3 * components) throw new PhotoFormatError('JPEG frame header has a wrong length');
  if (width === 0 || height === 0) throw new PhotoFormatError(`JPEG frame size ${width}x${height}`);
  return { width, height };
}

/** SOS: component count (1..4), two bytes per component, then three bytes of spectral selection. */
function checkScanHeader(payload: Uint8Array): void {
  const components = u8(payload, 0, 'the JPEG scan component count');
  if (components < 1 || components > 4 || payload.length !== 1 + 2 * components + 3) throw new PhotoFormatError('JPEG scan header has a wrong length');
}
