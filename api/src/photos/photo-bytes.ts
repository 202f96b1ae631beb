/**
 * Bounds-checked reads for the photo parsers (photo-image.ts): every read past the end throws a
 * PhotoFormatError, so a truncated or lying file can never read outside its bytes.
 */

/** The bytes do not hold the structure their format declares (the message says where). */
export class PhotoFormatError extends Error {
  override name = 'PhotoFormatError';
}

function need(bytes: Uint8Array, at: number, length: number, what: string): void {
  if (at < 0 || length < 0 || at + length > bytes.length) throw new PhotoFormatError(`${what} runs past the end (offset ${at})`);
}

function view(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

export function u8(bytes: Uint8Array, at: number, what = 'a byte'): number {
  need(bytes, at, 1, what);
  return view(bytes).getUint8(at);
}

export function u16(bytes: Uint8Array, at: number, littleEndian: boolean, what = 'a 16-bit field'): number {
  need(bytes, at, 2, what);
  return view(bytes).getUint16(at, littleEndian);
}

export function u24le(bytes: Uint8Array, at: number, what = 'a 24-bit field'): number {
  need(bytes, at, 3, what);
  return view(bytes).getUint16(at, true) | (view(bytes).getUint8(at + 2) << 16);
}

export function u32(bytes: Uint8Array, at: number, littleEndian: boolean, what = 'a 32-bit field'): number {
  need(bytes, at, 4, what);
  return view(bytes).getUint32(at, littleEndian);
}

/** `length` bytes from `at` as Latin-1 text (format tags: 'JFIF', 'IHDR', 'VP8X'). */
export function ascii(bytes: Uint8Array, at: number, length: number, what = 'a tag'): string {
  need(bytes, at, length, what);
  return String.fromCharCode(...bytes.subarray(at, at + length));
}

/** Whether `bytes` holds exactly `prefix` from `at` (false, never a throw, when too short). */
export function startsWith(bytes: Uint8Array, prefix: readonly number[], at = 0): boolean {
  if (at + prefix.length > bytes.length) return false;
  return prefix.every((byte, i) => view(bytes).getUint8(at + i) === byte);
}

/** A view of `length` bytes from `at`, checked to lie inside `bytes`. */
export function slice(bytes: Uint8Array, at: number, length: number, what: string): Uint8Array {
  need(bytes, at, length, what);
  return bytes.subarray(at, at + length);
}

/** One new array holding the parts in order (never a view of the input). */
export function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** The bytes of a Latin-1 tag or signature, for startsWith. */
export function bytesOf(text: string): number[] {
  return Array.from(text, (c) => c.charCodeAt(0));
}

/** What a format's parser finds: the pixel size, and the parts the stripped file is made of, in order. */
export interface ParsedPhoto {
  width: number;
  height: number;
  kept: Uint8Array[];
}
