import Router from '@koa/router';
import type { Context, Next } from 'koa';
import { requireStaff } from '../../middleware/session';
import type { ModuleDeps } from '../registry';
import { homeProfileStaffRoutes } from '../home-profile/staff-routes';
import { calendarRoutes } from './calendar/routes';
import { customersRoutes } from './customers/routes';
import { dealsRoutes } from './deals/routes';
import { moneyRoutes } from './money/routes';
import { plansRoutes } from './plans/routes';
import { requestsRoutes } from './requests/routes';
import { sessionsRoutes } from './sessions/routes';
import { teamRosterRoutes } from './team/routes';
import { todayRoutes } from './today/routes';
import { visitReportRoutes } from './visit-report/routes';

const NO_STORE = 'private, no-store';

/** Every staff route: 401 without a session, 403 for a customer's; never cached. */
async function staffOnly(ctx: Context, next: Next): Promise<void> {
  requireStaff(ctx);
  ctx.set('Cache-Control', NO_STORE);
  await next();
}

/**
 * The staff tools' API (docs/product.md §2, §6, §7), one router per resource, read from and
 * written to the Postgres mirror; changes that HubSpot must learn about go through the outbox.
 * @koa/router runs `use` middleware only for a request that matches one of this router's routes
 * (path and method), so the guard never reaches another module's routes, such as the public
 * careers list under the same /api/internal/admin path (access.integration.test.ts).
 */
export function staffRoutes(deps: ModuleDeps): Router {
  const router = new Router();
  router.use(staffOnly);
  for (const resource of [
    todayRoutes(deps),
    requestsRoutes(deps),
    dealsRoutes(deps),
    plansRoutes(deps),
    moneyRoutes(deps),
    calendarRoutes(deps),
    customersRoutes(deps),
    homeProfileStaffRoutes(deps),
    sessionsRoutes(deps),
    teamRosterRoutes(deps),
    visitReportRoutes(deps),
  ]) {
    router.use(resource.routes());
  }
  return router;
}
