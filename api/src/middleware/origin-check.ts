import type { Middleware } from 'koa';
import { AppError } from '../errors';
import { isWebhookPath } from './webhook-paths';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export const ORIGIN_REFUSED = 'This request did not come from our website.';

/**
 * Cross-site request forgery guard for state-changing requests (defence in depth next to the
 * SameSite=Lax cookie and the JSON-only body, which already forces a CORS preflight we never
 * grant). A browser always sends Origin with a POST, so:
 * - Origin present: it must be the request's own origin or one of `allowedOrigins`, else 403.
 *   'null' (sandboxed frames, privacy redirects) is never allowed.
 * - Origin absent: not a browser (curl, server-to-server, tests), or a very old one; allowed,
 *   unless Fetch Metadata says the request is cross-site.
 * Provider webhooks carry no cookie to forge with and prove themselves by signature: not checked.
 */
export function originCheck(allowedOrigins: readonly string[]): Middleware {
  const allowed = new Set(allowedOrigins);
  return async (ctx, next) => {
    if (STATE_CHANGING.has(ctx.method) && !isWebhookPath(ctx.path)) {
      const origin = ctx.get('origin');
      // Koa 3's ctx.origin is the Origin header itself, so the request's own origin is built here.
      const own = `${ctx.protocol}://${ctx.host}`;
      const refused = origin ? origin !== own && !allowed.has(origin) : ctx.get('sec-fetch-site') === 'cross-site';
      if (refused) throw new AppError(403, 'origin_refused', ORIGIN_REFUSED);
    }
    await next();
  };
}
