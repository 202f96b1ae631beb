import { useId, type ReactNode } from 'react';
import './forms.css';

/** What a control needs to be tied to its label, hint and error for assistive technology. */
export interface ControlProps {
  id: string;
  /** Exposed to assistive technology as "required"; the form has noValidate, so it never blocks. */
  required: boolean;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
}

interface FieldProps {
  label: ReactNode;
  /** The validation message of this field, shown under it and announced with it. */
  error?: string | undefined;
  hint?: ReactNode;
  /** Required fields carry no marker in the label (optional ones say "(optional)"); see RequiredNote. */
  required?: boolean;
  className?: string;
  children: (control: ControlProps) => ReactNode;
}

/**
 * One labelled form control with its hint and error text. The control is rendered by the caller
 * (input, select, textarea) with the props handed over, so react-hook-form's register() spreads
 * onto the real element. The error paragraph carries a stable id so tests and screen readers find it.
 */
export function Field({ label, error, hint, required = false, className, children }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label htmlFor={id}>{label}</label>
      {children({ id, required, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy })}
      {/* Under the control, so controls side by side in a grid stay level whatever their hints. */}
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

/** A validation message, or nothing; `data-error` lets tests read exactly the message. */
export function FieldError({ id, message, alert = false }: { id?: string; message?: string | undefined; alert?: boolean }) {
  if (!message) return null;
  return (
    <p id={id} className="field__error" data-error="" role={alert ? 'alert' : undefined}>
      {message}
    </p>
  );
}

/**
 * The line at the top of a form: every field is required unless its label says "(optional)". Plain
 * words instead of asterisks, so labels read the same to everyone and to screen readers.
 */
export function RequiredNote() {
  return <p className="fine-print">All fields are required unless marked (optional).</p>;
}
