import type { Db } from '@app/db/client';
import { horizonWindow, makeVisitsIn, planSelect } from '@app/runtime/plans/plan-visits';
import { addDays } from '@app/shared/eastern-time';

/** How many plans one round reads at a time. */
const PLANS_PER_PAGE = 100;

/**
 * A round's pace: after each push batch's worth of new visits (HubSpot takes 100 deals a request)
 * it waits, so a round that makes many (300 plans from nothing: 1,375 visits) spreads their pushes
 * over a minute or two instead of taking most of HubSpot's 10-second budget from the bookings and
 * the office's actions (npm run bench:plans).
 */
export const HORIZON_STEP = { visits: 100, pauseMs: 5_000 } as const;

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
 * visit (made before, skipped, moved or canceled since) is left as it is. Safe at any time. It
 * makes them at HORIZON_STEP's pace.
 */
export async function makePlanVisits(
  db: Db,
  options: { horizonWeeks: number; closedDays: ReadonlySet<string>; now?: Date; step?: { visits: number; pauseMs: number } },
): Promise<HorizonRound> {
  const window = horizonWindow(options.now ?? new Date(), options.horizonWeeks);
  // A plan whose last day has passed has ended (the office may also end one at once).
  const today = new Date(`${addDays(window.from, -1)}T00:00:00Z`);
  await db.recurringPlan.updateMany({ where: { status: 'active', endDate: { lt: today } }, data: { status: 'ended' } });
  const step = options.step ?? HORIZON_STEP;
  let cursor: string | undefined;
  let sincePause = 0;
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
      const made = await db.$transaction((tx) => makeVisitsIn(tx, plan, window, options.closedDays));
      round.made += made;
      sincePause += made;
      if (sincePause >= step.visits) {
        sincePause = 0;
        await new Promise((resolve) => setTimeout(resolve, step.pauseMs));
      }
    }
    if (plans.length < PLANS_PER_PAGE) return round;
    cursor = plans.at(-1)!.id;
  }
}
