import { useEffect, useId, useRef, type ReactNode } from 'react';
import { CloseIcon } from '../../../components/icons';

interface ModalProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
}

/**
 * An accessible modal on the native <dialog>: showModal() makes the rest of the page inert (focus
 * stays inside), Escape closes it, the title labels it, and focus returns to whatever opened it.
 * Mount it to open it, unmount it to close it.
 */
export function Modal({ title, onClose, children }: ModalProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.showModal();
    return () => {
      dialog.close();
      opener?.focus();
    };
  }, []);

  return (
    <dialog
      ref={dialogRef}
      className="portal-dialog"
      aria-labelledby={titleId}
      // Escape fires 'cancel': the owner unmounts us instead of the browser closing behind React's back.
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <div className="portal-dialog__header">
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="icon-button" aria-label="Close" onClick={onClose}>
          <CloseIcon />
        </button>
      </div>
      <div className="portal-dialog__body">{children}</div>
    </dialog>
  );
}
