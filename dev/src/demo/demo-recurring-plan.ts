import type { Db } from '@app/db/client';
import { horizonWindow, makeVisitsIn, planSelect } from '@app/runtime/plans/plan-visits';
import { STAGE } from '@app/shared/deal-stages';
import { addDays, easternToday, easternWallTimeToInstant } from '@app/shared/eastern-time';
import type { DemoPerson } from './demo-plan';

/** Who the demo plan is made by: how a later start finds it again. */
export const DEMO_PLAN_CREATOR = 'demo-seed@atlantahomecleaning.example';
const HORIZON_WEEKS = 8;

export interface DemoRecurringPlan {
  planId: string;
  /** The third visit, which the customer skipped. */
  skippedDealId: string;
  /** The fifth, moved to the next day at 1 PM by the office: detached from the plan. */
  detachedDealId: string;
}

/**
 * The demo customer's weekly plan (docs/recurring-plans.md): basic visits of their home on the
 * weekday three days from the first start, at 9:30 AM, with the demo cleaner, made through the
 * horizon as the office's plan would be, with the third visit skipped and the fifth moved to
 * the next afternoon (detached). Both are written before the visits' pushes run, so HubSpot's deals
 * are created canceled and moved. Made once: a later start finds the plan (the worker keeps its
 * visits made ahead) and changes nothing.
 */
export async function seedDemoRecurringPlan(db: Db, contactId: string, person: DemoPerson, cleanerHubspotId: string, now: Date): Promise<DemoRecurringPlan> {
  const found = await db.recurringPlan.findFirst({ where: { contactId, createdBy: DEMO_PLAN_CREATOR }, select: { id: true } });
  if (found) return visitsOf(db, found.id);
  const owner = await db.owner.findUniqueOrThrow({ where: { hubspotId: cleanerHubspotId }, select: { id: true } });
  const startDate = addDays(easternToday(now), 3);
  const planId = await db.$transaction(async (tx) => {
    const plan = await tx.recurringPlan.create({
      data: {
        contactId,
        street: person.street,
        city: person.city,
        state: person.state,
        zip: person.zip,
        squareFootage: 1500,
        serviceType: 'Recurring Clean',
        visitType: 'basic',
        skus: ['recurring-basic-1500'],
        amountCents: 17_900,
        firstVisitCents: 17_900,
        frequency: 'weekly',
        weekday: new Date(`${startDate}T12:00:00Z`).getUTCDay(),
        startTime: '09:30',
        durationMinutes: 150,
        ownerId: owner.id,
        startDate: new Date(`${startDate}T00:00:00Z`),
        createdBy: DEMO_PLAN_CREATOR,
      },
      select: planSelect,
    });
    await makeVisitsIn(tx, plan, horizonWindow(now, HORIZON_WEEKS), new Set());
    const visits = await tx.deal.findMany({ where: { planId: plan.id }, orderBy: { planOccurrence: 'asc' }, select: { id: true, planOccurrence: true } });
    const [skipped, moved] = [visits[2], visits[4]];
    if (!skipped || !moved) throw new Error('the demo plan made fewer than five visits');
    await tx.deal.update({ where: { id: skipped.id }, data: { stageId: STAGE.CANCELED, planDetachedAt: now } });
    const next = addDays(moved.planOccurrence!.toISOString().slice(0, 10), 1);
    const [y, m, d] = next.split('-').map(Number) as [number, number, number];
    await tx.deal.update({ where: { id: moved.id }, data: { scheduledAt: easternWallTimeToInstant(y, m, d, 13, 0), preferredDate: new Date(`${next}T00:00:00Z`), planDetachedAt: now } });
    return plan.id;
  });
  return visitsOf(db, planId);
}

async function visitsOf(db: Db, planId: string): Promise<DemoRecurringPlan> {
  const visits = await db.deal.findMany({ where: { planId }, orderBy: { planOccurrence: 'asc' }, select: { id: true, stageId: true, planDetachedAt: true } });
  const skipped = visits.find((v) => v.stageId === STAGE.CANCELED);
  const detached = visits.find((v) => v.planDetachedAt !== null && v.stageId !== STAGE.CANCELED);
  return { planId, skippedDealId: skipped?.id ?? '', detachedDealId: detached?.id ?? '' };
}
