import Router from '@koa/router';
import { teamMemberCreateSchema, teamMemberUpdateSchema } from '@app/shared/staff-admin';
import { requireStaff } from '../../middleware/session';
import type { ModuleDeps } from '../registry';
import { createTeamMember, editTeamMember, listManagedTeam, listPublicTeam } from './service';

/**
 * GET /api/team: the enabled members the public Team page shows (it changes rarely, so caches may
 * keep it for a minute). Staff add, edit and hide members under /api/internal/admin/team.
 */
export function teamRoutes(deps: Pick<ModuleDeps, 'db'>): Router {
  const router = new Router({ prefix: '/api' });
  router.get('/team', async (ctx) => {
    ctx.body = await listPublicTeam(deps.db);
    ctx.set('Cache-Control', 'public, max-age=60');
  });

  // Team management, staff only (401 without a session, 403 for a customer's).
  router.use('/internal/admin/team', async (ctx, next) => {
    requireStaff(ctx);
    ctx.set('Cache-Control', 'private, no-store');
    await next();
  });

  router.get('/internal/admin/team', async (ctx) => {
    ctx.body = await listManagedTeam(deps.db);
  });

  router.post('/internal/admin/team', async (ctx) => {
    const input = teamMemberCreateSchema.parse(ctx.request.body ?? {});
    ctx.status = 201;
    ctx.body = await createTeamMember(deps.db, input);
  });

  router.put('/internal/admin/team/:id', async (ctx) => {
    const input = teamMemberUpdateSchema.parse(ctx.request.body ?? {});
    ctx.body = await editTeamMember(deps.db, ctx.params.id ?? '', input);
  });
  return router;
}
