import { CLAIM_PHOTO_ACCEPT, CLAIM_PHOTOS_MAX } from '@app/shared/claim-photos';
import { PHOTOS_TOO_MANY } from '@app/shared/texts';
import { useState } from 'react';
import { Field } from '../../../components/form/field';
import { photoStatusText, usePhotoSends, type PhotoSend } from '../../../lib/use-photo-sends';
import { postClaimPhoto } from '../api/claim-photo';

/**
 * A re-clean claim's photos in the portal (shared/claim-photos.ts): chosen in the claim's form
 * before Send, sent one by one once the claim is stored (its answer names the ticket), each with
 * where it stands.
 */

/** The chosen photos after a pick: the earlier ones and the new, the first CLAIM_PHOTOS_MAX kept; `tooMany` when some were left out. */
export function choosePhotos(chosen: readonly File[], picked: readonly File[]): { files: File[]; tooMany: boolean } {
  const all = [...chosen, ...picked];
  return { files: all.slice(0, CLAIM_PHOTOS_MAX), tooMany: all.length > CLAIM_PHOTOS_MAX };
}

/** The photos picker of the claim's form: optional, up to five, the names chosen and the limit's message. */
export function ClaimPhotosField({ files, error, onChoose }: { files: readonly File[]; error: string | undefined; onChoose: (picked: File[]) => void }) {
  return (
    <Field
      label="Add photos (optional)"
      hint={`Up to ${CLAIM_PHOTOS_MAX} photos of what was missed (JPEG, PNG or WebP, at most 10 MB each). ${files.length} of ${CLAIM_PHOTOS_MAX} chosen.`}
      error={error}
    >
      {(props) => (
        <>
          <input
            {...props}
            required={false}
            name="photos"
            type="file"
            accept={CLAIM_PHOTO_ACCEPT}
            multiple
            onChange={(event) => {
              const picked = [...(event.target.files ?? [])];
              // Cleared so the same photo can be chosen again.
              event.target.value = '';
              if (picked.length > 0) onChoose(picked);
            }}
          />
          {files.length > 0 ? (
            <ul className="claim-photos__chosen" aria-label="Chosen photos">
              {files.map((file, i) => (
                <li key={`${i}-${file.name}`}>{file.name || `Photo ${i + 1}`}</li>
              ))}
            </ul>
          ) : null}
        </>
      )}
    </Field>
  );
}

/** The claim form's photos: what was chosen, and the limit's message after a pick of too many. */
export function useChosenPhotos() {
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string | undefined>(undefined);
  const choose = (picked: File[]) => {
    const next = choosePhotos(files, picked);
    setFiles(next.files);
    setError(next.tooMany ? PHOTOS_TOO_MANY : undefined);
  };
  return { files, error, choose };
}

/** Sends the chosen photos to the stored claim, one at a time, and follows each. */
export function useSendPhotos() {
  const { items, send } = usePhotoSends('This photo did not go through.');
  return { items, send: (ticketId: string, files: readonly File[]) => send(files, (file) => postClaimPhoto(ticketId, file)) };
}

/** How many of the photos were added, once none is still on its way; null while one is, or with none. */
export function photosSummary(items: readonly PhotoSend[]): string | null {
  if (items.length === 0 || items.some((i) => i.status === 'sending')) return null;
  const added = items.filter((i) => i.status === 'added').length;
  const noun = (n: number) => (n === 1 ? 'photo' : 'photos');
  if (added === items.length) return `${added} ${noun(added)} added to your claim.`;
  return `${added} of ${items.length} ${noun(items.length)} added to your claim.`;
}

/** Each photo sent with the claim and where it stands: "Sending…", "Added" or the server's refusal; then how many were added. */
export function SentPhotos({ items }: { items: readonly PhotoSend[] }) {
  if (items.length === 0) return null;
  const summary = photosSummary(items);
  return (
    <div role="status" aria-live="polite" className="claim-photos">
      <ul className="claim-photos__list">
        {items.map((item) => (
          <li key={item.key} className={`claim-photos__item claim-photos__item--${item.status}`}>
            <span className="claim-photos__name">{item.name}</span>{' '}
            <strong>{photoStatusText(item)}</strong>
          </li>
        ))}
      </ul>
      {summary ? <p className="claim-photos__count">{summary}</p> : null}
    </div>
  );
}
