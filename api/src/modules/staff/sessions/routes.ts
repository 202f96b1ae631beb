import Router from '@koa/router';
import { z } from 'zod';
import { requireAdmin } from '../../../middleware/session';
import type { ModuleDeps } from '../../registry';
import { customerSessions, revokeSession, revokeStaffSessionById, setStaffAccess, staffSessions } from './service';

const staffAccessSchema = z.object({ disabled: z.boolean() }).strict();

/** Who is signed in: customers' sessions, and (admins only) staff sessions and staff access. */
export function sessionsRoutes(deps: Pick<ModuleDeps, 'db' | 'now'>): Router {
  const router = new Router();

  router.get('/api/internal/admin/sessions', async (ctx) => {
    ctx.body = await customerSessions(deps);
  });

  // Revoking sessions and disabling staff are for admins (STAFF_ADMIN_EMAILS).
  router.delete('/api/internal/admin/sessions/:id', async (ctx) => {
    requireAdmin(ctx);
    await revokeSession(deps, ctx.params.id ?? '');
    ctx.body = { success: true };
  });

  router.get('/api/internal/admin/staff-sessions', async (ctx) => {
    requireAdmin(ctx);
    ctx.body = await staffSessions(deps);
  });

  router.delete('/api/internal/admin/staff-sessions/:id', async (ctx) => {
    requireAdmin(ctx);
    await revokeStaffSessionById(deps, ctx.params.id ?? '');
    ctx.body = { success: true };
  });

  router.post('/api/internal/admin/staff-users/:id/access', async (ctx) => {
    requireAdmin(ctx);
    const { disabled } = staffAccessSchema.parse(ctx.request.body ?? {});
    await setStaffAccess(deps, ctx.params.id ?? '', disabled);
    ctx.body = { success: true, disabled };
  });

  return router;
}
