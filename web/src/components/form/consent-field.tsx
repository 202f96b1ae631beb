import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FieldError } from './field';

interface ConsentFieldProps {
  /** Id of the error line (the checkbox points at it while it shows). */
  errorId: string;
  error: string | undefined;
  /** react-hook-form's register('agreed') (or similar) for the checkbox. */
  registration: UseFormRegisterReturn;
  /** The consent sentence beside the box. */
  children: ReactNode;
  /** Terms shown under the box that the agreement refers to (the text message program's); the box points at them. */
  terms?: { id: string; node: ReactNode } | undefined;
}

/** The agreement checkbox every public form ends with; its message is announced as an alert. */
export function ConsentField({ errorId, error, registration, children, terms }: ConsentFieldProps) {
  const describedBy = [terms?.id, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label className="choice">
        <input type="checkbox" required aria-invalid={Boolean(error)} aria-describedby={describedBy} {...registration} />
        <span>{children}</span>
      </label>
      {terms?.node}
      <FieldError id={errorId} message={error} alert />
    </div>
  );
}

/** The submit row of a form: the button is disabled and relabelled while the request runs. */
export function SubmitRow({ busy, label, busyLabel, large = false }: { busy: boolean; label: string; busyLabel: string; large?: boolean }) {
  return (
    <div className="form-actions">
      <button type="submit" className={large ? 'button button--large' : 'button'} disabled={busy}>
        {busy ? busyLabel : label}
      </button>
    </div>
  );
}
