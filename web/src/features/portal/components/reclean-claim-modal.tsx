import { RECLEAN_MISSED_MAX, recleanClaimSchema } from '@app/shared/reclean-claim';
import { RECLEAN_BUTTON, RECLEAN_CLAIM_FAILED, RECLEAN_CLAIM_SUBMITTED, RECLEAN_MISSED_LABEL } from '@app/shared/texts';
import { useState, type FormEvent } from 'react';
import { Field } from '../../../components/form/field';
import { focusFirstError } from '../../../components/form/focus-first-error';
import { FormAlert } from '../../../components/form/form-alert';
import { Modal, ModalFormActions } from '../../../components/modal';
import { ApiError } from '../../../lib/api-client';
import { COMPANY } from '../../../lib/company';
import { useRecleanClaim } from '../api/reclean-claim';
import type { PhotoSend } from '../../../lib/use-photo-sends';
import { ClaimPhotosField, SentPhotos, useChosenPhotos, useSendPhotos } from './claim-photos';
import type { DealView } from './deal-view';

/** The field's message for what was typed, from the shared schema the api checks too; undefined when it will do. */
export function missedError(missed: string): string | undefined {
  const result = recleanClaimSchema.safeParse({ missed });
  return result.success ? undefined : result.error.issues[0]?.message;
}

/** What a refused or failed claim says: the api's reason (a 409 says why: the window has passed, a claim is open), else ours. */
function failureText(error: unknown): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : RECLEAN_CLAIM_FAILED;
}

/** The way left for photos that could not be sent with the claim: e-mail, with the cleaning's reference. */
export function PhotosFallback({ deal, items }: { deal: Pick<DealView, 'reference'>; items: readonly PhotoSend[] }) {
  if (!items.some((i) => i.status === 'refused')) return null;
  return (
    <p className="fine-print" data-photos-note="">
      You can e-mail the photos that were not added to <a href={`mailto:${COMPANY.email}`}>{COMPANY.email}</a>
      {deal.reference ? ` with your reference ${deal.reference}` : ''}.
    </p>
  );
}

interface ClaimFormProps {
  missed: string;
  /** The field's message, once the customer has tried to send. */
  error: string | undefined;
  /** Why the api refused or the request failed; null otherwise. */
  failure: string | null;
  pending: boolean;
  /** The photos chosen to send with the claim, and the limit's message after too many. */
  photos: readonly File[];
  photosError: string | undefined;
  onPhotos: (picked: File[]) => void;
  onChange: (missed: string) => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onClose: () => void;
}

/** The claim's form as the customer sees it: what was missed with its hint and message, the photos, the outcome, Send. */
export function ClaimForm({ missed, error, failure, pending, photos, photosError, onPhotos, onChange, onSubmit, onClose }: ClaimFormProps) {
  return (
    <form className="form" noValidate onSubmit={onSubmit} aria-busy={pending}>
      <Field
        label={RECLEAN_MISSED_LABEL}
        required
        hint={`Which rooms or tasks, as exactly as you can (at most ${RECLEAN_MISSED_MAX} characters). Please leave those areas as they are until we have looked at them.`}
        error={error}
      >
        {(props) => <textarea {...props} name="missed" rows={5} value={missed} onChange={(event) => onChange(event.target.value)} />}
      </Field>
      <ClaimPhotosField files={photos} error={photosError} onChoose={onPhotos} />
      <FormAlert message={failure} />
      <ModalFormActions submit="Send" pending={pending} onClose={onClose} />
    </form>
  );
}

/**
 * "Something was missed" on a done cleaning (shared/reclean-claim.ts): what was missed, required
 * and bounded, checked with the shared schema the api uses; after a first try to send, the
 * field's message follows the typing, and focus goes to the field in error. A refusal (the
 * window has passed, a claim is already open) or a failure is shown in the dialog; a stored
 * claim shows the submitted state, where the photos chosen with it are sent, one by one, each
 * with where it stands, and how many were added. Only when some could not be added does it say
 * they can be e-mailed instead.
 */
export function RecleanClaimModal({ deal, onClose }: { deal: DealView; onClose: () => void }) {
  const mutation = useRecleanClaim();
  const photos = useChosenPhotos();
  const sent = useSendPhotos();
  const [missed, setMissed] = useState('');
  const [tried, setTried] = useState(false);
  const error = tried ? missedError(missed) : undefined;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTried(true);
    if (missedError(missed)) {
      focusFirstError(event.currentTarget);
      return;
    }
    if (mutation.isPending) return;
    const files = photos.files;
    mutation.mutate(
      { dealId: deal.id, missed: missed.trim() },
      {
        onSuccess: ({ ticketId }) => {
          if (files.length > 0) void sent.send(ticketId, files);
        },
      },
    );
  };

  const submitted = mutation.isSuccess;
  return (
    <Modal title={RECLEAN_BUTTON} onClose={onClose} className="dialog--stack" status={submitted ? <p className="portal-submitted">{RECLEAN_CLAIM_SUBMITTED}</p> : null}>
      <p className="fine-print">
        {deal.title}
        {deal.scheduled ? ` · ${deal.scheduled} ET` : ''}
      </p>
      {submitted ? (
        <>
          <SentPhotos items={sent.items} />
          <PhotosFallback deal={deal} items={sent.items} />
          <div className="actions">
            <button type="button" className="button" onClick={onClose}>
              Close
            </button>
          </div>
        </>
      ) : (
        <ClaimForm
          missed={missed}
          error={error}
          failure={mutation.isError ? failureText(mutation.error) : null}
          pending={mutation.isPending}
          photos={photos.files}
          photosError={photos.error}
          onPhotos={photos.choose}
          onChange={setMissed}
          onSubmit={onSubmit}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}
