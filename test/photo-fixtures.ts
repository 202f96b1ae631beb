/**
 * Photos for the tests of a cleaner's photos (docs/cleaner-day.md#photos): a real 8×8 JPEG
 * (grey, baseline, with a JFIF header) and the same with an Exif segment holding a GPS position,
 * as a phone camera writes it.
 */
export const TINY_JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQAAAQABAAD/2wCEAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSgBBwcHCggKEwoKEygaFhooKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKP/AABEIAAgACAMBEQACEQEDEQH/xAGiAAABBQEBAQEBAQAAAAAAAAAAAQIDBAUGBwgJCgsQAAIBAwMCBAMFBQQEAAABfQECAwAEEQUSITFBBhNRYQcicRQygZGhCCNCscEVUtHwJDNicoIJChYXGBkaJSYnKCkqNDU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6g4SFhoeIiYqSk5SVlpeYmZqio6Slpqeoqaqys7S1tre4ubrCw8TFxsfIycrS09TV1tfY2drh4uPk5ebn6Onq8fLz9PX29/j5+gEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoLEQACAQIEBAMEBwUEBAABAncAAQIDEQQFITEGEkFRB2FxEyIygQgUQpGhscEJIzNS8BVictEKFiQ04SXxFxgZGiYnKCkqNTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqCg4SFhoeIiYqSk5SVlpeYmZqio6Slpqeoqaqys7S1tre4ubrCw8TFxsfIycrS09TV1tfY2dri4+Tl5ufo6ery8/T19vf4+fr/2gAMAwEAAhEDEQA/ACgD/9k=',
  'base64',
);

/** The Exif tag that points at the GPS data (GPSInfo), as little-endian bytes. */
const GPS_INFO_TAG = Buffer.from([0x25, 0x88]);
const EXIF_HEADER = Buffer.from('Exif\0\0', 'latin1');

/** An APP1 Exif segment (little-endian TIFF): IFD0 with GPSInfo, and a GPS IFD at 33.7490° N. */
function exifWithGps(): Buffer {
  const tiff = Buffer.alloc(8 + 2 + 12 + 4 + 2 + 2 * 12 + 4 + 24);
  tiff.write('II', 0, 'latin1');
  tiff.writeUInt16LE(42, 2);
  tiff.writeUInt32LE(8, 4);
  // IFD0: one entry, GPSInfo (LONG) → the GPS IFD's offset.
  tiff.writeUInt16LE(1, 8);
  GPS_INFO_TAG.copy(tiff, 10);
  tiff.writeUInt16LE(4, 12);
  tiff.writeUInt32LE(1, 14);
  const gpsAt = 8 + 2 + 12 + 4;
  tiff.writeUInt32LE(gpsAt, 18);
  tiff.writeUInt32LE(0, 22);
  // GPS IFD: GPSLatitudeRef 'N', GPSLatitude 33/1 44/1 5640/100.
  tiff.writeUInt16LE(2, gpsAt);
  const ratAt = gpsAt + 2 + 2 * 12 + 4;
  const entries = [
    [1, 2, 2, 0x4e], // 'N', '\0' inline in the value field
    [2, 5, 3, ratAt],
  ] as const;
  entries.forEach(([tag, type, count, value], i) => {
    const at = gpsAt + 2 + i * 12;
    tiff.writeUInt16LE(tag, at);
    tiff.writeUInt16LE(type, at + 2);
    tiff.writeUInt32LE(count, at + 4);
    tiff.writeUInt32LE(value, at + 8);
  });
  [33, 1, 44, 1, 5640, 100].forEach((n, i) => tiff.writeUInt32LE(n, ratAt + i * 4));
  const body = Buffer.concat([EXIF_HEADER, tiff]);
  const head = Buffer.from([0xff, 0xe1, 0, 0]);
  head.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([head, body]);
}

/** The JPEG with an Exif GPS position right after its start marker, where cameras put it. */
export function jpegWithGps(jpeg: Buffer = TINY_JPEG): Buffer {
  return Buffer.concat([jpeg.subarray(0, 2), exifWithGps(), jpeg.subarray(2)]);
}

/** Whether the bytes hold an Exif segment that points at GPS data. */
export function hasExifGps(bytes: Uint8Array): boolean {
  const b = Buffer.from(bytes);
  const exif = b.indexOf(EXIF_HEADER);
  return exif >= 0 && b.indexOf(GPS_INFO_TAG, exif) >= 0;
}
