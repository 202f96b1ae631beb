import type { Company } from '@app/shared/company';
import { LEGAL_DISPLAY_DATE, type LegalDocument } from '@app/shared/constants';
import { POLICY_DOCUMENTS } from './documents/registry';
import { renderPolicyHtml } from './documents/render-policy-html';

export interface LegalPage {
  slug: LegalDocument;
  title: string;
  summary: string;
  /** The standalone page served at /legal/<slug>.html. */
  html: string;
}

/**
 * Every policy as the static page of docs/product.md §2/§7, with the configured company and the displayed date.
 * Runs at build time and in the dev server (web/vite-plugin-legal-pages.ts), never in the browser.
 */
export function renderLegalPages(company: Company): LegalPage[] {
  return POLICY_DOCUMENTS.map((doc) => ({
    slug: doc.slug,
    title: doc.title,
    summary: doc.summary,
    html: renderPolicyHtml(doc, company, LEGAL_DISPLAY_DATE),
  }));
}
