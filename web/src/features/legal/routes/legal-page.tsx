import { LEGAL_DISPLAY_DATE, type LegalDocument } from '@app/shared/constants';
import { POLICY_LOAD_FAILED } from '@app/shared/texts';
import { useSearchParams } from 'react-router';
import LEGAL_INDEX from 'virtual:legal-index';
import { Page } from '../../../components/page';
import { PolicyDialog } from '../../../components/policy-dialog';
import { useHydrated } from '../../../lib/use-hydrated';

/**
 * docs/product.md §2 Legal: the twelve policies, each opened in a modal from its static page. The open
 * policy is kept in the query string (?policy=privacy) so it can be linked to and the Back button
 * closes it.
 */
export function LegalPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  // The pre-rendered page has no query string, so the dialog opens once the page is hydrated.
  const hydrated = useHydrated();
  const openSlug = hydrated ? searchParams.get('policy') : null;
  const open = LEGAL_INDEX.find((doc) => doc.slug === openSlug);

  const show = (slug: LegalDocument | null) =>
    setSearchParams(slug ? { policy: slug } : {}, { preventScrollReset: true });

  return (
    <Page
      title="Legal"
      description="Our policies in plain language: privacy, terms of service, cancellations, refunds, payments, cookies, subscriptions and more."
      heading="Legal"
      lead={`Our policies, written in plain language. Last updated ${LEGAL_DISPLAY_DATE}.`}
    >
      <ul className="card-list policies">
        {LEGAL_INDEX.map((doc) => (
          <li key={doc.slug} className="card policy-card">
            <h2>
              <button type="button" className="link-button" aria-haspopup="dialog" onClick={() => show(doc.slug)}>
                {doc.title}
              </button>
            </h2>
            <p>{doc.summary}</p>
            <p className="fine-print">
              <a href={`/legal/${doc.slug}.html`}>
                Open as a page<span className="visually-hidden">: {doc.title}</span>
              </a>
            </p>
          </li>
        ))}
      </ul>
      {open ? (
        <PolicyDialog slug={open.slug} title={open.title} failureText={POLICY_LOAD_FAILED} onClose={() => show(null)} />
      ) : null}
    </Page>
  );
}
