import type { LegalDocument } from '@app/shared/constants';
import { useEffect, useId, useRef } from 'react';
import { useLegalContent } from '../lib/use-legal-content';
import { CloseIcon } from './icons';

interface PolicyDialogProps {
  slug: LegalDocument;
  title: string;
  /** Spec §8 text shown when the page cannot be loaded. */
  failureText: string;
  onClose: () => void;
}

/**
 * A policy in a modal dialog. The native <dialog> opened with showModal() makes the rest of the
 * page inert (focus stays inside), closes on Escape and sits in the top layer; focus goes back to
 * whatever opened it. Mount it to open it, unmount it to close it.
 */
export function PolicyDialog({ slug, title, failureText, onClose }: PolicyDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const content = useLegalContent(slug);

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
      className="policy-dialog"
      aria-labelledby={titleId}
      // Escape fires 'cancel': let the owner unmount us instead of the browser closing behind React's back.
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      // A click on the backdrop lands on the dialog element itself.
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className="policy-dialog__header">
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="icon-button" aria-label="Close" onClick={onClose}>
          <CloseIcon />
        </button>
      </div>
      <div className="policy-dialog__body" aria-busy={content.status === 'loading'}>
        {content.status === 'loading' ? <p className="page-loading">Loading…</p> : null}
        {content.status === 'failed' ? (
          <p className="alert" role="alert">
            {failureText}
          </p>
        ) : null}
        {content.status === 'loaded' ? (
          <div className="policy-content" dangerouslySetInnerHTML={{ __html: content.html }} />
        ) : null}
      </div>
    </dialog>
  );
}
