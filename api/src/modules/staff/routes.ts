import Router from '@koa/router';
import type { Context, Next } from 'koa';
import { z } from 'zod';
import { assignOwnerSchema, customerSearchSchema, inviteSchema } from '@app/shared/staff-admin';
import { requireStaff } from '../../middleware/session';
import type { ModuleDeps } from '../registry';
import { assignOwner, contactDetails, customerSessions, invite, owners, revokeSession, scheduledDeals, searchCustomers } from './service';

const NO_STORE = 'private, no-store';
const instant = z.iso.datetime({ offset: true }).transform((v) => new Date(v)).optional();
const windowSchema = z.object({ start: instant, end: instant });

/** Every route here is staff only: 401 without a session, 403 for a customer's; never cached. */
async function staffOnly(ctx: Context, next: Next): Promise<void> {
  requireStaff(ctx);
  ctx.set('Cache-Control', NO_STORE);
  await next();
}

/**
 * The staff tools' API (spec §2, §6, §7), read from and written to the Postgres mirror; changes
 * that HubSpot must learn about go through the outbox.
 */
export function staffRoutes(deps: ModuleDeps): Router {
  const router = new Router();

  // Optional ?start=&end= (ISO instants, FullCalendar's names) narrows the calendar's window.
  router.get('/api/hubspot/admin/scheduledDeals', staffOnly, async (ctx) => {
    const { start, end } = windowSchema.parse({ start: ctx.query.start, end: ctx.query.end });
    ctx.body = await scheduledDeals(deps, { from: start, to: end });
  });

  router.get('/api/hubspot/contact-details/:id', staffOnly, async (ctx) => {
    ctx.body = await contactDetails(deps, ctx.params.id ?? '');
  });

  router.get('/api/internal/admin/customers', staffOnly, async (ctx) => {
    const { q } = customerSearchSchema.parse({ q: ctx.query.q });
    ctx.body = await searchCustomers(deps, q);
  });

  router.post('/api/internal/admin/invites', staffOnly, async (ctx) => {
    const input = inviteSchema.parse(ctx.request.body ?? {});
    ctx.status = 201;
    // The site the staff member uses is the customers' site too (Koa 3's ctx.origin is the Origin header).
    ctx.body = { success: true, customer: await invite(deps, input, `${ctx.protocol}://${ctx.host}`) };
  });

  router.get('/api/internal/admin/sessions', staffOnly, async (ctx) => {
    ctx.body = await customerSessions(deps);
  });

  router.delete('/api/internal/admin/sessions/:id', staffOnly, async (ctx) => {
    await revokeSession(deps, ctx.params.id ?? '');
    ctx.body = { success: true };
  });

  router.get('/api/internal/admin/owners', staffOnly, async (ctx) => {
    ctx.body = await owners(deps);
  });

  router.post('/api/internal/admin/deals/:id/owner', staffOnly, async (ctx) => {
    const input = assignOwnerSchema.parse(ctx.request.body ?? {});
    await assignOwner(deps, ctx.params.id ?? '', input);
    ctx.status = 202;
    ctx.body = { success: true };
  });

  return router;
}
