import type { Brand } from '@app/shared/brand';
import type { PolicyDocument, PolicySection } from './policy-document';

/** Escapes text for both element content and double-quoted attribute values. */
export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

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
export function renderPolicyMain(doc: PolicyDocument, brand: Brand, displayDate: string): string {
  return [
    '<main>',
    `<h1>${escapeHtml(doc.title)}</h1>`,
    `<p class="effective-date">${escapeHtml(`Effective date: ${displayDate}`)}</p>`,
    ...doc.sections(brand).map(renderSection),
    '</main>',
  ].join('\n');
}

// Inline so that /legal/<slug>.html stands alone (opened directly, printed or saved) without the
// app's bundle. One readable column; system fonts; colours pass WCAG AA contrast on white.
const PAGE_CSS = [
  '*,*::before,*::after{box-sizing:border-box}',
  'html{-webkit-text-size-adjust:100%;text-size-adjust:100%}',
  'body{margin:0;background:#fff;color:#1d2a30;font:1rem/1.6 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}',
  'main{max-width:44rem;margin:0 auto;padding:2rem 1.25rem 3rem}',
  'h1{margin:0 0 .25rem;font-size:1.75rem;line-height:1.25;color:#0f5e6e}',
  'h2{margin:2rem 0 .5rem;font-size:1.2rem;line-height:1.3;color:#0f5e6e}',
  'p,ul{margin:0 0 1rem}',
  'ul{padding-left:1.25rem}',
  'li{margin:0 0 .35rem}',
  '.effective-date{margin-bottom:1.5rem;color:#4a5a61;font-size:.95rem}',
  '@media (min-width:48rem){main{padding-top:3rem}h1{font-size:2rem}}',
  '@media print{body{color:#000}h1,h2{color:#000}main{max-width:none;padding:0}}',
].join('\n');

/** A complete, standalone HTML5 page for one policy: what the build writes to /legal/<slug>.html. */
export function renderPolicyHtml(doc: PolicyDocument, brand: Brand, displayDate: string): string {
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(`${doc.title} | ${brand.name}`)}</title>`,
    `<meta name="description" content="${escapeHtml(doc.summary)}">`,
    `<style>\n${PAGE_CSS}\n</style>`,
    '</head>',
    '<body>',
    renderPolicyMain(doc, brand, displayDate),
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
