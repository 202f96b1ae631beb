import Router from '@koa/router';
import { z } from 'zod';
import { customerSearchSchema, inviteSchema } from '@app/shared/staff-admin';
import type { ModuleDeps } from '../../registry';
import { contactDetails, invite, searchCustomers, setPortalAccess } from './service';

const portalAccessSchema = z.object({ suspended: z.boolean() }).strict();

/** Customers: lookup, the customer page, invites to the portal and portal access. */
export function customersRoutes(deps: Pick<ModuleDeps, 'db' | 'outbox' | 'now' | 'hubspotAccountId'>): Router {
  const router = new Router();

  router.get('/api/hubspot/contact-details/:id', async (ctx) => {
    ctx.body = await contactDetails(deps, ctx.params.id ?? '');
  });

  router.get('/api/internal/admin/customers', async (ctx) => {
    const { q } = customerSearchSchema.parse({ q: ctx.query.q });
    ctx.body = await searchCustomers(deps, q);
  });

  router.post('/api/internal/admin/invites', async (ctx) => {
    const input = inviteSchema.parse(ctx.request.body ?? {});
    ctx.status = 201;
    ctx.body = { success: true, customer: await invite(deps, input) };
  });

  router.post('/api/internal/admin/customers/:id/portal-access', async (ctx) => {
    const { suspended } = portalAccessSchema.parse(ctx.request.body ?? {});
    ctx.body = { success: true, ...(await setPortalAccess(deps, ctx.params.id ?? '', suspended)) };
  });

  return router;
}
