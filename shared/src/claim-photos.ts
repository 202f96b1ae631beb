import { MAX_PHOTOS } from './constants';
import { PHOTOS_TOO_MANY, RECLEAN_PHOTOS_CLAIM_CLOSED } from './texts';

/**
 * A customer's photos of a re-clean claim (docs/staff-actions.md#answering-a-re-clean-claim):
 * how many a claim takes and what the api refuses beyond the image rules every photo meets
 * (type, size, metadata: PHOTO_REFUSALS in ./visit-photos, checked in api/src/photos/). The
 * answer to an added photo is a cleaner's (`photoAddedSchema`): its id and the claim's count.
 */

/** Photos a claim takes at most: the site's photo limit. */
export const CLAIM_PHOTOS_MAX = MAX_PHOTOS;

/** The photo types the portal lets the customer pick (the api reads the real type from the bytes). */
export const CLAIM_PHOTO_ACCEPT = 'image/jpeg,image/png,image/webp';

export const CLAIM_PHOTO_REFUSALS = {
  /** 409: the claim has its CLAIM_PHOTOS_MAX photos. */
  limit: { code: 'photo_limit', message: PHOTOS_TOO_MANY },
  /** 409: the office has answered or closed the claim. */
  closed: { code: 'claim_closed', message: RECLEAN_PHOTOS_CLAIM_CLOSED },
} as const;
