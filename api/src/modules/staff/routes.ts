import Router from '@koa/router';
import type { Context, Next } from 'koa';
import { z } from 'zod';
import { assignOwnerSchema, customerSearchSchema, inviteSchema } from '@app/shared/staff-admin';
import { requireAdmin, requireStaff } from '../../middleware/session';
import type { ModuleDeps } from '../registry';
import {
  assignOwner,
  confirmForPortal,
  contactDetails,
  customerSessions,
  invite,
  owners,
  revokeSession,
  revokeStaffSessionById,
  scheduledDeals,
  searchCustomers,
  setPortalAccess,
  setStaffAccess,
  staffSessions,
} from './service';

const NO_STORE = 'private, no-store';
const instant = z.iso.datetime({ offset: true }).transform((v) => new Date(v)).optional();
const windowSchema = z.object({ start: instant, end: instant, stage: z.enum(['scheduled', 'done', 'all']).optional() });
const portalAccessSchema = z.object({ suspended: z.boolean() }).strict();
const staffAccessSchema = z.object({ disabled: z.boolean() }).strict();

/** Every route here is staff only: 401 without a session, 403 for a customer's; never cached. */
async function staffOnly(ctx: Context, next: Next): Promise<void> {
  requireStaff(ctx);
  ctx.set('Cache-Control', NO_STORE);
  await next();
}

/**
 * The staff tools' API (docs/product.md §2, §6, §7), read from and written to the Postgres mirror; changes
 * that HubSpot must learn about go through the outbox.
 */
export function staffRoutes(deps: ModuleDeps): Router {
  const router = new Router();

  // Optional ?start=&end= (ISO instants, FullCalendar's names) narrows the calendar's window;
  // ?stage=done|all adds finished cleanings (default: the scheduled ones, docs/product.md §2).
  router.get('/api/hubspot/admin/scheduledDeals', staffOnly, async (ctx) => {
    const { start, end, stage } = windowSchema.parse({ start: ctx.query.start, end: ctx.query.end, stage: ctx.query.stage });
    ctx.body = await scheduledDeals(deps, { from: start, to: end, stage });
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
    ctx.body = { success: true, customer: await invite(deps, input) };
  });

  router.get('/api/internal/admin/sessions', staffOnly, async (ctx) => {
    ctx.body = await customerSessions(deps);
  });

  // Revoking sessions and disabling staff are for admins (STAFF_ADMIN_EMAILS).
  router.delete('/api/internal/admin/sessions/:id', staffOnly, async (ctx) => {
    requireAdmin(ctx);
    await revokeSession(deps, ctx.params.id ?? '');
    ctx.body = { success: true };
  });

  router.get('/api/internal/admin/staff-sessions', staffOnly, async (ctx) => {
    requireAdmin(ctx);
    ctx.body = await staffSessions(deps);
  });

  router.delete('/api/internal/admin/staff-sessions/:id', staffOnly, async (ctx) => {
    requireAdmin(ctx);
    await revokeStaffSessionById(deps, ctx.params.id ?? '');
    ctx.body = { success: true };
  });

  router.post('/api/internal/admin/staff-users/:id/access', staffOnly, async (ctx) => {
    requireAdmin(ctx);
    const { disabled } = staffAccessSchema.parse(ctx.request.body ?? {});
    await setStaffAccess(deps, ctx.params.id ?? '', disabled);
    ctx.body = { success: true, disabled };
  });

  router.post('/api/internal/admin/customers/:id/portal-access', staffOnly, async (ctx) => {
    const { suspended } = portalAccessSchema.parse(ctx.request.body ?? {});
    ctx.body = { success: true, ...(await setPortalAccess(deps, ctx.params.id ?? '', suspended)) };
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

  router.post('/api/internal/admin/deals/:id/portal-confirm', staffOnly, async (ctx) => {
    const staff = requireStaff(ctx);
    ctx.body = { success: true, ...(await confirmForPortal(deps, ctx.params.id ?? '', staff.email)) };
  });

  return router;
}
