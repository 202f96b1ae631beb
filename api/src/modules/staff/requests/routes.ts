import Router from '@koa/router';
import { requestAnswerSchema } from '@app/shared/request-answers';
import { requestsQuerySchema } from '@app/shared/staff-board';
import { requireStaff } from '../../../middleware/session';
import type { ModuleDeps } from '../../registry';
import { hubspotLinks } from '../common/hubspot-links';
import { answerRequest } from './answer-service';
import { openRequests } from './service';

/** The open requests: new bookings and change/cancel requests, one list; and the office's answer to a change or cancel request. */
export function requestsRoutes(deps: Pick<ModuleDeps, 'db' | 'outbox' | 'hubspotAccountId'>): Router {
  const requests = { db: deps.db, links: hubspotLinks(deps.hubspotAccountId) };
  const router = new Router();

  router.get('/api/internal/admin/requests', async (ctx) => {
    // A bad ?kind= is a 400 naming the field (the error middleware turns the ZodError into one).
    ctx.body = await openRequests(requests, requestsQuerySchema.parse({ kind: ctx.query.kind, q: ctx.query.q }));
  });

  // Approve or decline a change or cancel request, as a command HubSpot gets through the outbox (docs/staff-actions.md).
  router.post('/api/internal/admin/requests/:id/answer', async (ctx) => {
    const staff = requireStaff(ctx);
    const input = requestAnswerSchema.parse(ctx.request.body ?? {});
    ctx.status = 202;
    ctx.body = { success: true, ...(await answerRequest(deps, ctx.params.id ?? '', input, staff.email)) };
  });

  return router;
}
