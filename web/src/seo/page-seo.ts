import { LEGAL_DISPLAY_DATE, LEGAL_DOCUMENTS } from '@app/shared/constants';
import { isNotIndexedRoute } from '@app/shared/routes';
import images from 'virtual:images';
import shareCards from 'virtual:share-cards';
import type { PrerenderRoute } from '../app/prerender-routes';
import { COMPANY } from '../lib/company';
import type { HeadData } from '../lib/head';
import { headTags } from './head-tags';
import type { SitemapEntry } from './sitemap';

export { robotsTxt, sitemapXml } from './sitemap';

/** Whether a pre-rendered page belongs in search results and the sitemap (the not-found page does not). */
export function isIndexed(route: PrerenderRoute): boolean {
  return route.file !== '404' && !isNotIndexedRoute(route.path);
}

/** The canonical link or noindex, share card and structured data of one pre-rendered page. */
export function seoHead(route: PrerenderRoute, head: HeadData, origin: string): string {
  const { src, width, height } = shareCards[route.shareImage];
  const image = { url: `${origin}${src}`, width, height, alt: images[route.shareImage].alt };
  const facts = { origin, path: route.path, title: head.title, description: head.description, image, ...(head.pageTitle ? { pageTitle: head.pageTitle } : {}) };
  return headTags(COMPANY, facts, isIndexed(route));
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** 'June 23, 2025' → '2025-06-23'. */
function isoDate(displayed: string): string {
  const match = /^([A-Z][a-z]+) (\d{1,2}), (\d{4})$/.exec(displayed);
  const month = match ? MONTHS.indexOf(match[1]!) + 1 : 0;
  if (!match || month === 0) throw new Error(`Not a date in the form June 23, 2025: ${displayed}`);
  return `${match[3]}-${String(month).padStart(2, '0')}-${match[2]!.padStart(2, '0')}`;
}

/** The standalone policy pages (/legal/<slug>.html), dated by their effective date. */
export function legalPageEntries(origin: string): SitemapEntry[] {
  const lastmod = isoDate(LEGAL_DISPLAY_DATE);
  return LEGAL_DOCUMENTS.map((slug) => ({ url: `${origin}/legal/${slug}.html`, lastmod }));
}
