import Router from '@koa/router';
import { requestsQuerySchema } from '@app/shared/staff-board';
import type { ModuleDeps } from '../../registry';
import { hubspotLinks } from '../common/hubspot-links';
import { openRequests } from './service';

/** The open requests: new bookings and change/cancel requests, one list. */
export function requestsRoutes(deps: Pick<ModuleDeps, 'db' | 'hubspotAccountId'>): Router {
  const requests = { db: deps.db, links: hubspotLinks(deps.hubspotAccountId) };
  const router = new Router();

  router.get('/api/internal/admin/requests', async (ctx) => {
    // A bad ?kind= is a 400 naming the field (the error middleware turns the ZodError into one).
    ctx.body = await openRequests(requests, requestsQuerySchema.parse({ kind: ctx.query.kind, q: ctx.query.q }));
  });

  return router;
}
