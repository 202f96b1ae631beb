import Router from '@koa/router';
import { COMPANY } from '@app/runtime/company';
import { contactTicketSchema } from '@app/shared/contact-ticket';
import { publicPostGuards } from '../../middleware/public-post';
import type { ModuleDeps } from '../registry';
import { createContactTicket } from './service';

/** POST /api/hubspot/portal/createContactTicket (docs/product.md §7): the public contact form. Answers 201 { success: true }. */
export function supportTicketRoutes(deps: ModuleDeps): Router {
  const schema = contactTicketSchema({ legalName: COMPANY.legalName });
  const guards = publicPostGuards(deps.db, deps.publicPosts, 'contact.ticket');
  const router = new Router({ prefix: '/api/hubspot/portal' });
  router.post('/createContactTicket', guards.rateLimit, guards.idempotency, async (ctx) => {
    const ticket = schema.parse(ctx.request.body ?? {});
    await createContactTicket(deps, ticket);
    ctx.status = 201;
    ctx.body = { success: true };
  });
  return router;
}
