import Router from '@koa/router';
import type { Context } from 'koa';
import { dealOfTipToken } from '@app/runtime/tips/tip-token';
import { TIP_CLOSED, TIP_LIMIT_REACHED, TIP_LINK_INVALID, tipRequestSchema } from '@app/shared/tips';
import { errors } from '../../errors';
import { publicPostGuards } from '../../middleware/public-post';
import type { ModuleDeps } from '../registry';
import { giveTip, readTip, readTipOffer } from './repository';

export const TIPS_PATH = '/api/tips';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const closed = () => errors.conflictOn('t', 'tips_closed', TIP_CLOSED);
const invalidLink = () => errors.validation('t', TIP_LINK_INVALID);

/**
 * A cleaning's tip for its cleaner (docs/payments.md#tips), from the link a text or an e-mail
 * gave: no session, the link's token (an HMAC of the deal's id) is its authority.
 * GET /api/tips?t= what the page shows; POST /api/tips { t, tipId, cents } gives it (202, the
 * same tip again for the same tipId); GET /api/tips/:tipId?t= its state, with its payment page
 * once HubSpot has it.
 */
export function tipsRoutes(deps: Pick<ModuleDeps, 'db' | 'outbox' | 'now' | 'auth' | 'publicPosts'>): Router {
  const router = new Router();
  const dealOf = (token: unknown): string => {
    const dealId = typeof token === 'string' ? dealOfTipToken(deps.auth.otpSecret, token) : null;
    if (!dealId) throw invalidLink();
    return dealId;
  };
  const noStore = (ctx: Context) => ctx.set('Cache-Control', 'no-store');

  router.get(TIPS_PATH, async (ctx) => {
    noStore(ctx);
    const found = await readTipOffer(deps.db, dealOf(ctx.query.t), deps.now());
    if (found.kind !== 'open') throw found.kind === 'closed' ? closed() : invalidLink();
    ctx.body = found.offer;
  });

  const guards = publicPostGuards(deps.db, deps.publicPosts, 'tip.give');
  router.post(TIPS_PATH, guards.rateLimit, async (ctx) => {
    noStore(ctx);
    const input = tipRequestSchema.parse(ctx.request.body ?? {});
    const outcome = await giveTip(deps.db, { dealId: dealOf(input.t), tipId: input.tipId, cents: input.cents }, deps.now());
    if (outcome.kind !== 'given') {
      if (outcome.kind === 'limit') throw errors.conflictOn('cents', 'tip_limit', TIP_LIMIT_REACHED);
      throw outcome.kind === 'closed' ? closed() : invalidLink();
    }
    if (outcome.created) deps.outbox.notify();
    ctx.status = 202;
    ctx.body = outcome.tip;
  });

  router.get(`${TIPS_PATH}/:tipId`, async (ctx) => {
    noStore(ctx);
    const dealId = dealOf(ctx.query.t);
    const tipId = ctx.params.tipId ?? '';
    const tip = UUID.test(tipId) ? await readTip(deps.db, dealId, tipId) : null;
    if (!tip) throw errors.notFound('We could not find that tip.');
    ctx.body = tip;
  });
  return router;
}
