import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { App } from './app/app';
import { pageFor } from './app/routes';
import { collectHead, type HeadData } from './lib/head';
import { DEFAULT_DESCRIPTION, DEFAULT_TITLE } from './lib/site';

export { PRERENDER_ROUTES } from './app/prerender-routes';
// Build-time only (the pre-render): what search engines and link previews read of each page.
export { isIndexed, legalPageEntries, robotsTxt, seoHead, sitemapXml } from './seo/page-seo';

export interface RenderedPage {
  /** Markup of the #root element's content. */
  html: string;
  head: HeadData;
}

/**
 * Renders one path to HTML at build time (vite-plugin-prerender.ts): the complete page, never a
 * loading state. Same tree as app/boot.tsx (StrictMode > router > App), so the browser can hydrate
 * it (boot.tsx loads the page's code before hydrating, as here).
 */
export async function render(path: string): Promise<RenderedPage> {
  // Loaded first, so the page renders in place instead of behind a Suspense placeholder.
  await pageFor(path).preload();
  let head: HeadData = { title: DEFAULT_TITLE, description: DEFAULT_DESCRIPTION };
  collectHead((found) => (head = found));
  try {
    const { prelude } = await prerenderToNodeStream(
      <StrictMode>
        <StaticRouter location={path}>
          <App />
        </StaticRouter>
      </StrictMode>,
      // React moves a large Suspense boundary's content out of place (behind a swap script) so a
      // stream can paint early; static pages gain nothing from that and must read without scripts.
      { progressiveChunkSize: Number.POSITIVE_INFINITY },
    );
    // Joined as bytes: a chunk boundary may fall inside a multi-byte character.
    const chunks: Buffer[] = [];
    for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
    return { html: Buffer.concat(chunks).toString('utf8'), head };
  } finally {
    collectHead(null);
  }
}
