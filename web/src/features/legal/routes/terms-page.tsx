import { CLIENT_ROUTES } from '@app/shared/routes';
import { CONTENT_LOAD_FAILED } from '@app/shared/texts';
import { Link } from 'react-router';
import LEGAL_INDEX from 'virtual:legal-index';
import { Page } from '../../../components/page';
import { useLegalContent } from '../../../lib/use-legal-content';

const TERMS = LEGAL_INDEX.find((doc) => doc.slug === 'terms');

/** /terms: the terms of service on a page of their own, loaded from /legal/terms.html. */
export function TermsPage() {
  const content = useLegalContent('terms');
  return (
    <Page
      title={TERMS?.title ?? 'Terms of Service'}
      description={TERMS?.summary ?? 'The terms that apply when you book a cleaning with us.'}
      heading={TERMS?.title ?? 'Terms of Service'}
    >
      {content.status === 'loading' ? <p className="page-loading">Loading…</p> : null}
      {content.status === 'failed' ? (
        <p className="alert" role="alert">
          {CONTENT_LOAD_FAILED}
        </p>
      ) : null}
      {content.status === 'loaded' ? (
        <div className="policy-content prose" dangerouslySetInnerHTML={{ __html: content.html }} />
      ) : null}
      <p className="section">
        All our policies are on the <Link to={CLIENT_ROUTES.legal}>Legal</Link> page.
      </p>
    </Page>
  );
}
