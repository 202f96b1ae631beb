import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Context, Middleware } from 'koa';
import serve from 'koa-static';
import { APP_FRAME_NAMES, appFrameOf, isKnownClientRoute, isNotIndexedRoute, NOINDEX, QUEUE_DASHBOARD_PATH, type AppFrame } from '@app/shared/routes';

// Paths the app never renders: server endpoints, and assets (a stale chunk must fail cleanly, not get HTML).
const SERVER_PREFIXES = ['/api/', '/assets/', '/healthz', '/readyz', '/metrics', QUEUE_DASHBOARD_PATH];
/** Folder of web/dist with the pre-rendered pages (see web/vite-plugin-prerender.ts). */
const PRERENDERED_DIR = 'prerendered';
/** Folder of web/dist with the frames of the pages the browser renders (site.html, staff.html). */
const FRAMES_DIR = 'frames';
/** The pre-rendered not-found page, served with status 404 for paths that are no route. */
const NOT_FOUND_FILE = '404';

function isServerPath(p: string): boolean {
  return SERVER_PREFIXES.some((prefix) => p === prefix.replace(/\/$/, '') || p.startsWith(prefix));
}

/** A page's HTML and the build's compressed copies of it (dev/src/precompress-web.ts), when there. */
interface PageFile {
  html: string;
  br?: Buffer;
  gzip?: Buffer;
}

async function readPage(file: string): Promise<PageFile> {
  const copy = (ext: string) => readFile(`${file}.${ext}`).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  const [html, br, gzip] = await Promise.all([readFile(file, 'utf8'), copy('br'), copy('gz')]);
  return { html, ...(br ? { br } : {}), ...(gzip ? { gzip } : {}) };
}

/** Route path → pre-rendered page: `index.html` is `/`, `about.html` is `/about`, and so on. */
async function readPrerendered(distDir: string): Promise<Map<string, PageFile>> {
  const dir = path.join(distDir, PRERENDERED_DIR);
  const files = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    // A build without pre-rendering (or an older one) still works: every route gets the shell.
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  const pages = new Map<string, PageFile>();
  for (const file of files.filter((f) => f.endsWith('.html'))) {
    const name = file.slice(0, -'.html'.length);
    pages.set(name === 'index' ? '/' : name === NOT_FOUND_FILE ? NOT_FOUND_FILE : `/${name}`, await readPage(path.join(dir, file)));
  }
  return pages;
}

/** Each frame's page, or the bare app shell when the build has none (an older build). */
async function readFrames(distDir: string, shell: PageFile): Promise<Record<AppFrame, PageFile>> {
  const read = (frame: AppFrame) =>
    readPage(path.join(distDir, FRAMES_DIR, `${frame}.html`)).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return shell;
      throw error;
    });
  const pages = await Promise.all(APP_FRAME_NAMES.map(async (frame) => [frame, await read(frame)] as const));
  return Object.fromEntries(pages) as Record<AppFrame, PageFile>;
}

/** The page in the best encoding the browser takes: the build's Brotli or gzip copy, else the HTML itself. */
function sendPage(ctx: Context, page: PageFile): void {
  ctx.type = 'html';
  ctx.vary('Accept-Encoding');
  const encoding = ctx.acceptsEncodings(...(page.br ? ['br'] : []), ...(page.gzip ? ['gzip'] : []), 'identity');
  const body = encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : undefined;
  if (body) {
    ctx.set('Content-Encoding', encoding as string);
    ctx.body = body;
  } else {
    ctx.body = page.html;
  }
}

/**
 * Serves the built single-page app: hashed assets with a long cache, the pre-rendered HTML of a
 * marketing page for its path (crawlers and the first paint get real content; the app then
 * hydrates it), and for every other client route the app shell in its area's pre-rendered frame. A path that is no route of the
 * app gets the not-found page with HTTP status 404, so crawlers and monitors see the truth.
 */
export async function serveWeb(distDir: string): Promise<Middleware[]> {
  const shell = await readPage(path.join(distDir, 'index.html'));
  const prerendered = await readPrerendered(distDir);
  const frames = await readFrames(distDir, shell);
  const assets = serve(distDir, {
    index: false,
    // The build's .br / .gz copies (dev/src/precompress-web.ts), for browsers that accept them.
    brotli: true,
    gzip: true,
    setHeaders: (res, filePath) => {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      res.setHeader('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
      res.setHeader('Vary', 'Accept-Encoding');
    },
  });
  const spaFallback: Middleware = async (ctx, next) => {
    // The pre-rendered files are served only under their routes, never under their file names.
    if (ctx.path.startsWith(`/${PRERENDERED_DIR}/`) || ctx.path.startsWith(`/${FRAMES_DIR}/`)) return;
    await next();
    if (ctx.body != null || ctx.status !== 404) return;
    if (!['GET', 'HEAD'].includes(ctx.method) || isServerPath(ctx.path)) return;
    const known = isKnownClientRoute(ctx.path);
    const route = ctx.path.length > 1 ? ctx.path.replace(/\/$/, '') : ctx.path;
    ctx.status = known ? 200 : 404;
    ctx.set('Cache-Control', 'no-cache');
    // Sign-in, the portal and the staff area stay out of search results (robots.txt lets crawlers read this).
    if (known && isNotIndexedRoute(route)) ctx.set('X-Robots-Tag', NOINDEX);
    sendPage(ctx, (known ? (prerendered.get(route) ?? frames[appFrameOf(route)]) : prerendered.get(NOT_FOUND_FILE)) ?? shell);
  };
  return [spaFallback, assets];
}
