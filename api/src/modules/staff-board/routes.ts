import Router from '@koa/router';
import { requestsQuerySchema } from '@app/shared/staff-board';
import { requireStaff } from '../../middleware/session';
import type { ModuleDeps } from '../registry';
import { createSharedComputation } from './board-cache';
import { hubspotLinks } from './hubspot-links';
import { dealDetails, openRequests, todayBoard, type StaffBoardDeps } from './service';

const NO_STORE = 'private, no-store';

/** The staff workspace's overviews: the today board, the open requests and a cleaning's details. Staff only, never cached. */
export function staffBoardRoutes(deps: ModuleDeps): Router {
  const board: StaffBoardDeps = {
    db: deps.db,
    now: deps.now,
    links: hubspotLinks(deps.hubspotAccountId),
    sharedLists: createSharedComputation(),
    queues: deps.queues,
  };
  const router = new Router();

  router.get('/api/internal/admin/today', async (ctx) => {
    requireStaff(ctx);
    ctx.set('Cache-Control', NO_STORE);
    ctx.body = await todayBoard(board);
  });

  router.get('/api/internal/admin/requests', async (ctx) => {
    requireStaff(ctx);
    ctx.set('Cache-Control', NO_STORE);
    // A bad ?kind= is a 400 naming the field (the error middleware turns the ZodError into one).
    ctx.body = await openRequests(board, requestsQuerySchema.parse({ kind: ctx.query.kind, q: ctx.query.q }));
  });

  router.get('/api/internal/admin/deals/:id', async (ctx) => {
    requireStaff(ctx);
    ctx.set('Cache-Control', NO_STORE);
    ctx.body = await dealDetails(board, ctx.params.id ?? '');
  });

  return router;
}
