import Router from '@koa/router';
import { z } from 'zod';
import type { ModuleDeps } from '../../registry';
import { scheduledDeals } from './service';

const instant = z.iso.datetime({ offset: true }).transform((v) => new Date(v)).optional();
const windowSchema = z.object({ start: instant, end: instant, stage: z.enum(['scheduled', 'done', 'all']).optional() });

/** The calendar's appointments. */
export function calendarRoutes(deps: Pick<ModuleDeps, 'db' | 'now'>): Router {
  const router = new Router();

  // Optional ?start=&end= (ISO instants, FullCalendar's names) narrows the calendar's window;
  // ?stage=done|all adds finished cleanings (default: the scheduled ones, docs/product.md §2).
  router.get('/api/hubspot/admin/scheduledDeals', async (ctx) => {
    const { start, end, stage } = windowSchema.parse({ start: ctx.query.start, end: ctx.query.end, stage: ctx.query.stage });
    ctx.body = await scheduledDeals(deps, { from: start, to: end, stage });
  });

  return router;
}
