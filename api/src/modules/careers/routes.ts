import Router from '@koa/router';
import { careerCreateSchema, careerUpdateSchema } from '@app/shared/staff-admin';
import { requireStaff } from '../../middleware/session';
import type { ModuleDeps } from '../registry';
import { createCareer, editCareer, listCareerListings, listManagedCareers } from './service';

/**
 * GET /api/internal/admin/fetchCareerListings (docs/product.md §7): public, despite the path, because the
 * Careers page every visitor sees reads it. The listings change rarely, so caches may keep them
 * for a minute. Staff create, edit and close listings under /api/internal/admin/careers.
 */
export function careersRoutes(deps: Pick<ModuleDeps, 'db'>): Router {
  const router = new Router({ prefix: '/api/internal/admin' });
  router.get('/fetchCareerListings', async (ctx) => {
    ctx.body = await listCareerListings(deps.db);
    ctx.set('Cache-Control', 'public, max-age=60');
  });

  // Careers management, staff only (401 without a session, 403 for a customer's).
  router.use('/careers', async (ctx, next) => {
    requireStaff(ctx);
    ctx.set('Cache-Control', 'private, no-store');
    await next();
  });

  router.get('/careers', async (ctx) => {
    ctx.body = await listManagedCareers(deps.db);
  });

  router.post('/careers', async (ctx) => {
    const input = careerCreateSchema.parse(ctx.request.body ?? {});
    ctx.status = 201;
    ctx.body = await createCareer(deps.db, input);
  });

  router.put('/careers/:id', async (ctx) => {
    const input = careerUpdateSchema.parse(ctx.request.body ?? {});
    ctx.body = await editCareer(deps.db, ctx.params.id ?? '', input);
  });
  return router;
}
