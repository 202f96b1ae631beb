import Router from '@koa/router';
import type { ModuleDeps } from '../registry';
import { listCareerListings } from './service';

/**
 * GET /api/internal/admin/fetchCareerListings (spec §7): public, despite the path, because the
 * Careers page every visitor sees reads it. The listings change rarely, so caches may keep them
 * for a minute.
 */
export function careersRoutes(deps: Pick<ModuleDeps, 'db'>): Router {
  const router = new Router({ prefix: '/api/internal/admin' });
  router.get('/fetchCareerListings', async (ctx) => {
    ctx.body = await listCareerListings(deps.db);
    ctx.set('Cache-Control', 'public, max-age=60');
  });
  return router;
}
