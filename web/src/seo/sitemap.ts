import { escapeHtml } from '@app/shared/escape-html';

/** One address of the sitemap: an absolute URL and the day its content last changed (YYYY-MM-DD). */
export interface SitemapEntry {
  url: string;
  lastmod: string;
}


/** sitemap.xml (sitemaps.org protocol 0.9): the pages search engines should know. */
export function sitemapXml(entries: readonly SitemapEntry[]): string {
  const urls = entries.map((entry) => `  <url>\n    <loc>${escapeHtml(entry.url)}</loc>\n    <lastmod>${entry.lastmod}</lastmod>\n  </url>`);
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...urls, '</urlset>', ''].join('\n');
}

/**
 * robots.txt: every page may be crawled (sign-in, the portal and the staff area say noindex in
 * their X-Robots-Tag, which a crawler can only read if it may fetch them); the API answers no
 * crawler. Names the sitemap.
 */
export function robotsTxt(origin: string): string {
  return ['User-agent: *', 'Disallow: /api/', 'Disallow: /admin/queues', '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
}
