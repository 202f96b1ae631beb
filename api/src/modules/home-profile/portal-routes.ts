import Router from '@koa/router';
import { homeProfileSchema, homeSecretSchema } from '@app/shared/home-profile';
import { requireCustomer } from '../../middleware/session';
import type { ModuleDeps } from '../registry';
import { addSecret, homeProfile, removeSecret, replaceSecretValue, updateHomeProfile } from './service';

const NO_STORE = 'private, no-store';
const PATH = '/api/portal/home-profile';

/**
 * The signed-in customer's home profile (docs/home-profile.md): 401 without a customer session,
 * scoped to the session's contact, so another customer's secret id is a 404. No answer carries a
 * secret's value: after saving, the customer sees its label and that it is set.
 */
export function homeProfilePortalRoutes(deps: Pick<ModuleDeps, 'db' | 'now' | 'homeSecrets'>): Router {
  const router = new Router();

  router.use(async (ctx, next) => {
    await next();
    ctx.set('Cache-Control', NO_STORE);
  });

  router.get(PATH, async (ctx) => {
    ctx.body = await homeProfile(deps, requireCustomer(ctx).contactId);
  });

  router.put(PATH, async (ctx) => {
    const { contactId } = requireCustomer(ctx);
    const fields = homeProfileSchema.parse(ctx.request.body ?? {});
    ctx.body = await updateHomeProfile(deps, contactId, fields);
  });

  router.post(`${PATH}/secrets`, async (ctx) => {
    const { contactId } = requireCustomer(ctx);
    const input = homeSecretSchema.parse(ctx.request.body ?? {});
    ctx.status = 201;
    ctx.body = { success: true, secret: await addSecret(deps, contactId, input) };
  });

  router.put(`${PATH}/secrets/:id`, async (ctx) => {
    const { contactId } = requireCustomer(ctx);
    const input = homeSecretSchema.parse(ctx.request.body ?? {});
    await replaceSecretValue(deps, contactId, ctx.params.id ?? '', input);
    ctx.body = { success: true };
  });

  router.delete(`${PATH}/secrets/:id`, async (ctx) => {
    await removeSecret(deps, requireCustomer(ctx).contactId, ctx.params.id ?? '');
    ctx.body = { success: true };
  });

  return router;
}
