import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { App } from './app/app';
import { pageFor } from './app/routes';
import { collectHead, type HeadData } from './lib/head';
import { DEFAULT_DESCRIPTION, DEFAULT_TITLE } from './lib/site';

export { APP_FRAME_PATHS, PRERENDER_ROUTES } from './app/prerender-routes';
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
  return renderApp(path, false);
}

/**
 * The frame the browser paints before the app's code arrives on the pages it renders itself
 * (booking, sign-in, the portal, the staff area): header or none, the loading line, the cookie
 * notice. The app replaces it (app/boot.tsx) instead of hydrating it.
 */
export function renderFrame(path: string): Promise<RenderedPage> {
  return renderApp(path, true);
}

async function renderApp(path: string, frame: boolean): Promise<RenderedPage> {
  let head: HeadData = { title: DEFAULT_TITLE, description: DEFAULT_DESCRIPTION };
  collectHead((found) => (head = found));
  try {
    const { prelude } = await prerenderToNodeStream(
      <StrictMode>
        <StaticRouter location={path}>
          <App frame={frame} />
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
