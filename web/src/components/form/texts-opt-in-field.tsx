import type { UseFormRegisterReturn } from 'react-hook-form';
import { FieldError } from './field';
import { SmsTerms } from './sms-terms';

interface TextsOptInFieldProps {
  /** Ids of the terms paragraph and of the error line (the checkbox points at both). */
  termsId: string;
  errorId: string;
  error: string | undefined;
  /** react-hook-form's register('textsAgreed'). */
  registration: UseFormRegisterReturn;
  /** The box's label and the program's terms under it (shared/src/sms-consent.ts). */
  label: string;
  disclosure: string;
  /** A word beside the box, not an error (the booking form's, while "Text message" is chosen and the box unticked). */
  note?: string | undefined;
  noteId?: string | undefined;
}

/**
 * The booking form's box for texts: separate from the required agreement, optional and unticked
 * at first, so texts are never a condition of booking (campaign vetting refuses consent that is
 * bundled or required). The program's terms sit right under it, lined up with its label.
 */
export function TextsOptInField({ termsId, errorId, error, registration, label, disclosure, note, noteId }: TextsOptInFieldProps) {
  const describedBy = [note && noteId ? noteId : null, termsId, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className="field" data-texts-opt-in="">
      <label className="choice">
        <input type="checkbox" aria-invalid={Boolean(error)} aria-describedby={describedBy} {...registration} />
        <span>{label}</span>
      </label>
      {note ? (
        <p id={noteId} className="notice texts-opt-in__note">
          {note}
        </p>
      ) : null}
      <SmsTerms id={termsId} disclosure={disclosure} />
      <FieldError id={errorId} message={error} alert />
    </div>
  );
}
