import Router from '@koa/router';
import { BRAND } from '@app/shared/brand';
import { bookingRequestSchema } from '@app/shared/booking-request';
import type { ModuleDeps } from '../registry';
import { requestBooking } from './service';

export const BOOKING_RECEIVED = 'Booking request received.';

/** POST /api/hubspot/portal/requestBooking (spec §7): the public booking form. */
export function bookingRoutes(deps: ModuleDeps): Router {
  // The clock is read at every parse, so "5 days ahead in Eastern time" is always today's rule.
  const schema = bookingRequestSchema({ legalName: BRAND.legalName, now: deps.now });
  const router = new Router({ prefix: '/api/hubspot/portal' });
  router.post('/requestBooking', async (ctx) => {
    const request = schema.parse(ctx.request.body ?? {});
    const { dealId } = await requestBooking(deps, request);
    ctx.status = 201;
    ctx.body = { success: true, message: BOOKING_RECEIVED, request: { dealId } };
  });
  return router;
}
