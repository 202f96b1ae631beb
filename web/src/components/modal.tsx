import { useEffect, useId, useRef, type ReactNode } from 'react';
import { CloseIcon } from './icons';

interface ModalProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Extra class on the <dialog>, e.g. 'dialog--wide' for reading text. */
  className?: string;
  /** Also close on a click on the backdrop (for reading, not for forms that hold typed input). */
  closeOnBackdrop?: boolean;
  /** Marks the body busy while its content loads. */
  busy?: boolean;
  /**
   * The outcome of what was done in the dialog ('Request submitted'), shown at the top of its body
   * in a status region that is there from the start, so screen readers announce it.
   */
  status?: ReactNode;
}

/**
 * Back to what opened the dialog; if that can no longer take focus (the request made in the
 * dialog turned its button off), to the nearest element around it marked data-focus-return.
 */
function returnFocus(opener: HTMLElement | null): void {
  if (!opener) return;
  const usable = opener.isConnected && !opener.matches(':disabled');
  (usable ? opener : opener.closest<HTMLElement>('[data-focus-return]'))?.focus();
}

/**
 * An accessible modal on the native <dialog>: showModal() makes the rest of the page inert (focus
 * stays inside), Escape closes it, the title labels it, and focus returns to whatever opened it (returnFocus).
 * Mount it to open it, unmount it to close it.
 */
export function Modal({ title, onClose, children, className, closeOnBackdrop = false, busy, status }: ModalProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const hasStatus = Boolean(status);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.showModal();
    return () => {
      dialog.close();
      returnFocus(opener);
    };
  }, []);

  // The outcome usually replaces the button that was pressed: focus stays in the dialog, on Close.
  useEffect(() => {
    const dialog = dialogRef.current;
    if (hasStatus && dialog && !dialog.contains(document.activeElement)) closeRef.current?.focus();
  }, [hasStatus]);

  return (
    <dialog
      ref={dialogRef}
      className={className ? `dialog ${className}` : 'dialog'}
      aria-labelledby={titleId}
      // Escape fires 'cancel': the owner unmounts us instead of the browser closing behind React's back.
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      // A click on the backdrop lands on the dialog element itself.
      onClick={closeOnBackdrop ? (event) => event.target === event.currentTarget && onClose() : undefined}
    >
      <div className="dialog__header">
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="icon-button" aria-label="Close" onClick={onClose} ref={closeRef}>
          <CloseIcon />
        </button>
      </div>
      <div className="dialog__body" aria-busy={busy}>
        <div role="status" className="dialog__status">
          {status}
        </div>
        {children}
      </div>
    </dialog>
  );
}

/**
 * The buttons under a form in a modal: the form's submit (its label while sending is 'Sending…')
 * and Close.
 */
export function ModalFormActions({ submit, pending, disabled = false, onClose }: { submit: string; pending: boolean; disabled?: boolean; onClose: () => void }) {
  return (
    <div className="actions">
      <button type="submit" className="button" disabled={disabled || pending}>
        {pending ? 'Sending…' : submit}
      </button>
      <button type="button" className="button button--ghost" onClick={onClose}>
        Close
      </button>
    </div>
  );
}
