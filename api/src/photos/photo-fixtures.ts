import { crc32 as zlibCrc32, deflateSync } from 'node:zlib';

/**
 * Small real images for photo-image.test.ts, assembled byte by byte (no encoder needed), with the
 * metadata a phone writes: Exif with a GPS position, XMP, IPTC, comments, PNG text, WebP EXIF.
 */

const text = (value: string): number[] => Array.from(Buffer.from(value, 'latin1'));
const join = (...parts: ArrayLike<number>[]): Uint8Array => Uint8Array.from(parts.flatMap((part) => Array.from(part)));

/** 33°44'56.78" N, 84°23'12.34" W as Exif RATIONALs (numerator, denominator). */
export const LATITUDE = [33, 1, 44, 1, 5678, 100];
export const LONGITUDE = [84, 1, 23, 1, 1234, 100];
export const CAMERA = 'PhoneCo X1 SN4471';
export const SHOT_AT = '2025:06:01 09:30:00';
export const COMMENT = 'at 1200 Peachtree St';

class TiffWriter {
  readonly bytes: number[] = [];
  constructor(readonly littleEndian: boolean) {}
  u16(value: number): this {
    const b = [value & 0xff, (value >> 8) & 0xff];
    this.bytes.push(...(this.littleEndian ? b : b.reverse()));
    return this;
  }
  u32(value: number): this {
    const b = [value & 0xff, (value >>> 8) & 0xff, (value >>> 16) & 0xff, (value >>> 24) & 0xff];
    this.bytes.push(...(this.littleEndian ? b : b.reverse()));
    return this;
  }
  raw(bytes: number[]): this {
    this.bytes.push(...bytes);
    return this;
  }
  entry(tag: number, type: number, count: number, value: (w: TiffWriter) => void): this {
    this.u16(tag).u16(type).u32(count);
    const before = this.bytes.length;
    value(this);
    while (this.bytes.length < before + 4) this.bytes.push(0);
    return this;
  }
}

const ASCII = 2;
const SHORT = 3;
const LONG = 4;
const RATIONAL = 5;

/** A TIFF block as phones write it: IFD0 (make, orientation, time, GPS pointer), then the GPS IFD. */
export function exifTiff(littleEndian: boolean, orientation: number | null): number[] {
  const make = [...text(CAMERA), 0];
  const date = [...text(SHOT_AT), 0];
  const ifd0Entries = orientation === null ? 3 : 4;
  const makeAt = 8 + 2 + 12 * ifd0Entries + 4;
  const dateAt = makeAt + make.length;
  const gpsAt = dateAt + date.length;
  const latitudeAt = gpsAt + 2 + 12 * 4 + 4;
  const longitudeAt = latitudeAt + 24;
  const w = new TiffWriter(littleEndian);
  w.raw(littleEndian ? text('II') : text('MM')).u16(42).u32(8);
  w.u16(ifd0Entries);
  w.entry(0x010f, ASCII, make.length, (v) => v.u32(makeAt));
  if (orientation !== null) w.entry(0x0112, SHORT, 1, (v) => v.u16(orientation));
  w.entry(0x0132, ASCII, date.length, (v) => v.u32(dateAt));
  w.entry(0x8825, LONG, 1, (v) => v.u32(gpsAt));
  w.u32(0).raw(make).raw(date);
  w.u16(4);
  w.entry(0x0001, ASCII, 2, (v) => v.raw(text('N')));
  w.entry(0x0002, RATIONAL, 3, (v) => v.u32(latitudeAt));
  w.entry(0x0003, ASCII, 2, (v) => v.raw(text('W')));
  w.entry(0x0004, RATIONAL, 3, (v) => v.u32(longitudeAt));
  w.u32(0);
  for (const n of [...LATITUDE, ...LONGITUDE]) w.u32(n);
  return w.bytes;
}

/** The latitude's bytes as the TIFF block holds them (what must not survive). */
export function latitudeBytes(littleEndian: boolean): Uint8Array {
  const w = new TiffWriter(littleEndian);
  for (const n of LATITUDE) w.u32(n);
  return Uint8Array.from(w.bytes);
}

// ---- JPEG ----

/** A marker segment: 0xFF, the marker, the length (itself included), the payload. */
export function segment(marker: number, payload: number[]): number[] {
  const length = payload.length + 2;
  return [0xff, marker, length >> 8, length & 0xff, ...payload];
}

export const JFIF = segment(0xe0, [...text('JFIF'), 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]);
export const exifSegment = (littleEndian: boolean, orientation: number | null): number[] => segment(0xe1, [...text('Exif'), 0, 0, ...exifTiff(littleEndian, orientation)]);
export const XMP = segment(0xe1, [...text('http://ns.adobe.com/xap/1.0/'), 0, ...text('<x:xmpmeta><rdf:Description exif:GPSLatitude="33,44.9463N"/></x:xmpmeta>')]);
export const ICC = segment(0xe2, [...text('ICC_PROFILE'), 0, 1, 1, ...text('a colour profile')]);
export const MPF = segment(0xe2, [...text('MPF'), 0, ...text('offsets of a depth map')]);
export const PHOTOSHOP = segment(0xed, [...text('Photoshop 3.0'), 0, ...text('8BIM By-line Maria Alvarez')]);
export const ADOBE = segment(0xee, [...text('Adobe'), 0, 100, 0, 0, 0, 0, 0]);
export const COMMENT_SEGMENT = segment(0xfe, text(COMMENT));

/** Quantisation table 0: 64 ones (8-bit). */
const DQT = segment(0xdb, [0x00, ...Array<number>(64).fill(1)]);
/** One Huffman table with a single 1-bit code for symbol 0: DC class (0x00) or AC class (0x10). */
const dht = (tableClass: number): number[] => segment(0xc4, [tableClass, 1, ...Array<number>(15).fill(0), 0]);
/** Baseline frame: 8-bit, height, width, one component (id 1, sampling 1x1, table 0). */
const sof0 = (width: number, height: number): number[] => segment(0xc0, [8, height >> 8, height & 0xff, width >> 8, width & 0xff, 1, 1, 0x11, 0]);
/** Scan of component 1 with DC/AC tables 0, full spectral range. */
export const SOS = segment(0xda, [1, 1, 0x00, 0, 63, 0]);
/** Two 8x8 blocks (a 16x8 grey image): each a DC difference of 0 ('0') and an end of block ('0'); the byte padded with ones. */
export const SCAN = [0x0f];
const EOI = [0xff, 0xd9];

/** A baseline greyscale JPEG, `metadata` segments after JFIF; `width`/`height` 16x8 match SCAN. */
export function jpeg(metadata: number[][] = [], { width = 16, height = 8, scan = SCAN, trailer = [] as number[] } = {}): Uint8Array {
  return join([0xff, 0xd8], JFIF, ...metadata, DQT, sof0(width, height), dht(0x00), dht(0x10), SOS, scan, EOI, trailer);
}

// ---- PNG ----

export function pngChunk(type: string, data: ArrayLike<number>): number[] {
  const body = join(text(type), data);
  const length = data.length;
  const crc = zlibCrc32(body);
  return [length >>> 24, (length >> 16) & 0xff, (length >> 8) & 0xff, length & 0xff, ...body, crc >>> 24, (crc >> 16) & 0xff, (crc >> 8) & 0xff, crc & 0xff];
}

export const PNG_WIDTH = 3;
export const PNG_HEIGHT = 2;
/** Two rows of three RGB pixels, each row after filter byte 0, deflated. */
export const PNG_IDAT = Array.from(deflateSync(Uint8Array.from([0, 255, 0, 0, 0, 255, 0, 0, 0, 255, 0, 9, 9, 9, 99, 99, 99, 199, 199, 199])));

/** A 3x2 RGB PNG: IHDR, `before` chunks, IDAT, IEND. */
export function png(before: number[][] = [], trailer: number[] = []): Uint8Array {
  const ihdr = pngChunk('IHDR', [0, 0, 0, PNG_WIDTH, 0, 0, 0, PNG_HEIGHT, 8, 2, 0, 0, 0]);
  return join([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], ihdr, ...before, pngChunk('IDAT', PNG_IDAT), pngChunk('IEND', []), trailer);
}

// ---- WebP ----

/** Bits written least significant first, as VP8L reads them. */
function lsbFirst(fields: [value: number, bits: number][]): number[] {
  const out: number[] = [];
  let bit = 0;
  for (const [value, bits] of fields) {
    for (let i = 0; i < bits; i++, bit++) {
      if (bit % 8 === 0) out.push(0);
      out[out.length - 1]! |= ((value >> i) & 1) << (bit % 8);
    }
  }
  return out;
}

/**
 * A lossless bitstream of one colour: the header (signature, size - 1, no alpha, version 0), no
 * transform, no colour cache, no meta codes, then five "simple" prefix codes of one symbol each
 * (green, red, blue, alpha: 8-bit symbols; distance: symbol 0), so every pixel takes zero bits.
 */
export function vp8l(width: number, height: number, [red, green, blue]: [number, number, number]): number[] {
  const simple8 = (symbol: number): [number, number][] => [[1, 1], [0, 1], [1, 1], [symbol, 8]];
  return lsbFirst([[0x2f, 8], [width - 1, 14], [height - 1, 14], [0, 1], [0, 3], [0, 1], [0, 1], [0, 1], ...simple8(green), ...simple8(red), ...simple8(blue), ...simple8(255), [1, 1], [0, 1], [0, 1], [0, 1]]);
}

export function riffChunk(fourcc: string, data: number[]): number[] {
  const size = data.length;
  return [...text(fourcc), size & 0xff, (size >> 8) & 0xff, (size >> 16) & 0xff, size >>> 24, ...data, ...(size % 2 ? [0] : [])];
}

export function webp(chunks: number[][]): Uint8Array {
  const body = chunks.flat();
  const size = body.length + 4;
  return join(text('RIFF'), [size & 0xff, (size >> 8) & 0xff, (size >> 16) & 0xff, size >>> 24], text('WEBP'), body);
}

/** VP8X: flags, three reserved bytes, canvas width - 1 and height - 1 (24 bits each). */
export function vp8x(flags: number, width: number, height: number): number[] {
  const w = width - 1;
  const h = height - 1;
  return riffChunk('VP8X', [flags, 0, 0, 0, w & 0xff, (w >> 8) & 0xff, w >> 16, h & 0xff, (h >> 8) & 0xff, h >> 16]);
}

/** The start of a VP8 key frame: frame tag (key frame, shown, first partition size), start code, 14-bit sizes. */
export function vp8KeyFrame(width: number, height: number): number[] {
  return riffChunk('VP8 ', [0x10, 0x02, 0x00, 0x9d, 0x01, 0x2a, width & 0xff, width >> 8, height & 0xff, height >> 8, 0, 0]);
}

export { text };
