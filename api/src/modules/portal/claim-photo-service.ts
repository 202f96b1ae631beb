import { CLAIM_PHOTO_REFUSALS, CLAIM_PHOTOS_MAX } from '@app/shared/claim-photos';
import type { PhotoAdded } from '@app/shared/visit-photos';
import { AppError, errors } from '../../errors';
import { checkedPhoto, refusePhoto, type PhotoUpload } from '../../photos/photo-upload';
import type { ModuleDeps } from '../registry';
import { findClaimForPhotos, recordClaimPhoto, type ClaimForPhotos, type ClaimPhotoOutcome } from './claim-photo-repository';

type Deps = Pick<ModuleDeps, 'db' | 'outbox'>;

const CLAIM_NOT_FOUND = 'We could not find that claim.';

/** The refusal of a claim a photo cannot join (read before the body, or under the lock), or null when it may. */
function refusalOf(claim: ClaimForPhotos | ClaimPhotoOutcome): AppError | null {
  if (claim.kind === 'missing') return errors.notFound(CLAIM_NOT_FOUND);
  if (claim.kind === 'closed') return new AppError(409, CLAIM_PHOTO_REFUSALS.closed.code, CLAIM_PHOTO_REFUSALS.closed.message);
  if (claim.kind === 'limit' || (claim.kind === 'open' && claim.count >= CLAIM_PHOTOS_MAX)) return refusePhoto(409, CLAIM_PHOTO_REFUSALS.limit);
  return null;
}

/**
 * POST /api/portal/claims/:ticketId/photos, the image's bytes as the body
 * (docs/staff-actions.md#answering-a-re-clean-claim): a photo of what the customer's own open
 * re-clean claim says was missed, at most CLAIM_PHOTOS_MAX a claim. The image rules are a
 * cleaner's photo's (api/src/photos/): a JPEG, PNG or WebP of at most 10 MB, its metadata (the
 * GPS position among it) stripped before it is kept; the worker takes it to HubSpot. Who may add
 * it is checked before the body is read, and again under the claim's lock when it is kept.
 */
export async function addClaimPhoto(deps: Deps, contactId: string, ticketId: string, upload: PhotoUpload): Promise<PhotoAdded> {
  const before = refusalOf(await findClaimForPhotos(deps.db, contactId, ticketId));
  if (before) throw before;
  const photo = await checkedPhoto(upload);
  const outcome = await recordClaimPhoto(deps.db, { ticketId, contactId, contentType: photo.type, bytes: photo.bytes });
  if (outcome.kind !== 'recorded') throw refusalOf(outcome)!;
  deps.outbox.notify();
  return { photo: { id: outcome.id, contentType: photo.type, byteSize: photo.bytes.length }, count: outcome.count };
}
