import Router from '@koa/router';
import type { Middleware } from 'koa';
import { subscribeSchema, waitlistSchema } from '@app/shared/subscribe';
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

/**
 * POST /api/subscribe (docs/product.md §7): the pre-launch notify-me form, for zips we serve.
 * POST /api/waitlist: the same signup for a zip we do not serve yet (the home zip checker leads
 * there). Both answer 201 { success: true } and keep one signup per e-mail.
 */
export function signupRoutes(deps: ModuleDeps): Router {
  const router = new Router({ prefix: '/api' });
  for (const [path, schema, scope] of [
    ['/subscribe', subscribeSchema, 'notify.signup'],
    ['/waitlist', waitlistSchema, 'waitlist.signup'],
  ] as const) {
    const guards = publicPostGuards(deps.db, deps.publicPosts, scope);
    router.post(path, guards.rateLimit, dropBots, guards.idempotency, async (ctx) => {
      const signup = schema.parse(ctx.request.body ?? {});
      await subscribe(deps, signup);
      ctx.status = 201;
      ctx.body = SUBSCRIBED;
    });
  }
  return router;
}
