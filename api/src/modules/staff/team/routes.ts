import Router from '@koa/router';
import { ownerCleanerSchema } from '@app/shared/staff-admin';
import type { ModuleDeps } from '../../registry';
import { markCleaner, owners } from './service';

/** The cleaners' roster: the owners deals can be assigned to, and which of them sign in as cleaners. */
export function teamRosterRoutes(deps: Pick<ModuleDeps, 'db'>): Router {
  const router = new Router();

  router.get('/api/internal/admin/owners', async (ctx) => {
    ctx.body = await owners(deps);
  });

  // The roster setting "is a cleaner" (ours only, never pushed to HubSpot): office staff set it.
  router.post('/api/internal/admin/owners/:id/cleaner', async (ctx) => {
    const input = ownerCleanerSchema.parse(ctx.request.body ?? {});
    ctx.body = { success: true, ...(await markCleaner(deps, ctx.params.id ?? '', input)) };
  });

  return router;
}
