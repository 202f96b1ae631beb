import Router from '@koa/router';
import type { Middleware } from 'koa';
import { subscribeSchema } from '@app/shared/subscribe';
import { publicPostGuards } from '../../middleware/public-post';
import type { ModuleDeps } from '../registry';
import { subscribe } from './service';

const SUBSCRIBED = { success: true } as const;

/**
 * The honeypot (`website`, a field people never see) is filled: a bot. It gets the normal
 * success answer, so it learns nothing, and nothing is written: checked before validation
 * (a 400 would tell it what to fix) and before the Idempotency-Key (no key row either).
 */
const dropBots: Middleware = async (ctx, next) => {
  const body: unknown = ctx.request.body;
  const website = typeof body === 'object' && body !== null ? (body as { website?: unknown }).website : undefined;
  if (website != null && !(typeof website === 'string' && website.trim() === '')) {
    ctx.state.log?.info('notify signup dropped: honeypot filled');
    ctx.status = 201;
    ctx.body = SUBSCRIBED;
    return;
  }
  await next();
};

/** POST /api/subscribe (spec §7): the pre-launch notify-me form. Answers 201 { success: true }. */
export function subscribeRoutes(deps: ModuleDeps): Router {
  const guards = publicPostGuards(deps.db, deps.publicPosts, 'notify.signup');
  const router = new Router({ prefix: '/api' });
  router.post('/subscribe', guards.rateLimit, dropBots, guards.idempotency, async (ctx) => {
    const signup = subscribeSchema.parse(ctx.request.body ?? {});
    await subscribe(deps, signup);
    ctx.status = 201;
    ctx.body = SUBSCRIBED;
  });
  return router;
}
