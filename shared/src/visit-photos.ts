import { z } from 'zod';

/**
 * A cleaner's photos of a cleaning (docs/cleaner-day.md#photos): what the api answers and
 * refuses, shared with My day. The image rules (types, size, metadata) are the api's
 * (api/src/photos/photo-image.ts).
 */

/** Photos a cleaning takes at most. */
export const PHOTOS_PER_VISIT = 10;

/** The field every photo refusal names. */
export const PHOTO_FIELD = 'photo';

export const PHOTO_REFUSALS = {
  type: { code: 'photo_type', message: 'This photo is not a JPEG, PNG or WebP image.' },
  tooLarge: { code: 'photo_too_large', message: 'This photo is larger than 10 MB.' },
  empty: { code: 'photo_empty', message: 'The photo did not arrive. Please try again.' },
  limit: { code: 'photo_limit', message: `This cleaning has ${PHOTOS_PER_VISIT} photos already.` },
} as const;

/** What a cleaner says a photo shows: the state before the cleaning, or after it. */
export const PHOTO_LABELS = ['before', 'after'] as const;
export type PhotoLabel = (typeof PHOTO_LABELS)[number];
export const PHOTO_LABEL_TEXT: Readonly<Record<PhotoLabel, string>> = { before: 'Before', after: 'After' };
/** `?label=` of POST /api/cleaner/deals/:id/photos: optional, before or after. */
export const PHOTO_LABEL_NEEDED = 'Say whether the photo is from before or after the cleaning.';
export const photoLabelQuerySchema = z.object({ label: z.enum(PHOTO_LABELS, { message: PHOTO_LABEL_NEEDED }).optional() });

/**
 * The small copy the office sees (docs/cleaner-day.md#what-the-office-sees): made by the phone
 * from the photo, at most THUMBNAIL_MAX_SIDE pixels a side and THUMBNAIL_MAX_BYTES, checked and
 * stripped like a photo, kept THUMBNAIL_RETENTION_DAYS, then purged.
 */
export const THUMBNAIL_MAX_SIDE = 400;
export const THUMBNAIL_MAX_BYTES = 100 * 1024;
export const THUMBNAIL_RETENTION_DAYS = 90;
export const THUMBNAIL_FIELD = 'thumbnail';
export const THUMBNAIL_REFUSALS = {
  tooLarge: { code: 'thumbnail_too_large', message: `A thumbnail is at most ${THUMBNAIL_MAX_SIDE} pixels a side and 100 KB.` },
  unknownPhoto: { code: 'photo_not_found', message: 'This photo is not one of this cleaning.' },
} as const;

/** The answer to an added photo: its id and how many the cleaning has now. */
export const photoAddedSchema = z.object({
  photo: z.object({ id: z.string(), contentType: z.string(), byteSize: z.number().int(), label: z.enum(PHOTO_LABELS).nullable().optional() }),
  count: z.number().int(),
});
export type PhotoAdded = z.infer<typeof photoAddedSchema>;
