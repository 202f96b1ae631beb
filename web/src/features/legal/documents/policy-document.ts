import type { Company } from '@app/shared/company';
import type { LegalDocumentSlug } from '@app/shared/constants';

/**
 * One heading of a policy with its text. Everything is plain text, never HTML: the renderer
 * escapes it, so a brand value or a stray '<' can never inject markup into /legal/*.html.
 */
export interface PolicySection {
  heading: string;
  paragraphs: readonly string[];
  bullets?: readonly string[];
}

/**
 * A policy shown on the Legal page. Sections take the brand so that the company's names and
 * e-mail come from configuration (shared/src/brand.ts) and are never written into the text.
 */
export interface PolicyDocument {
  slug: LegalDocumentSlug;
  title: string;
  /** One sentence for the page's meta description; no company name, it has no brand. */
  summary: string;
  sections(brand: Company): readonly PolicySection[];
}
