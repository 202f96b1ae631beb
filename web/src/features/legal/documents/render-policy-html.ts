import type { Company } from '@app/shared/company';
import { LEGAL_PAGE_STYLE } from '@app/shared/legal-page-style';
import { escapeHtml } from '@app/shared/escape-html';
import type { PolicyDocument, PolicySection } from './policy-document';

function renderSection(section: PolicySection): string {
  const parts = [`<h2>${escapeHtml(section.heading)}</h2>`];
  for (const paragraph of section.paragraphs) parts.push(`<p>${escapeHtml(paragraph)}</p>`);
  if (section.bullets && section.bullets.length > 0) {
    const items = section.bullets.map((bullet) => `  <li>${escapeHtml(bullet)}</li>`);
    parts.push(['<ul>', ...items, '</ul>'].join('\n'));
  }
  return parts.join('\n');
}

/**
 * Just the <main> of a policy page. The Legal modal shows the contents of this element, so
 * everything a reader needs (title, effective date, sections) is inside it and nothing relies
 * on the page's own stylesheet.
 */
export function renderPolicyMain(doc: PolicyDocument, brand: Company, displayDate: string): string {
  return [
    '<main>',
    `<h1>${escapeHtml(doc.title)}</h1>`,
    `<p class="effective-date">${escapeHtml(`Effective date: ${displayDate}`)}</p>`,
    ...doc.sections(brand).map(renderSection),
    '</main>',
  ].join('\n');
}

/** A complete, standalone HTML5 page for one policy: what the build writes to /legal/<slug>.html. */
export function renderPolicyHtml(doc: PolicyDocument, brand: Company, displayDate: string): string {
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(`${doc.title} | ${brand.name}`)}</title>`,
    `<meta name="description" content="${escapeHtml(doc.summary)}">`,
    `<style>${LEGAL_PAGE_STYLE}</style>`,
    '</head>',
    '<body>',
    renderPolicyMain(doc, brand, displayDate),
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
