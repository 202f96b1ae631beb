import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { App } from './app/app';
import { collectHead, type HeadData } from './lib/head';
import { DEFAULT_DESCRIPTION, DEFAULT_TITLE } from './lib/site';

export { PRERENDER_ROUTES } from './app/prerender-routes';

export interface RenderedPage {
  /** Markup of the #root element's content. */
  html: string;
  head: HeadData;
}

/**
 * Renders one path to HTML at build time (vite-plugin-prerender.ts). `prerender` waits for every
 * lazy page to load, so the output is the complete page, never a loading state. Same tree as
 * main.tsx (StrictMode > router > App), so the browser can hydrate it.
 */
export async function render(path: string): Promise<RenderedPage> {
  let head: HeadData = { title: DEFAULT_TITLE, description: DEFAULT_DESCRIPTION };
  collectHead((found) => (head = found));
  try {
    const { prelude } = await prerenderToNodeStream(
      <StrictMode>
        <StaticRouter location={path}>
          <App />
        </StaticRouter>
      </StrictMode>,
    );
    // Joined as bytes: a chunk boundary may fall inside a multi-byte character.
    const chunks: Buffer[] = [];
    for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
    return { html: Buffer.concat(chunks).toString('utf8'), head };
  } finally {
    collectHead(null);
  }
}
