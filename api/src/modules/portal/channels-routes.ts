import Router from '@koa/router';
import { emailChoiceSchema, textsChoiceSchema } from '@app/shared/reach-channels';
import { requireCustomer } from '../../middleware/session';
import type { ModuleDeps } from '../registry';
import { chooseEmail, chooseTexts, reachChannels, sendEmailAgain } from './channels-service';

const NO_STORE = 'private, no-store';
export const CHANNELS_PATH = '/api/portal/channels';

/**
 * The signed-in customer's "How we reach you" (docs/customer-messages.md#channels): 401 without a
 * customer session; every read and change is of the session's own contact (its phone and
 * address), so nothing in the path or body can name another customer's. Each change answers
 * with the channels as they then stand.
 */
export function portalChannelsRoutes(deps: Pick<ModuleDeps, 'db' | 'now' | 'auth'>): Router {
  const router = new Router();

  router.use(async (ctx, next) => {
    await next();
    ctx.set('Cache-Control', NO_STORE);
  });

  router.get(CHANNELS_PATH, async (ctx) => {
    ctx.body = await reachChannels(deps, requireCustomer(ctx).contactId);
  });

  router.put(`${CHANNELS_PATH}/texts`, async (ctx) => {
    const { contactId } = requireCustomer(ctx);
    ctx.body = await chooseTexts(deps, contactId, textsChoiceSchema.parse(ctx.request.body ?? {}));
  });

  router.put(`${CHANNELS_PATH}/email`, async (ctx) => {
    const { contactId } = requireCustomer(ctx);
    ctx.body = await chooseEmail(deps, contactId, emailChoiceSchema.parse(ctx.request.body ?? {}));
  });

  // "Send e-mails to this address again": the bounce that stops them is removed.
  router.delete(`${CHANNELS_PATH}/email/bounce`, async (ctx) => {
    ctx.body = await sendEmailAgain(deps, requireCustomer(ctx).contactId);
  });

  return router;
}
