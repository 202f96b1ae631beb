import Router from '@koa/router';
import { z } from 'zod';
import { manageBookingSchemaAt } from '@app/shared/manage-booking';
import { portalRequestSchema } from '@app/shared/portal-request';
import { quoteAnswerSchema } from '@app/shared/quote';
import { recleanClaimSchema } from '@app/shared/reclean-claim';
import { PORTAL_REQUEST_RECEIVED } from '@app/shared/texts';
import { errors } from '../../errors';
import { currentStaff, requireCustomer, signOut } from '../../middleware/session';
import type { ModuleDeps } from '../registry';
import { addClaimPhoto } from './claim-photo-service';
import { photoUploadOf } from '../../photos/photo-upload';
import { answerQuote, portalQuote } from './quote-service';
import {
  claimReclean,
  contactProfile,
  customerDetails,
  manageBooking,
  portalDeals,
  requestPortalBooking,
  sessionUser,
  skipPlanVisit,
  staffSessionUser,
  ticketsByDeal,
} from './service';

const MAX_DEAL_IDS = 100;
const NO_STORE = 'private, no-store';

const hasContactId = (body: unknown): boolean => typeof body === 'object' && body !== null && 'contactId' in body;

/**
 * The signed-in customer's portal (docs/product.md §7). Every endpoint answers 401 without a customer
 * session and reads only the Postgres mirror, scoped to the session's contact: another
 * customer's deal id is a 404, exactly like an id that does not exist.
 */
export function portalRoutes(deps: ModuleDeps): Router {
  const router = new Router();
  const portalRequest = portalRequestSchema({ now: deps.now });
  const manageSchema = manageBookingSchemaAt(deps.now);

  // Personal data: never kept by a browser or proxy cache.
  router.use(async (ctx, next) => {
    await next();
    if (ctx.method === 'GET') ctx.set('Cache-Control', NO_STORE);
  });

  router.get('/api/portal/me', async (ctx) => {
    // A staff session is a signed-in user too: the account menu shows 'Admin home' from its flag.
    const staff = currentStaff(ctx);
    ctx.body = staff ? staffSessionUser(staff.email) : await sessionUser(deps, requireCustomer(ctx).contactId);
  });

  router.post('/api/portal/logout', (ctx) => {
    signOut(ctx);
    ctx.body = { success: true };
  });

  router.get('/api/portal/deals', async (ctx) => {
    ctx.body = await portalDeals(deps, requireCustomer(ctx).contactId);
  });

  // The office's quote on a cleaning, and the customer's answer to it (docs/staff-actions.md).
  router.get('/api/portal/deals/:id/quote', async (ctx) => {
    ctx.body = await portalQuote(deps, requireCustomer(ctx).contactId, ctx.params.id ?? '');
  });

  router.post('/api/portal/deals/:id/quote-answer', async (ctx) => {
    const { contactId } = requireCustomer(ctx);
    const input = quoteAnswerSchema.parse(ctx.request.body ?? {});
    ctx.status = 201;
    ctx.body = { success: true, ...(await answerQuote(deps, contactId, ctx.params.id ?? '', input)) };
  });

  // One visit of the customer's recurring plan skipped (docs/recurring-plans.md).
  router.post('/api/portal/deals/:id/skip', async (ctx) => {
    const { contactId } = requireCustomer(ctx);
    z.object({}).strict().parse(ctx.request.body ?? {});
    ctx.body = { success: true, ...(await skipPlanVisit(deps, contactId, ctx.params.id ?? '')) };
  });

  // "Something was missed": a re-clean claim on a done cleaning within the guarantee window.
  router.post('/api/portal/deals/:id/reclean-claim', async (ctx) => {
    const { contactId } = requireCustomer(ctx);
    const input = recleanClaimSchema.parse(ctx.request.body ?? {});
    const { ticketId, message } = await claimReclean(deps, contactId, ctx.params.id ?? '', input);
    ctx.status = 201;
    ctx.body = { success: true, message, ticketId };
  });

  // A photo of what the claim says was missed: the image's bytes as the body, read by the service.
  router.post('/api/portal/claims/:ticketId/photos', async (ctx) => {
    const { contactId } = requireCustomer(ctx);
    ctx.status = 201;
    ctx.body = await addClaimPhoto(deps, contactId, ctx.params.ticketId ?? '', photoUploadOf(ctx));
  });

  router.get('/api/portal/details', async (ctx) => {
    ctx.body = await customerDetails(deps, requireCustomer(ctx).contactId);
  });

  router.get('/api/hubspot/portal/fetchCustomerProfile', async (ctx) => {
    ctx.body = await contactProfile(deps, requireCustomer(ctx).contactId);
  });

  router.get('/api/hubspot/portal/fetchTickets', async (ctx) => {
    const { contactId } = requireCustomer(ctx);
    const raw = typeof ctx.query.dealIds === 'string' ? ctx.query.dealIds : '';
    const dealIds = [...new Set(raw.split(',').map((id) => id.trim()).filter(Boolean))];
    if (dealIds.length > MAX_DEAL_IDS) throw errors.badRequest(`Ask for at most ${MAX_DEAL_IDS} bookings at once.`);
    ctx.body = await ticketsByDeal(deps, contactId, dealIds);
  });

  router.post('/api/hubspot/portal/manageBooking', async (ctx) => {
    const { contactId } = requireCustomer(ctx);
    const input = manageSchema.parse(ctx.request.body ?? {});
    const { ticketId, message } = await manageBooking(deps, contactId, input);
    ctx.status = 201;
    ctx.body = { success: true, message, ticketId };
  });

  // The path is shared with the public booking form (docs/product.md §7): a body with contactId is the
  // portal's request and is handled here; any other body falls through to the booking module,
  // mounted after this router, whose hot path is thus untouched.
  router.post('/api/hubspot/portal/requestBooking', async (ctx, next) => {
    if (!hasContactId(ctx.request.body)) return next();
    const { contactId } = requireCustomer(ctx);
    const input = portalRequest.parse(ctx.request.body);
    const { dealId } = await requestPortalBooking(deps, contactId, input);
    ctx.status = 201;
    ctx.body = { success: true, message: PORTAL_REQUEST_RECEIVED, request: { dealId } };
  });

  return router;
}
