import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { SCHEMA_ORG_GRAPH } from '../../web/src/seo/schema-org.schema';
import { appUrl } from '../src/app-url';

// What a crawler gets from the built site as the api serves it (web/src/seo, api/src/web/serve-web.ts).
const INDEXED = ['/', '/about', '/pricing', '/team', '/careers', '/legal', '/terms', '/contact', '/comingsoon'];
const NOT_INDEXED = ['/login', '/portal', '/admin/login', '/admin/dashboard', '/admin/ScheduledSnapshot', '/booking/confirmation', '/checkout-success'];

const get = async (path: string) => {
  const res = await fetch(appUrl(path));
  expect(res.status, path).toBe(200);
  return { res, text: await res.text() };
};

describe('search engines', () => {
  it('find the sitemap through robots.txt, and in it every public page and policy with a date', async () => {
    const robots = (await get('/robots.txt')).text;
    expect(robots).not.toMatch(/Disallow: \/(portal|login|admin\/(?!queues))/);
    const sitemapUrl = /^Sitemap: (\S+)$/m.exec(robots)?.[1] ?? '';
    const origin = new URL(sitemapUrl).origin;
    expect(new URL(sitemapUrl).pathname).toBe('/sitemap.xml');

    const { res, text } = await get('/sitemap.xml');
    expect(res.headers.get('content-type')).toContain('xml');
    const entries = [...text.matchAll(/<url>\s*<loc>([^<]+)<\/loc>\s*<lastmod>(\d{4}-\d{2}-\d{2})<\/lastmod>\s*<\/url>/g)].map((m) => ({ url: m[1]!, lastmod: m[2]! }));
    expect(entries.filter((e) => !e.url.includes('/legal/')).map((e) => e.url)).toEqual(INDEXED.map((path) => `${origin}${path}`));
    const policies = entries.filter((e) => e.url.includes('/legal/'));
    expect(policies).toHaveLength(12);
    expect(policies).toContainEqual({ url: `${origin}/legal/privacy.html`, lastmod: '2025-06-23' });
    // Every address listed answers.
    for (const { url } of policies.slice(0, 2)) expect((await fetch(appUrl(new URL(url).pathname))).status, url).toBe(200);
  });

  it('read on every public page its canonical address, its share card and valid structured data', async () => {
    const validate = new Ajv2020({ allErrors: true, strict: true }).compile(SCHEMA_ORG_GRAPH);
    for (const path of INDEXED) {
      const { res, text } = await get(path);
      expect(res.headers.get('x-robots-tag'), path).toBeNull();
      const canonical = /<link rel="canonical" href="([^"]+)">/.exec(text)?.[1] ?? '';
      expect(new URL(canonical).pathname, path).toBe(path);
      const image = /<meta property="og:image" content="([^"]+)">/.exec(text)?.[1] ?? '';
      const card = await fetch(appUrl(new URL(image).pathname));
      expect([card.status, card.headers.get('content-type')], path).toEqual([200, 'image/jpeg']);
      const graph = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(text)?.[1] ?? 'null') as unknown;
      validate(graph);
      expect(validate.errors ?? [], path).toEqual([]);
    }
  });

  it('are told to leave sign-in, the portal, the staff area and the after-request pages out', async () => {
    for (const path of NOT_INDEXED) {
      const { res, text } = await get(path);
      expect(res.headers.get('x-robots-tag'), path).toBe('noindex');
      expect(text, path).not.toContain('rel="canonical"');
    }
  });
});
