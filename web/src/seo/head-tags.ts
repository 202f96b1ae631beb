import type { Company } from '@app/shared/company';
import { escapeHtml } from '@app/shared/escape-html';
import { pageGraph, type PageFacts } from './structured-data';

const meta = (key: 'name' | 'property', name: string, content: string) => `<meta ${key}="${name}" content="${escapeHtml(content)}">`;

/**
 * The head of a pre-rendered page beyond its title and description: the canonical address (or
 * noindex), the share card that link previews show (Open Graph and Twitter/X) and the page's
 * schema.org graph. `indexed: false` marks a page search engines must leave out: it gets noindex
 * and no canonical.
 */
export function headTags(company: Company, facts: PageFacts, indexed: boolean): string {
  const url = `${facts.origin}${facts.path}`;
  // '<' escaped, so no value can close the script element early (a data block: the CSP allows it).
  const jsonLd = JSON.stringify(pageGraph(company, facts)).replace(/</g, '\\u003c');
  return [
    indexed ? `<link rel="canonical" href="${escapeHtml(url)}">` : meta('name', 'robots', 'noindex'),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', company.name),
    meta('property', 'og:locale', 'en_US'),
    meta('property', 'og:url', url),
    meta('property', 'og:title', facts.title),
    meta('property', 'og:description', facts.description),
    meta('property', 'og:image', facts.image.url),
    meta('property', 'og:image:type', 'image/jpeg'),
    meta('property', 'og:image:width', String(facts.image.width)),
    meta('property', 'og:image:height', String(facts.image.height)),
    meta('property', 'og:image:alt', facts.image.alt),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', facts.title),
    meta('name', 'twitter:description', facts.description),
    meta('name', 'twitter:image', facts.image.url),
    meta('name', 'twitter:image:alt', facts.image.alt),
    `<script type="application/ld+json">${jsonLd}</script>`,
  ].join('');
}
