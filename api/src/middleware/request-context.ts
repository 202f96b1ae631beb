import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import type { Logger } from '@app/runtime/logger';

const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;
const QUIET_PATHS = new Set(['/healthz', '/readyz']);

/**
 * Gives every request an id (the caller's X-Request-Id when it is safe to echo, else a new one),
 * a child logger carrying it, and one log line when the response is done.
 */
export function requestContext(logger: Logger): Middleware {
  return async (ctx, next) => {
    const incoming = ctx.get('x-request-id');
    const requestId = SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
    ctx.state.requestId = requestId;
    ctx.state.log = logger.child({ reqId: requestId });
    ctx.set('X-Request-Id', requestId);
    const started = performance.now();
    try {
      await next();
    } finally {
      const entry = {
        method: ctx.method,
        path: ctx.path,
        status: ctx.status,
        ms: Math.round((performance.now() - started) * 10) / 10,
      };
      if (QUIET_PATHS.has(ctx.path) && ctx.status < 400) ctx.state.log.debug(entry, 'request');
      else ctx.state.log.info(entry, 'request');
    }
  };
}
