import Router from '@koa/router';
import { closeOutSchema } from '@app/shared/close-out';
import { dealMoveSchema } from '@app/shared/deal-commands';
import { dealQuoteSchema } from '@app/shared/quote';
import { scheduleSchema } from '@app/shared/schedule';
import { assignOwnerSchema } from '@app/shared/staff-admin';
import { officeBookingSchema } from '@app/shared/office-booking';
import { errors } from '../../../errors';
import { IDEMPOTENCY_HEADER, idempotency } from '../../../middleware/idempotency';
import { requireStaff } from '../../../middleware/session';
import type { ModuleDeps } from '../../registry';
import { hubspotLinks } from '../common/hubspot-links';
import { commandResult } from '../common/command-result';
import { recordCloseOut } from './close-out-repository';
import { moveDeal } from './move-service';
import { sendQuote } from './quote-service';
import { bookForCustomer, officeBookingCheck } from './office-booking-service';
import { recordSchedule } from './schedule-repository';
import { assignOwner, confirmForPortal, dealDetails, scheduleWarningsOf } from './service';

/**
 * One cleaning: its details, its cleaner, its moves along the pipeline, its quote, and whether
 * its contact's portal shows it; and a new one the office books for a customer.
 */
export function dealsRoutes(deps: Pick<ModuleDeps, 'db' | 'outbox' | 'now' | 'hubspotAccountId' | 'publicPosts'>): Router {
  const details = { db: deps.db, links: hubspotLinks(deps.hubspotAccountId), now: deps.now };
  const router = new Router();
  // The clock is read at every parse: "5 days ahead in Eastern time" is always today's rule.
  const bookingSchema = officeBookingSchema({ now: deps.now });
  // A double click or a retry sends the same key: one deal (docs/staff-actions.md).
  const oneBooking = idempotency({ db: deps.db, scope: 'staff.customer-booking', ttlMs: deps.publicPosts.idempotencyTtlMs });

  // The office books a cleaning for the customer (a phone call): warnings first, from /check.
  router.post('/api/internal/admin/customers/:id/bookings/check', async (ctx) => {
    const booking = bookingSchema.parse(ctx.request.body ?? {});
    ctx.body = { warnings: await officeBookingCheck(deps, ctx.params.id ?? '', booking) };
  });

  router.post(
    '/api/internal/admin/customers/:id/bookings',
    async (ctx, next) => {
      if (!ctx.get(IDEMPOTENCY_HEADER)) throw errors.badRequest(`Send an ${IDEMPOTENCY_HEADER} header: a retry must not book twice.`);
      await next();
    },
    oneBooking,
    async (ctx) => {
      const staff = requireStaff(ctx);
      const booking = bookingSchema.parse(ctx.request.body ?? {});
      ctx.status = 201;
      ctx.body = { success: true, ...(await bookForCustomer(deps, ctx.params.id ?? '', booking, staff.email)) };
    },
  );

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

  // A date, start time, duration and cleaner; warnings first, from /check (docs/staff-actions.md).
  router.post('/api/internal/admin/deals/:id/schedule/check', async (ctx) => {
    const input = scheduleSchema.parse(ctx.request.body ?? {});
    ctx.body = { warnings: await scheduleWarningsOf(deps, ctx.params.id ?? '', input) };
  });

  router.post('/api/internal/admin/deals/:id/schedule', async (ctx) => {
    const staff = requireStaff(ctx);
    const input = scheduleSchema.parse(ctx.request.body ?? {});
    ctx.status = 202;
    ctx.body = { success: true, ...commandResult(deps, await recordSchedule(deps.db, ctx.params.id ?? '', input, staff.email)) };
  });

  // Done, no-show or canceled on the day.
  router.post('/api/internal/admin/deals/:id/close-out', async (ctx) => {
    const staff = requireStaff(ctx);
    const input = closeOutSchema.parse(ctx.request.body ?? {});
    ctx.status = 202;
    ctx.body = { success: true, ...commandResult(deps, await recordCloseOut(deps.db, ctx.params.id ?? '', input, staff.email, deps.now())) };
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
