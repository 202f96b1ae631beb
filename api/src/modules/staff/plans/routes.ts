import Router from '@koa/router';
import {
  newPlanSchema,
  PLAN_ADD_ONS_INVALID,
  PLAN_END_INVALID,
  PLAN_EXISTS,
  PLAN_NEEDS_RECURRING,
  PLAN_NEEDS_SCHEDULE,
} from '@app/shared/recurring-plan';
import {
  PLAN_CHANGE_FROM_INVALID,
  PLAN_CHANGE_PENDING,
  PLAN_CHANGE_STALE,
  PLAN_END_DATE_INVALID,
  PLAN_HAS_ENDED,
  PLAN_NOT_PAUSED,
  PLAN_PAUSE_INVALID,
  planChangeSchema,
} from '@app/shared/plan-change-input';
import { PLAN_NTH_INVALID as NTH_INVALID } from '@app/shared/recurring-plan';
import { DEAL_CHANGED, MOVE_PENDING } from '@app/shared/deal-commands';
import { AppError, errors } from '../../../errors';
import { requireStaff } from '../../../middleware/session';
import type { ModuleDeps } from '../../registry';
import { changePlan } from './plan-changes';
import { makePlanFromDeal, readPlans } from './repository';

const NO_DEAL = 'We could not find that cleaning.';
const NO_PLAN = 'We could not find that plan.';
const isPlanId = (id: string) => /^[0-9a-f-]{36}$/i.test(id);
const INVALID_TEXTS = { from: PLAN_CHANGE_FROM_INVALID, pause: PLAN_PAUSE_INVALID, end: PLAN_END_DATE_INVALID, nth: NTH_INVALID } as const;

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
      case 'command_pending':
        throw errors.conflictOn('dealId', 'command_pending', MOVE_PENDING);
      case 'deal_changed':
        throw errors.conflictOn('dealId', 'deal_changed', DEAL_CHANGED);
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
    const [plan] = isPlanId(id) ? await readPlans(deps.db, deps.now(), id) : [];
    if (!plan) throw errors.notFound(NO_PLAN);
    ctx.body = plan;
  });

  // This and every later visit: the rule, a pause, a resume or the end (preview first, then save).
  router.post('/api/internal/admin/plans/:id/changes', async (ctx) => {
    const staff = requireStaff(ctx);
    const id = ctx.params.id ?? '';
    const change = planChangeSchema.parse(ctx.request.body ?? {});
    const outcome = isPlanId(id) ? await changePlan(deps.db, id, change, staff.email, deps.plans, deps.now()) : ({ kind: 'not_found' } as const);
    switch (outcome.kind) {
      case 'not_found':
        throw errors.notFound(NO_PLAN);
      case 'ended':
        throw errors.conflictOn('planId', 'plan_ended', PLAN_HAS_ENDED);
      case 'not_paused':
        throw errors.conflictOn('change', 'not_paused', PLAN_NOT_PAUSED);
      case 'pending':
        throw errors.conflictOn('planId', 'plan_change_pending', PLAN_CHANGE_PENDING);
      case 'stale':
        throw errors.conflictOn('expect', 'plan_changed', PLAN_CHANGE_STALE);
      case 'invalid':
        throw errors.validation(outcome.field, INVALID_TEXTS[outcome.reason]);
      case 'refused': {
        const { status, code, field, message } = outcome.refusal;
        throw new AppError(status, code, message, field);
      }
      case 'preview':
        ctx.body = { preview: true, steps: outcome.steps, expect: outcome.expect };
        return;
      case 'saved':
        deps.outbox.notify();
        ctx.body = { success: true, counts: outcome.counts };
    }
  });

  return router;
}
