import { horizonWindow } from '@app/runtime/plans/plan-visits';
import { addDays, easternToday } from '@app/shared/eastern-time';
import { planVisits, type PlanFrequency, type Weekday } from '@app/shared/plan-schedule';
import { waitUntil } from '../../net';
import type { ChaosPlan } from '../dev-database';
import { killOwnWorker, startOwnWorker, stopOwnWorker } from '../own-worker';
import { openQueueStore } from '../queue-store';
import { type Fault } from './fault';

/** Plans made for the fault: weekly, every 2 weeks and monthly in turn. */
const PLANS = 40;
const FREQUENCIES: readonly PlanFrequency[] = ['weekly', 'every_2_weeks', 'monthly_nth_weekday'];
/** The round's pace (worker/src/plans/visit-horizon.ts) pauses after 100 visits: the kill lands inside the round. */
const KILL_AFTER_VISITS = 100;
/** Bounds of each wait: the round's start, the kill, and every visit made and in HubSpot. */
const ROUND_LIMIT_MS = 60_000;
const SYNCED_LIMIT_MS = 240_000;

/** Plan n of the run: its frequency, weekday and hour in turn, from tomorrow. */
function planOf(run: string, n: number, start: string): ChaosPlan {
  const frequency = FREQUENCIES[n % FREQUENCIES.length]!;
  return {
    email: `plan.${run}.${n}@chaos.example`,
    frequency,
    weekday: (n % 6) + 1,
    nth: frequency === 'monthly_nth_weekday' ? (n % 4) + 1 : null,
    startTime: `${String(8 + 2 * (n % 4)).padStart(2, '0')}:00`,
    startDate: start,
  };
}

/** The visits the plans owe within the horizon, as the round counts them. */
function expectedVisits(plans: readonly ChaosPlan[], horizonWeeks: number): number {
  const window = horizonWindow(new Date(), horizonWeeks);
  return plans.reduce((sum, p) => {
    const rule = { frequency: p.frequency as PlanFrequency, weekday: p.weekday as Weekday, nth: (p.nth ?? undefined) as 1 | undefined, startTime: p.startTime, startDate: p.startDate, endDate: null, pauses: [], closedDayRule: 'next_open_day' as const };
    return sum + planVisits(rule, window).length;
  }, 0);
}

/**
 * A worker dies (SIGKILL) in the middle of a round of recurring plans' visits (docs/recurring-plans.md):
 * some plans' visits made and pushed, the others not yet. Chaos makes 40 new plans in dev's
 * database and starts a worker of its own on a queue prefix of its own (so its round, every 2 s,
 * changes none of dev's schedules), kills it by its PID once 100 of the visits exist, and starts
 * it again: the next round makes the rest. Every visit must exist once (its plan and date are
 * unique) and reach HubSpot once; dev's worker pushes what the killed one had taken (the
 * reconciler dispatches again the events whose jobs vanished with it).
 */
export const plansRoundKilled: Fault = {
  title: '5 worker killed in the middle of a plans round',
  async run(ctx, send) {
    const run = Date.now().toString(36);
    const plans = Array.from({ length: PLANS }, (_, n) => planOf(run, n, addDays(easternToday(), 1)));
    const env = ctx.workerEnv(ctx.hubspotUrl);
    const horizonWeeks = Number(env.PLAN_HORIZON_WEEKS ?? 8);
    const expected = expectedVisits(plans, horizonWeeks);
    const prefix = `${env.QUEUE_PREFIX ?? 'app'}-chaos-plans`;
    const ownEnv = { ...env, QUEUE_PREFIX: prefix, PLAN_VISITS_INTERVAL_MS: '2000' };
    ctx.afterwards(async () => {
      const own = openQueueStore(env.REDIS_URL ?? '', prefix);
      await own.empty();
      await own.close();
    });
    const traffic = send();
    const planIds = await ctx.database.insertPlans(plans);
    ctx.say(`made ${PLANS} plans owing ${expected} visits in the next ${horizonWeeks} weeks`);
    const first = startOwnWorker(ownEnv);
    ctx.afterwards(() => stopOwnWorker(first));
    await first.ready;
    const visits = () => ctx.database.planVisits(planIds);
    if (!(await waitUntil(async () => (await visits()).made >= Math.min(KILL_AFTER_VISITS, expected), ROUND_LIMIT_MS, 50))) {
      throw new Error(`the plans round made ${(await visits()).made} visits within ${ROUND_LIMIT_MS / 1000} s`);
    }
    await killOwnWorker(first);
    const killedWith = await visits();
    ctx.say(`SIGKILL to PID ${first.pid} in the round, with ${killedWith.made} of ${expected} visits made (${killedWith.synced} in HubSpot)`);
    const second = startOwnWorker(ownEnv);
    ctx.afterwards(() => stopOwnWorker(second));
    await second.ready;
    const endedAt = Date.now();
    ctx.say(`started it again (PID ${second.pid})`);
    await traffic;
    const done = await waitUntil(async () => (await visits()).synced >= expected, SYNCED_LIMIT_MS, 500);
    const after = await visits();
    const remote = (await ctx.emulators.snapshot()).deals.filter((d) => planIds.includes(d.properties.recurring_plan_id ?? ''));
    const copies = new Set(remote.map((d) => `${d.properties.recurring_plan_id}:${d.properties.plan_occurrence_date}`));
    ctx.say(`plans round: ${after.made} of ${expected} visits made, ${remote.length} in HubSpot, ${after.doubled} made twice, ${remote.length - copies.size} twice in HubSpot`);
    if (!done || after.made !== expected || after.doubled > 0 || remote.length !== copies.size || copies.size !== expected) {
      throw new Error('the plans round lost or duplicated visits after its worker was killed');
    }
    return { endedAt };
  },
};
