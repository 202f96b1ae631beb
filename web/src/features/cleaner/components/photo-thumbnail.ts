import { THUMBNAIL_MAX_BYTES, THUMBNAIL_MAX_SIDE } from '@app/shared/visit-photos';

const toJpeg = (canvas: HTMLCanvasElement, quality: number) => new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));

/**
 * The small copy of a photo the office sees (docs/cleaner-day.md#what-the-office-sees): drawn on a
 * canvas at most THUMBNAIL_MAX_SIDE pixels a side and encoded again as a JPEG, so it carries none
 * of the photo's metadata (the api strips it again all the same). Null when the phone cannot
 * decode it: the photo still goes, the office then reads "small copy not made".
 */
export async function makeThumbnail(photo: Blob): Promise<Blob | null> {
  try {
    const bitmap = await createImageBitmap(photo, { imageOrientation: 'from-image' });
    const scale = Math.min(1, THUMBNAIL_MAX_SIDE / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    for (const quality of [0.75, 0.5]) {
      const blob = await toJpeg(canvas, quality);
      if (blob && blob.size <= THUMBNAIL_MAX_BYTES) return blob;
    }
    return null;
  } catch {
    return null;
  }
}
