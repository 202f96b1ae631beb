import type { Context, Middleware } from 'koa';
import { errors } from '../errors';
import { clientIp } from './client-ip';

export interface RateLimitSettings {
  /** Requests allowed per client address in one window; 0 turns the limit off. */
  max: number;
  windowMs: number;
  /** Proxies in front of the API whose X-Forwarded-For entries we believe (see clientIp). */
  trustedProxyHops: number;
}

interface Window {
  startedAt: number;
  count: number;
}

/**
 * Fixed-window limit per client address for one route family (e.g. the booking form).
 *
 * The counters live in this API process: with several API processes a client gets `max`
 * per process. That is enough against a script hammering a form from one address, costs no
 * round trip on the hot path (the intake benchmark), and needs nothing when Redis is down;
 * a shared store is the upgrade if we ever run many API processes.
 * Over the limit: Retry-After (seconds) and 429 { error, code: 'rate_limited' }, or whatever
 * `onLimited` answers instead (a browser navigation wants a page, not JSON).
 */
export function rateLimit(
  settings: RateLimitSettings,
  options: { clock?: () => number; onLimited?: (ctx: Context) => void } = {},
): Middleware {
  const { clock = Date.now, onLimited = () => { throw errors.tooManyRequests(); } } = options;
  const windows = new Map<string, Window>();
  let lastSweep = clock();

  // Forget finished windows once per window, so memory follows the clients of one window.
  const sweep = (now: number) => {
    if (now - lastSweep < settings.windowMs) return;
    lastSweep = now;
    for (const [ip, w] of windows) if (now - w.startedAt >= settings.windowMs) windows.delete(ip);
  };

  return async (ctx, next) => {
    if (settings.max <= 0) return next();
    const now = clock();
    sweep(now);
    const ip = clientIp(ctx, settings.trustedProxyHops);
    let w = windows.get(ip);
    if (!w || now - w.startedAt >= settings.windowMs) {
      w = { startedAt: now, count: 0 };
      windows.set(ip, w);
    }
    w.count += 1;
    if (w.count > settings.max) {
      ctx.set('Retry-After', String(Math.max(1, Math.ceil((w.startedAt + settings.windowMs - now) / 1000))));
      return onLimited(ctx);
    }
    await next();
  };
}
