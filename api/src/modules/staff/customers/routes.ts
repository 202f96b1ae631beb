import Router from '@koa/router';
import { z } from 'zod';
import { e164Phone, markHandledSchema, staffReplySchema } from '@app/shared/conversations';
import { customerSearchSchema, inviteSchema } from '@app/shared/staff-admin';
import { requireStaff } from '../../../middleware/session';
import type { ModuleDeps } from '../../registry';
import { conversation, noReplyNeeded, sendReply } from './conversation-service';
import { contactDetails, invite, searchCustomers, setPortalAccess } from './service';
import { sentNotices } from './sent-notices-service';
import { sentNoticesQuerySchema } from '@app/shared/sent-notices';

const portalAccessSchema = z.object({ suspended: z.boolean() }).strict();

/** Customers: lookup, the customer page, what we sent them, invites to the portal, portal access, and conversations by text. */
export function customersRoutes(deps: Pick<ModuleDeps, 'db' | 'outbox' | 'now' | 'hubspotAccountId' | 'sendableAt' | 'auth'>): Router {
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

  // What we told the customer and what became of it on each channel, newest first, a page at a time.
  router.get('/api/internal/admin/customers/:id/notices', async (ctx) => {
    const { before } = sentNoticesQuerySchema.parse(ctx.query);
    ctx.body = await sentNotices(deps, ctx.params.id ?? '', before);
  });

  // A phone's thread (a customer's, or an unknown number's). The phone goes in the query, which
  // the request log leaves out (it logs the path only).
  router.get('/api/internal/admin/conversations', async (ctx) => {
    ctx.body = await conversation(deps, e164Phone.parse(ctx.query.phone));
  });

  router.post('/api/internal/admin/conversations/replies', async (ctx) => {
    const staff = requireStaff(ctx);
    const input = staffReplySchema.parse(ctx.request.body ?? {});
    ctx.status = 201;
    ctx.body = { success: true, item: await sendReply(deps, input, staff.email) };
  });

  router.post('/api/internal/admin/conversations/handled', async (ctx) => {
    const staff = requireStaff(ctx);
    const input = markHandledSchema.parse(ctx.request.body ?? {});
    ctx.body = { success: true, ...(await noReplyNeeded(deps, input, staff.email)) };
  });

  return router;
}
