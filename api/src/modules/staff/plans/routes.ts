import Router from '@koa/router';
import {
  newPlanSchema,
  PLAN_ADD_ONS_INVALID,
  PLAN_END_INVALID,
  PLAN_EXISTS,
  PLAN_NEEDS_RECURRING,
  PLAN_NEEDS_SCHEDULE,
} from '@app/shared/recurring-plan';
import { errors } from '../../../errors';
import { requireStaff } from '../../../middleware/session';
import type { ModuleDeps } from '../../registry';
import { makePlanFromDeal, readPlans } from './repository';

const NO_DEAL = 'We could not find that cleaning.';
const NO_PLAN = 'We could not find that plan.';

/**
 * Recurring plans (docs/recurring-plans.md): the office makes one of a scheduled Recurring Clean
 * (its visits are made at once, each pushed to HubSpot as every booking is), and lists them.
 */
export function plansRoutes(deps: Pick<ModuleDeps, 'db' | 'outbox' | 'now' | 'plans'>): Router {
  const router = new Router();

  router.post('/api/internal/admin/deals/:id/plan', async (ctx) => {
    const staff = requireStaff(ctx);
    const input = newPlanSchema.parse(ctx.request.body ?? {});
    const outcome = await makePlanFromDeal(deps.db, ctx.params.id ?? '', input, staff.email, deps.plans, deps.now());
    switch (outcome.kind) {
      case 'not_found':
        throw errors.notFound(NO_DEAL);
      case 'plan_exists':
        throw errors.conflictOn('dealId', 'plan_exists', PLAN_EXISTS);
      case 'not_scheduled':
        throw errors.conflictOn('stageId', 'not_scheduled', PLAN_NEEDS_SCHEDULE);
      case 'not_recurring':
        throw errors.conflictOn('serviceType', 'not_recurring', PLAN_NEEDS_RECURRING);
      case 'add_ons':
        throw errors.validation('recurringAddOns', PLAN_ADD_ONS_INVALID);
      case 'end_date':
        throw errors.validation('endDate', PLAN_END_INVALID);
      case 'made':
        deps.outbox.notify();
        ctx.status = 201;
        ctx.body = { success: true, planId: outcome.planId, visits: outcome.visits };
    }
  });

  router.get('/api/internal/admin/plans', async (ctx) => {
    ctx.body = { plans: await readPlans(deps.db, deps.now()) };
  });

  router.get('/api/internal/admin/plans/:id', async (ctx) => {
    const id = ctx.params.id ?? '';
    const [plan] = /^[0-9a-f-]{36}$/i.test(id) ? await readPlans(deps.db, deps.now(), id) : [];
    if (!plan) throw errors.notFound(NO_PLAN);
    ctx.body = plan;
  });

  return router;
}
