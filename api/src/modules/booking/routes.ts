import Router from '@koa/router';
import { COMPANY } from '@app/runtime/company';
import { bookingRequestSchema } from '@app/shared/booking-request';
import { errors } from '../../errors';
import { publicPostGuards } from '../../middleware/public-post';
import type { ModuleDeps } from '../registry';
import { bookingStatus, requestBooking } from './service';

export const BOOKING_RECEIVED = 'Booking request received.';

/**
 * POST /api/hubspot/portal/requestBooking (docs/product.md §7): the public booking form.
 * GET /api/hubspot/portal/bookingStatus?dealId=: the confirmation page's "has it reached the CRM".
 */
export function bookingRoutes(deps: ModuleDeps): Router {
  // The clock is read at every parse, so "5 days ahead in Eastern time" is always today's rule.
  const schema = bookingRequestSchema({ legalName: COMPANY.legalName, now: deps.now });
  const guards = publicPostGuards(deps.db, deps.publicPosts, 'booking.request');
  const router = new Router({ prefix: '/api/hubspot/portal' });
  router.post('/requestBooking', guards.rateLimit, guards.idempotency, async (ctx) => {
    const request = schema.parse(ctx.request.body ?? {});
    const { dealId, reference } = await requestBooking(deps, request);
    ctx.status = 201;
    ctx.body = { success: true, message: BOOKING_RECEIVED, request: { dealId, reference } };
  });
  router.get('/bookingStatus', async (ctx) => {
    const status = await bookingStatus(deps, ctx.query.dealId);
    if (!status) throw errors.notFound('Booking not found.');
    // Changes as the worker syncs: never cached.
    ctx.set('Cache-Control', 'no-store');
    ctx.body = status;
  });
  return router;
}
