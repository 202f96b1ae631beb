import type { LegalDocument } from '@app/shared/constants';
import { useEffect, useState } from 'react';
import { fetchLegalContent } from './legal-content';

export type LegalContentState = { status: 'loading' } | { status: 'failed' } | { status: 'loaded'; html: string };

/** Loads a policy's content while `slug` is set; failures are logged and reported as 'failed'. */
export function useLegalContent(slug: LegalDocument | null): LegalContentState {
  const [state, setState] = useState<LegalContentState>({ status: 'loading' });
  useEffect(() => {
    if (slug === null) return;
    const controller = new AbortController();
    setState({ status: 'loading' });
    fetchLegalContent(slug, controller.signal).then(
      (html) => setState({ status: 'loaded', html }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('Policy content failed to load', error);
        setState({ status: 'failed' });
      },
    );
    return () => controller.abort();
  }, [slug]);
  return state;
}
