import Router from '@koa/router';
import type { ModuleDeps } from '../../registry';
import { visitPhotoThumbnail, visitReport } from './service';

/**
 * What the cleaner reported of a cleaning (docs/cleaner-day.md#what-the-office-sees): the
 * checklist's answers and the photos' small copies. Under the staff router: office staff only
 * (a cleaner's or a customer's session gets 403), never cached.
 */
export function visitReportRoutes(deps: Pick<ModuleDeps, 'db'>): Router {
  const router = new Router();

  router.get('/api/internal/admin/deals/:id/visit-report', async (ctx) => {
    ctx.body = await visitReport(deps.db, ctx.params.id ?? '');
  });

  router.get('/api/internal/admin/deals/:id/photos/:photoId/thumbnail', async (ctx) => {
    const { contentType, bytes } = await visitPhotoThumbnail(deps.db, ctx.params.id ?? '', ctx.params.photoId ?? '');
    ctx.type = contentType;
    ctx.set('Content-Disposition', 'inline');
    ctx.body = Buffer.from(bytes);
  });

  return router;
}
