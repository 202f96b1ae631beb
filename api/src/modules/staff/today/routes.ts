import Router from '@koa/router';
import type { ModuleDeps } from '../../registry';
import { hubspotLinks } from '../common/hubspot-links';
import { createSharedComputation } from './board-cache';
import { todayBoard, type TodayBoardDeps } from './service';

/** The today board: the office's day at a glance. */
export function todayRoutes(deps: Pick<ModuleDeps, 'db' | 'now' | 'hubspotAccountId' | 'queues'>): Router {
  const board: TodayBoardDeps = {
    db: deps.db,
    now: deps.now,
    links: hubspotLinks(deps.hubspotAccountId),
    sharedLists: createSharedComputation(),
    queues: deps.queues,
  };
  const router = new Router();

  router.get('/api/internal/admin/today', async (ctx) => {
    ctx.body = await todayBoard(board);
  });

  return router;
}
