import Router from '@koa/router';
import { revealReasonSchema } from '@app/shared/home-profile';
import { isStaffAdmin, requireAdmin } from '../../middleware/session';
import type { ModuleDeps } from '../registry';
import { revealForAdmin, staffHomeProfile } from './service';

/**
 * A customer's home profile on the staff customer page (docs/home-profile.md), mounted in the
 * staff router (signed-in staff only, never cached). Staff see each secret's label and that it
 * is set; only an admin reveals a value, with a reason, and each reveal is recorded.
 */
export function homeProfileStaffRoutes(deps: Pick<ModuleDeps, 'db' | 'now' | 'homeSecrets'>): Router {
  const router = new Router();

  router.get('/api/internal/admin/customers/:id/home-profile', async (ctx) => {
    ctx.body = await staffHomeProfile(deps, ctx.params.id ?? '', isStaffAdmin(ctx));
  });

  router.post('/api/internal/admin/customers/:id/home-profile/secrets/:secretId/reveal', async (ctx) => {
    // The role first: a staff member who is not an admin learns nothing, not even whether the reason would do.
    const admin = requireAdmin(ctx);
    const { reason } = revealReasonSchema.parse(ctx.request.body ?? {});
    ctx.body = await revealForAdmin(deps, { contactId: ctx.params.id ?? '', secretId: ctx.params.secretId ?? '', adminEmail: admin.email, reason });
  });

  return router;
}
