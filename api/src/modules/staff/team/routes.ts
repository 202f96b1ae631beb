import Router from '@koa/router';
import type { ModuleDeps } from '../../registry';
import { owners } from './service';

/** The cleaners' roster: the owners deals can be assigned to. */
export function teamRosterRoutes(deps: Pick<ModuleDeps, 'db'>): Router {
  const router = new Router();

  router.get('/api/internal/admin/owners', async (ctx) => {
    ctx.body = await owners(deps);
  });

  return router;
}
