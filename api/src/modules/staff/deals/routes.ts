import Router from '@koa/router';
import { dealMoveSchema } from '@app/shared/deal-commands';
import { dealQuoteSchema } from '@app/shared/quote';
import { assignOwnerSchema } from '@app/shared/staff-admin';
import { requireStaff } from '../../../middleware/session';
import type { ModuleDeps } from '../../registry';
import { hubspotLinks } from '../common/hubspot-links';
import { moveDeal } from './move-service';
import { sendQuote } from './quote-service';
import { assignOwner, confirmForPortal, dealDetails } from './service';

/** One cleaning: its details, its cleaner, its moves along the pipeline, its quote, and whether its contact's portal shows it. */
export function dealsRoutes(deps: Pick<ModuleDeps, 'db' | 'outbox' | 'now' | 'hubspotAccountId'>): Router {
  const details = { db: deps.db, links: hubspotLinks(deps.hubspotAccountId) };
  const router = new Router();

  router.get('/api/internal/admin/deals/:id', async (ctx) => {
    ctx.body = await dealDetails(details, ctx.params.id ?? '');
  });

  router.post('/api/internal/admin/deals/:id/owner', async (ctx) => {
    const input = assignOwnerSchema.parse(ctx.request.body ?? {});
    await assignOwner(deps, ctx.params.id ?? '', input);
    ctx.status = 202;
    ctx.body = { success: true };
  });

  // A move to another stage, as a command HubSpot gets through the outbox (docs/staff-actions.md).
  router.post('/api/internal/admin/deals/:id/moves', async (ctx) => {
    const staff = requireStaff(ctx);
    const input = dealMoveSchema.parse(ctx.request.body ?? {});
    ctx.status = 202;
    ctx.body = { success: true, ...(await moveDeal(deps, ctx.params.id ?? '', input, staff.email)) };
  });

  // A quote to the customer: a command like a move, which also writes the deal's line items.
  router.post('/api/internal/admin/deals/:id/quote', async (ctx) => {
    const staff = requireStaff(ctx);
    const input = dealQuoteSchema.parse(ctx.request.body ?? {});
    ctx.status = 202;
    ctx.body = { success: true, ...(await sendQuote(deps, ctx.params.id ?? '', input, staff.email)) };
  });

  router.post('/api/internal/admin/deals/:id/portal-confirm', async (ctx) => {
    const staff = requireStaff(ctx);
    ctx.body = { success: true, ...(await confirmForPortal(deps, ctx.params.id ?? '', staff.email)) };
  });

  return router;
}
