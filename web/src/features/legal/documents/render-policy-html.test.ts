import { LEGAL_DISPLAY_DATE } from '@app/shared/constants';
import { describe, expect, it } from 'vitest';
import type { PolicyDocument } from './policy-document';
import { findPolicyDocument, POLICY_DOCUMENTS } from './registry';
import { escapeHtml } from '@app/shared/escape-html';
import { renderPolicyHtml, renderPolicyMain } from './render-policy-html';
import { testCompany } from './test-company';

const brand = testCompany();

const sample: PolicyDocument = {
  slug: 'terms',
  title: 'Sample & "Quoted" Terms',
  summary: 'A <summary> with "quotes" & ampersands.',
  sections: (b) => [
    { heading: 'First', paragraphs: [`By ${b.legalName}.`, 'Second paragraph.'] },
    { heading: 'Second <b>', paragraphs: ['Intro:'], bullets: ['One', 'Two & three'] },
  ],
};

const count = (html: string, pattern: RegExp): number => html.match(pattern)?.length ?? 0;

const VOID_ELEMENTS = new Set(['meta', 'link', 'br', 'hr', 'img', 'input']);

/** Checks that every element is closed in the right order: enough for "well formed" here. */
function unbalancedTags(html: string): string[] {
  const stack: string[] = [];
  const problems: string[] = [];
  const body = html.replace(/<!doctype html>/i, '').replace(/<style>[\s\S]*?<\/style>/, '<style></style>');
  for (const match of body.matchAll(/<(\/?)([a-z][a-z0-9]*)\b[^>]*>/gi)) {
    const [, closing, rawName] = match;
    const name = (rawName ?? '').toLowerCase();
    if (VOID_ELEMENTS.has(name)) continue;
    if (!closing) stack.push(name);
    else if (stack.pop() !== name) problems.push(`unexpected </${name}>`);
  }
  return [...problems, ...stack.map((name) => `unclosed <${name}>`)];
}

describe('escapeHtml', () => {
  it('escapes the five characters that matter in text and attributes', () => {
    expect(escapeHtml(`<a href="x">Tom & Jerry's</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;',
    );
  });
});

describe('renderPolicyHtml', () => {
  const html = renderPolicyHtml(sample, brand, LEGAL_DISPLAY_DATE);

  it('is a complete HTML5 page with language, charset, viewport, title and description', () => {
    expect(html.startsWith('<!doctype html>\n<html lang="en">')).toBe(true);
    expect(html).toContain('<meta charset="utf-8">');
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(html).toContain('<title>Sample &amp; &quot;Quoted&quot; Terms | Test Co</title>');
    expect(html).toContain(
      '<meta name="description" content="A &lt;summary&gt; with &quot;quotes&quot; &amp; ampersands.">',
    );
    expect(html).toContain('<style>');
    expect(html.trimEnd().endsWith('</html>')).toBe(true);
  });

  it('holds exactly the main markup of renderPolicyMain inside the body', () => {
    const main = renderPolicyMain(sample, brand, LEGAL_DISPLAY_DATE);
    expect(html).toContain(`<body>\n${main}\n</body>`);
  });

  it('renders title, effective date and sections in order inside one main', () => {
    const main = renderPolicyMain(sample, brand, LEGAL_DISPLAY_DATE);
    expect(main).toBe(
      [
        '<main>',
        '<h1>Sample &amp; &quot;Quoted&quot; Terms</h1>',
        '<p class="effective-date">Effective date: June 23, 2025</p>',
        '<h2>First</h2>',
        '<p>By Test Co LLC.</p>',
        '<p>Second paragraph.</p>',
        '<h2>Second &lt;b&gt;</h2>',
        '<p>Intro:</p>',
        '<ul>',
        '  <li>One</li>',
        '  <li>Two &amp; three</li>',
        '</ul>',
        '</main>',
      ].join('\n'),
    );
  });

  it('takes the effective date from the caller', () => {
    expect(renderPolicyMain(sample, brand, 'July 1, 2026')).toContain('Effective date: July 1, 2026');
  });

  it('escapes a hostile brand everywhere it appears', () => {
    const hostile = testCompany({ name: '<script>alert(1)</script>', legalName: 'Evil & Co <script>x()</script>' });
    for (const doc of POLICY_DOCUMENTS) {
      const page = renderPolicyHtml(doc, hostile, LEGAL_DISPLAY_DATE);
      expect(page, doc.slug).not.toContain('<script');
      expect(page, doc.slug).toContain('Evil &amp; Co &lt;script&gt;x()&lt;/script&gt;');
    }
    const privacy = renderPolicyHtml(findPolicyDocument('privacy') ?? sample, hostile, LEGAL_DISPLAY_DATE);
    expect(privacy).toContain('<title>Privacy Policy | &lt;script&gt;alert(1)&lt;/script&gt;</title>');
  });
});

describe.each(POLICY_DOCUMENTS.map((d) => [d.slug, d] as const))('%s page', (_slug, doc) => {
  const html = renderPolicyHtml(doc, brand, LEGAL_DISPLAY_DATE);
  const sections = doc.sections(brand);

  it('is well formed: one main, one h1, one h2 per section, balanced tags', () => {
    expect(count(html, /<main>/g)).toBe(1);
    expect(count(html, /<\/main>/g)).toBe(1);
    expect(count(html, /<h1>/g)).toBe(1);
    expect(count(html, /<h2>/g)).toBe(sections.length);
    expect(count(html, /<li>/g)).toBe(sections.reduce((n, s) => n + (s.bullets?.length ?? 0), 0));
    expect(unbalancedTags(html)).toEqual([]);
  });

  it('shows the title, then the effective date line, then the sections', () => {
    const h1 = html.indexOf(`<h1>${escapeHtml(doc.title)}</h1>`);
    const date = html.indexOf('<p class="effective-date">Effective date: June 23, 2025</p>');
    const firstH2 = html.indexOf('<h2>');
    expect(h1).toBeGreaterThan(html.indexOf('<main>'));
    expect(date).toBeGreaterThan(h1);
    expect(firstH2).toBeGreaterThan(date);
    expect(html).toContain(`<title>${escapeHtml(doc.title)} | Test Co</title>`);
  });
});
