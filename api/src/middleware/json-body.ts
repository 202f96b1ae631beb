import { bodyParser } from '@koa/bodyparser';
import type { Middleware } from 'koa';
import { errors } from '../errors';
import { isRawBodyPath } from './raw-body-paths';
import { isWebhookPath } from './webhook-paths';

const METHODS_WITH_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The API speaks JSON only: a request that carries a body must say application/json
 * (415 otherwise), and the body is capped at `limit` (413). Provider webhooks are the exception:
 * their routes read the form body themselves (webhook-paths.ts), and so do the routes that take
 * raw bytes (raw-body-paths.ts: a cleaner's photo).
 */
export function jsonBody(limit: string): Middleware[] {
  const requireJson: Middleware = async (ctx, next) => {
    if (isWebhookPath(ctx.path) || isRawBodyPath(ctx.path)) return next();
    const hasBody = Number(ctx.get('content-length') || 0) > 0 || ctx.get('transfer-encoding') !== '';
    if (METHODS_WITH_BODY.has(ctx.method) && hasBody && !ctx.is('application/json')) {
      throw errors.unsupportedMediaType();
    }
    await next();
  };
  const parseJson = bodyParser({ enableTypes: ['json'], jsonLimit: limit, encoding: 'utf-8' });
  const parse: Middleware = (ctx, next) => (isWebhookPath(ctx.path) || isRawBodyPath(ctx.path) ? next() : parseJson(ctx, next));
  return [requireJson, parse];
}
