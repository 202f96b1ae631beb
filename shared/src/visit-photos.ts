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

/** The answer to an added photo: its id and how many the cleaning has now. */
export const photoAddedSchema = z.object({
  photo: z.object({ id: z.string(), contentType: z.string(), byteSize: z.number().int() }),
  count: z.number().int(),
});
export type PhotoAdded = z.infer<typeof photoAddedSchema>;
