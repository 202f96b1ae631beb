import type { Db } from '@app/db/client';
import { makePlanVisits } from '../plans/visit-horizon';
import { defineJob } from './job';

/**
 * Keeps every active recurring plan's visits made for the horizon (PLAN_HORIZON_WEEKS ahead;
 * worker/src/plans/visit-horizon.ts): on a schedule (PLAN_VISITS_INTERVAL_MS), any number of
 * times, and never twice the same visit.
 */
export function plansMakeVisitsJob(deps: { db: Db; horizonWeeks: number; closedDays: readonly string[]; now?: () => Date }) {
  const { db, horizonWeeks, now = () => new Date() } = deps;
  const closedDays = new Set(deps.closedDays);
  return defineJob('plans.make-visits', async (_payload, { log }) => {
    const round = await makePlanVisits(db, { horizonWeeks, closedDays, now: now() });
    log.info(round, 'plan visits made ahead');
    return round;
  });
}
