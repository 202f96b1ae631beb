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
}

/** The agreement checkbox every public form ends with; its message is announced as an alert. */
export function ConsentField({ errorId, error, registration, children }: ConsentFieldProps) {
  return (
    <div className="field">
      <label className="choice">
        <input type="checkbox" required aria-invalid={Boolean(error)} aria-describedby={error ? errorId : undefined} {...registration} />
        <span>{children}</span>
      </label>
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
