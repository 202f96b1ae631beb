import type { LegalDocument } from '@app/shared/constants';
import { useLegalContent } from '../lib/use-legal-content';
import { Modal } from './modal';

interface PolicyDialogProps {
  slug: LegalDocument;
  title: string;
  /** docs/product.md §8 text shown when the page cannot be loaded. */
  failureText: string;
  onClose: () => void;
}

/** A policy page in a modal, loaded when it opens. Mount it to open it, unmount it to close it. */
export function PolicyDialog({ slug, title, failureText, onClose }: PolicyDialogProps) {
  const content = useLegalContent(slug);
  return (
    <Modal title={title} onClose={onClose} className="dialog--wide" closeOnBackdrop busy={content.status === 'loading'}>
      {content.status === 'loading' ? <p className="page-loading">Loading…</p> : null}
      {content.status === 'failed' ? (
        <p className="alert" role="alert">
          {failureText}
        </p>
      ) : null}
      {content.status === 'loaded' ? <div className="policy-content" dangerouslySetInnerHTML={{ __html: content.html }} /> : null}
    </Modal>
  );
}
