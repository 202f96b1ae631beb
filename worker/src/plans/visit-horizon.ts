import type { Db } from '@app/db/client';
import { horizonWindow, makeVisitsIn, planSelect } from '@app/runtime/plans/plan-visits';

/** How many plans one round reads at a time. */
const PLANS_PER_PAGE = 100;

export interface HorizonRound {
  plans: number;
  /** Visits made in this round (a visit that existed already is not counted). */
  made: number;
}

/**
 * Makes every active plan's visits from tomorrow (Eastern) through `horizonWeeks` weeks ahead
 * that do not exist yet: each a deal with its push to HubSpot (crm.push-booking, batched there),
 * written in one transaction per plan. A visit is its plan and occurrence (a unique index), so a
 * second round, two workers at once or a round killed midway never make one twice: an existing
 * visit (made before, skipped, moved or canceled since) is left as it is. Safe at any time.
 */
export async function makePlanVisits(db: Db, options: { horizonWeeks: number; closedDays: ReadonlySet<string>; now?: Date }): Promise<HorizonRound> {
  const window = horizonWindow(options.now ?? new Date(), options.horizonWeeks);
  let cursor: string | undefined;
  const round: HorizonRound = { plans: 0, made: 0 };
  for (;;) {
    const plans = await db.recurringPlan.findMany({
      where: { status: 'active', ...(cursor && { id: { gt: cursor } }) },
      orderBy: { id: 'asc' },
      take: PLANS_PER_PAGE,
      select: planSelect,
    });
    for (const plan of plans) {
      round.plans += 1;
      round.made += await db.$transaction((tx) => makeVisitsIn(tx, plan, window, options.closedDays));
    }
    if (plans.length < PLANS_PER_PAGE) return round;
    cursor = plans.at(-1)!.id;
  }
}
