import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Middleware } from 'koa';
import serve from 'koa-static';
import { isKnownClientRoute } from '@app/shared/routes';

// Paths the app never renders: server endpoints, and assets (a stale chunk must fail cleanly, not get HTML).
const SERVER_PREFIXES = ['/api/', '/assets/', '/healthz', '/readyz', '/metrics', '/admin/queues'];

function isServerPath(p: string): boolean {
  return SERVER_PREFIXES.some((prefix) => p === prefix.replace(/\/$/, '') || p.startsWith(prefix));
}

/**
 * Serves the built single-page app: hashed assets with a long cache, and index.html for
 * every client route. A path that is no route of the app still gets the app (which shows
 * the 404 page) but with HTTP status 404, so crawlers and monitors see the truth.
 */
export async function serveWeb(distDir: string): Promise<Middleware[]> {
  const indexHtml = await readFile(path.join(distDir, 'index.html'), 'utf8');
  const assets = serve(distDir, {
    index: false,
    setHeaders: (res, filePath) => {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      res.setHeader('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
    },
  });
  const spaFallback: Middleware = async (ctx, next) => {
    await next();
    if (ctx.body != null || ctx.status !== 404) return;
    if (!['GET', 'HEAD'].includes(ctx.method) || isServerPath(ctx.path)) return;
    ctx.status = isKnownClientRoute(ctx.path) ? 200 : 404;
    ctx.type = 'html';
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = indexHtml;
  };
  return [spaFallback, assets];
}
