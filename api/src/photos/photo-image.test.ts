import { describe, expect, it } from 'vitest';
import {
  ADOBE,
  CAMERA,
  COMMENT,
  COMMENT_SEGMENT,
  ICC,
  JFIF,
  MPF,
  PHOTOSHOP,
  PNG_HEIGHT,
  PNG_IDAT,
  PNG_WIDTH,
  SCAN,
  SHOT_AT,
  SOS,
  XMP,
  exifSegment,
  jpeg,
  latitudeBytes,
  png,
  pngChunk,
  riffChunk,
  segment,
  text,
  vp8KeyFrame,
  vp8l,
  vp8x,
  webp,
} from './photo-fixtures';
import { PHOTO_MAX_BYTES, PHOTO_TYPES, PhotoFormatError, inspectPhoto, stripPhotoMetadata } from './photo-image';
import type { PhotoType } from './photo-image';

const bytes = (values: number[]): Uint8Array => Uint8Array.from(values);

function indexOf(haystack: Uint8Array, needle: ArrayLike<number>, from = 0): number {
  return Buffer.from(haystack.buffer, haystack.byteOffset, haystack.byteLength).indexOf(Buffer.from(Uint8Array.from(needle)), from);
}

const contains = (haystack: Uint8Array, needle: ArrayLike<number> | string): boolean =>
  indexOf(haystack, typeof needle === 'string' ? text(needle) : needle) !== -1;

/** The marker segments before the first SOS, as [marker, payload]. */
function jpegSegments(file: Uint8Array): [number, Uint8Array][] {
  const found: [number, Uint8Array][] = [];
  let at = 2;
  while (file[at + 1] !== 0xda) {
    const length = ((file[at + 2] ?? 0) << 8) | (file[at + 3] ?? 0);
    found.push([file[at + 1] ?? 0, file.subarray(at + 4, at + 2 + length)]);
    at += 2 + length;
  }
  return found;
}

/** PNG chunk types in order. */
function pngTypes(file: Uint8Array): string[] {
  const types: string[] = [];
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  for (let at = 8; at < file.length; at += 12 + view.getUint32(at)) types.push(Buffer.from(file.subarray(at + 4, at + 8)).toString('latin1'));
  return types;
}

/** WebP chunks in order, as [fourcc, data]. */
function webpChunks(file: Uint8Array): [string, Uint8Array][] {
  const found: [string, Uint8Array][] = [];
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  for (let at = 12; at < file.length; ) {
    const size = view.getUint32(at + 4, true);
    found.push([Buffer.from(file.subarray(at, at + 4)).toString('latin1'), file.subarray(at + 8, at + 8 + size)]);
    at += 8 + size + (size % 2);
  }
  return found;
}

/** Every prefix shorter than the whole file is refused by both functions. */
function expectTruncationRefused(file: Uint8Array, type: PhotoType): void {
  for (let length = 0; length < file.length; length++) {
    const cut = file.subarray(0, length);
    expect(inspectPhoto(cut), `${type} cut at ${length}`).toBeNull();
    expect(() => stripPhotoMetadata(cut, type), `${type} cut at ${length}`).toThrow(PhotoFormatError);
  }
}

function expectStable(file: Uint8Array, type: PhotoType): Uint8Array {
  const once = stripPhotoMetadata(file, type);
  expect(stripPhotoMetadata(once, type)).toEqual(once);
  expect(inspectPhoto(once)).toEqual(inspectPhoto(file));
  return once;
}

describe('photo constants', () => {
  it('accept JPEG, PNG and WebP up to 10 MiB', () => {
    expect(PHOTO_TYPES).toEqual(['image/jpeg', 'image/png', 'image/webp']);
    expect(PHOTO_MAX_BYTES).toBe(10_485_760);
  });
});

describe('JPEG photos', () => {
  const phone = (littleEndian: boolean, orientation: number | null) =>
    jpeg([exifSegment(littleEndian, orientation), XMP, ICC, MPF, PHOTOSHOP, ADOBE, COMMENT_SEGMENT], { trailer: [...text('MotionPhoto_Data'), 0, 0, 0, 0x18] });

  it('reads the type and the frame size', () => {
    expect(inspectPhoto(jpeg())).toEqual({ type: 'image/jpeg', width: 16, height: 8 });
    expect(inspectPhoto(phone(true, 6))).toEqual({ type: 'image/jpeg', width: 16, height: 8 });
    expect(inspectPhoto(jpeg([], { width: 640, height: 4032 }))).toEqual({ type: 'image/jpeg', width: 640, height: 4032 });
  });

  for (const littleEndian of [true, false]) {
    describe(littleEndian ? 'Exif little-endian (II)' : 'Exif big-endian (MM)', () => {
      const original = phone(littleEndian, 6);
      const stripped = stripPhotoMetadata(original, 'image/jpeg');

      it('the original holds the metadata the test looks for', () => {
        for (const needle of [CAMERA, SHOT_AT, COMMENT, 'GPSLatitude', 'Photoshop', 'MPF', 'MotionPhoto']) expect(contains(original, needle), needle).toBe(true);
        expect(contains(original, latitudeBytes(littleEndian))).toBe(true);
        expect(contains(original, littleEndian ? [0x25, 0x88] : [0x88, 0x25])).toBe(true);
      });

      it('drops the position, camera, time, XMP, IPTC, comments and what follows EOI', () => {
        for (const needle of [CAMERA, SHOT_AT, COMMENT, 'GPS', 'xmpmeta', 'Photoshop', '8BIM', 'MPF', 'MotionPhoto']) expect(contains(stripped, needle), needle).toBe(false);
        expect(contains(stripped, latitudeBytes(littleEndian))).toBe(false);
        expect(contains(stripped, littleEndian ? [0x25, 0x88] : [0x88, 0x25])).toBe(false);
        expect(stripped.subarray(-2)).toEqual(bytes([0xff, 0xd9]));
      });

      it('keeps JFIF, the ICC profile and Adobe, and orientation 6 as the only Exif tag', () => {
        const markers = jpegSegments(stripped).map(([marker]) => marker);
        expect(markers).toEqual([0xe0, 0xe1, 0xe2, 0xee, 0xdb, 0xc0, 0xc4, 0xc4]);
        expect(contains(stripped, JFIF)).toBe(true);
        expect(contains(stripped, ICC)).toBe(true);
        expect(contains(stripped, ADOBE)).toBe(true);
        const [, app1] = jpegSegments(stripped).find(([marker]) => marker === 0xe1)!;
        // 'Exif\0\0', then TIFF: byte order, 42, IFD0 at 8; one entry (0x0112 SHORT 1 = 6); no next IFD.
        const tiff = littleEndian
          ? [0x49, 0x49, 42, 0, 8, 0, 0, 0, 1, 0, 0x12, 0x01, 3, 0, 1, 0, 0, 0, 6, 0, 0, 0, 0, 0, 0, 0]
          : [0x4d, 0x4d, 0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 6, 0, 0, 0, 0, 0, 0];
        expect(app1).toEqual(bytes([...text('Exif'), 0, 0, ...tiff]));
      });

      it('keeps every byte from SOS to EOI', () => {
        const tail = (file: Uint8Array) => file.subarray(indexOf(file, SOS), indexOf(file, [0xff, 0xd9], indexOf(file, SOS)) + 2);
        expect(tail(stripped)).toEqual(bytes([...SOS, ...SCAN, 0xff, 0xd9]));
        expect(tail(stripped)).toEqual(tail(original));
      });

      it('is stable when stripped again', () => {
        expect(expectStable(original, 'image/jpeg')).toEqual(stripped);
      });
    });
  }

  it('writes no Exif at all when the orientation is 1, missing or unreadable', () => {
    const broken = segment(0xe1, [...text('Exif'), 0, 0, ...text('II'), 42, 0, 0xff, 0xff, 0, 0]);
    for (const file of [phone(true, 1), phone(false, null), jpeg([broken]), jpeg([XMP])]) {
      const stripped = stripPhotoMetadata(file, 'image/jpeg');
      expect(jpegSegments(stripped).map(([marker]) => marker)).not.toContain(0xe1);
      expect(inspectPhoto(stripped)).toEqual({ type: 'image/jpeg', width: 16, height: 8 });
    }
  });

  it('keeps only the first Exif orientation', () => {
    const stripped = stripPhotoMetadata(jpeg([exifSegment(true, 8), exifSegment(false, 3)]), 'image/jpeg');
    const app1s = jpegSegments(stripped).filter(([marker]) => marker === 0xe1);
    expect(app1s).toHaveLength(1);
    expect(app1s[0]?.[1][24]).toBe(8);
  });

  it('copies stuffed bytes, restart markers and fill bytes of a scan untouched, and filters segments between scans', () => {
    const scan = [0x12, 0xff, 0x00, 0x34, 0xff, 0xd0, 0x56, 0xff, 0xd1, 0x78, 0xff];
    const secondScan = [...segment(0xc4, [0x10, 1, ...Array<number>(15).fill(0), 0]), ...COMMENT_SEGMENT, ...SOS, 0x9a];
    const file = jpeg([segment(0xdd, [0, 4])], { scan: [...scan, ...secondScan] });
    const stripped = stripPhotoMetadata(file, 'image/jpeg');
    expect(inspectPhoto(file)).toEqual({ type: 'image/jpeg', width: 16, height: 8 });
    expect(contains(stripped, COMMENT)).toBe(false);
    const from = indexOf(stripped, SOS);
    expect(stripped.subarray(from)).toEqual(bytes([...SOS, ...scan, ...segment(0xc4, [0x10, 1, ...Array<number>(15).fill(0), 0]), ...SOS, 0x9a, 0xff, 0xd9]));
  });

  it('is a JPEG whatever the upload claimed', () => {
    const file = phone(true, 6);
    expect(inspectPhoto(file)?.type).toBe('image/jpeg');
    expect(() => stripPhotoMetadata(file, 'image/png')).toThrow(/image\/jpeg, not image\/png/);
    expect(() => stripPhotoMetadata(file, 'image/webp')).toThrow(PhotoFormatError);
  });

  it('refuses a truncated file', () => {
    expectTruncationRefused(phone(false, 6).subarray(0, phone(false, 6).length - 20), 'image/jpeg');
    expectTruncationRefused(jpeg([exifSegment(true, 6)]), 'image/jpeg');
  });

  it('refuses lengths that run past the end, garbage, a zero size and missing parts', () => {
    const file = jpeg();
    const lying = Uint8Array.from(file);
    lying[indexOf(file, [0xff, 0xdb]) + 2] = 0x7f; // DQT claims 32 KB
    const garbage = Uint8Array.from(file);
    garbage[indexOf(file, [0xff, 0xdb])] = 0x12; // no marker where a segment starts
    const noFrame = bytes([0xff, 0xd8, ...JFIF, ...SOS, ...SCAN, 0xff, 0xd9]);
    const noScan = bytes([0xff, 0xd8, ...JFIF, 0xff, 0xd9]);
    const badFrameLength = bytes([...file.subarray(0, indexOf(file, [0xff, 0xc0])), ...segment(0xc0, [8, 0, 8, 0, 16, 2, 1, 0x11, 0]), ...file.subarray(indexOf(file, [0xff, 0xc4]))]);
    for (const bad of [lying, garbage, noFrame, noScan, badFrameLength, jpeg([], { width: 0 }), jpeg([], { height: 0 })]) {
      expect(inspectPhoto(bad)).toBeNull();
      expect(() => stripPhotoMetadata(bad, 'image/jpeg')).toThrow(PhotoFormatError);
    }
  });
});

describe('PNG photos', () => {
  const exif = pngChunk('eXIf', exifSegment(true, 6).slice(10));
  const metadata = [
    pngChunk('sRGB', [0]),
    pngChunk('tEXt', text(`Comment\0${COMMENT}`)),
    exif,
    pngChunk('tIME', [0x07, 0xe9, 6, 1, 9, 30, 0]),
    pngChunk('iTXt', text(`Author\0\0\0\0\0${CAMERA}`)),
    pngChunk('zTXt', text('Raw profile type exif\0\0x')),
    pngChunk('pHYs', [0, 0, 0x0b, 0x13, 0, 0, 0x0b, 0x13, 1]),
  ];
  const original = png(metadata, [...text('trailing data')]);

  it('reads the type and the IHDR size', () => {
    expect(inspectPhoto(png())).toEqual({ type: 'image/png', width: PNG_WIDTH, height: PNG_HEIGHT });
    expect(inspectPhoto(original)).toEqual({ type: 'image/png', width: PNG_WIDTH, height: PNG_HEIGHT });
  });

  it('drops text, Exif and time chunks and keeps the others in order, IDAT byte for byte', () => {
    expect(contains(original, latitudeBytes(true))).toBe(true);
    const stripped = stripPhotoMetadata(original, 'image/png');
    expect(pngTypes(stripped)).toEqual(['IHDR', 'sRGB', 'pHYs', 'IDAT', 'IEND']);
    for (const needle of [COMMENT, CAMERA, SHOT_AT, 'trailing data']) expect(contains(stripped, needle), needle).toBe(false);
    expect(contains(stripped, latitudeBytes(true))).toBe(false);
    expect(contains(stripped, pngChunk('IDAT', PNG_IDAT))).toBe(true);
    expect(stripped).toEqual(png([metadata[0]!, metadata[6]!]));
  });

  it('is stable when stripped again, and a PNG whatever the upload claimed', () => {
    expectStable(original, 'image/png');
    expect(() => stripPhotoMetadata(original, 'image/jpeg')).toThrow(/image\/png, not image\/jpeg/);
  });

  it('refuses a truncated file, a wrong CRC, a zero size, a missing IHDR or IDAT', () => {
    expectTruncationRefused(png(metadata), 'image/png');
    const badCrc = png();
    const at = indexOf(badCrc, text('IDAT')) + 6;
    badCrc[at] = (badCrc[at] ?? 0) ^ 0x01;
    const zero = (width: number, height: number) => bytes([...png().subarray(0, 8), ...pngChunk('IHDR', [0, 0, 0, width, 0, 0, 0, height, 8, 2, 0, 0, 0]), ...pngChunk('IDAT', PNG_IDAT), ...pngChunk('IEND', [])]);
    const noIhdr = bytes([...png().subarray(0, 8), ...pngChunk('IDAT', PNG_IDAT), ...pngChunk('IEND', [])]);
    const noIdat = bytes([...png().subarray(0, 33), ...pngChunk('IEND', [])]);
    const huge = png();
    huge.set([0xff, 0xff, 0xff, 0xf0], 33); // IDAT's length far past the end
    for (const bad of [badCrc, zero(0, 2), zero(3, 0), noIhdr, noIdat, huge]) {
      expect(inspectPhoto(bad)).toBeNull();
      expect(() => stripPhotoMetadata(bad, 'image/png')).toThrow(PhotoFormatError);
    }
    expect(inspectPhoto(zero(3, 2))).toEqual({ type: 'image/png', width: 3, height: 2 });
  });
});

describe('WebP photos', () => {
  const pixels = vp8l(3, 2, [200, 100, 50]);
  const exif = exifSegment(false, 6).slice(10);
  const unknownOdd = riffChunk('ABCD', [1, 2, 3]);
  const extended = webp([vp8x(0x0c | 0x10, 3, 2), riffChunk('VP8L', pixels), unknownOdd, riffChunk('EXIF', [...exif, 0x77]), riffChunk('XMP ', text(`<x:xmpmeta>${COMMENT}</x:xmpmeta>`))]);

  it('reads the size from VP8L, VP8X and VP8', () => {
    expect(inspectPhoto(webp([riffChunk('VP8L', pixels)]))).toEqual({ type: 'image/webp', width: 3, height: 2 });
    expect(inspectPhoto(webp([riffChunk('VP8L', vp8l(16384, 1, [0, 0, 0]))]))).toEqual({ type: 'image/webp', width: 16384, height: 1 });
    expect(inspectPhoto(extended)).toEqual({ type: 'image/webp', width: 3, height: 2 });
    expect(inspectPhoto(webp([vp8KeyFrame(640, 480)]))).toEqual({ type: 'image/webp', width: 640, height: 480 });
  });

  it('drops EXIF and XMP, clears their VP8X flags, keeps padding and fixes the RIFF size', () => {
    expect(contains(extended, latitudeBytes(false))).toBe(true);
    const stripped = stripPhotoMetadata(extended, 'image/webp');
    const chunks = webpChunks(stripped);
    expect(chunks.map(([fourcc]) => fourcc)).toEqual(['VP8X', 'VP8L', 'ABCD']);
    expect(chunks[0]?.[1][0]).toBe(0x10);
    expect(chunks[1]?.[1]).toEqual(bytes(pixels));
    expect(stripped).toEqual(webp([vp8x(0x10, 3, 2), riffChunk('VP8L', pixels), unknownOdd]));
    expect(new DataView(stripped.buffer).getUint32(4, true)).toBe(stripped.length - 8);
    for (const needle of [COMMENT, CAMERA, SHOT_AT, 'xmpmeta']) expect(contains(stripped, needle), needle).toBe(false);
    expect(contains(stripped, latitudeBytes(false))).toBe(false);
  });

  it('keeps a simple file as it is, drops bytes after the RIFF size, is stable', () => {
    const simple = webp([riffChunk('VP8L', pixels)]);
    expect(stripPhotoMetadata(simple, 'image/webp')).toEqual(simple);
    expect(stripPhotoMetadata(bytes([...simple, 1, 2, 3]), 'image/webp')).toEqual(simple);
    expectStable(extended, 'image/webp');
    expect(() => stripPhotoMetadata(simple, 'image/png')).toThrow(/image\/webp, not image\/png/);
  });

  it('refuses a truncated file, a RIFF size past the end, a zero size and a file without image data', () => {
    expectTruncationRefused(extended, 'image/webp');
    const longRiff = webp([riffChunk('VP8L', pixels)]);
    longRiff[4] = (longRiff[4] ?? 0) + 2;
    const version1 = webp([riffChunk('VP8L', [...pixels.slice(0, 4), (pixels[4] ?? 0) | 0x20, ...pixels.slice(5)])]);
    for (const bad of [longRiff, version1, webp([vp8KeyFrame(0, 480)]), webp([vp8x(0, 3, 2), riffChunk('EXIF', exif)]), webp([riffChunk('ALPH', [0])]), webp([])]) {
      expect(inspectPhoto(bad)).toBeNull();
      expect(() => stripPhotoMetadata(bad, 'image/webp')).toThrow(PhotoFormatError);
    }
  });
});

describe('what is not a photo', () => {
  it('refuses GIF, HEIC, SVG, text and nothing', () => {
    const gif = bytes([...text('GIF89a'), 1, 0, 1, 0, 0, 0, 0, 0x3b]);
    const heic = bytes([0, 0, 0, 0x18, ...text('ftypheic'), 0, 0, 0, 0, ...text('mif1heic')]);
    const svg = bytes(text('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>'));
    const riffWave = bytes([...text('RIFF'), 4, 0, 0, 0, ...text('WAVE')]);
    for (const file of [gif, heic, svg, riffWave, bytes(text('hello')), new Uint8Array(0)]) {
      expect(inspectPhoto(file)).toBeNull();
      for (const type of PHOTO_TYPES) expect(() => stripPhotoMetadata(file, type)).toThrow(PhotoFormatError);
    }
  });

  it('reads a view into a larger buffer at its own offset', () => {
    const file = jpeg([exifSegment(true, 6)]);
    const padded = new Uint8Array(file.length + 7);
    padded.set(file, 3);
    const view = padded.subarray(3, 3 + file.length);
    expect(inspectPhoto(view)).toEqual({ type: 'image/jpeg', width: 16, height: 8 });
    expect(stripPhotoMetadata(view, 'image/jpeg')).toEqual(stripPhotoMetadata(file, 'image/jpeg'));
  });
});
