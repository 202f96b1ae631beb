import type { Db, Prisma } from '@app/db/client';
import { outboxEvent } from '@app/runtime/outbox/events';
import { findProduct } from '@app/shared/catalogue';
import { joinName } from '@app/shared/customer-context';
import { STAGE } from '@app/shared/deal-stages';
import { addDays, easternToday } from '@app/shared/eastern-time';
import { timeOfDayOf } from '@app/shared/office-booking';
import { DEAL_FREQUENCY_OF, firstOccurrence, planVisits, type PlanFrequency, type PlanRule, type PlanVisit, type Weekday } from '@app/shared/plan-schedule';

/** How many plans one round reads at a time. */
const PLANS_PER_PAGE = 100;

const planSelect = {
  id: true,
  contactId: true,
  street: true,
  city: true,
  state: true,
  zip: true,
  squareFootage: true,
  serviceType: true,
  visitType: true,
  skus: true,
  firstVisitSkus: true,
  amountCents: true,
  firstVisitCents: true,
  frequency: true,
  weekday: true,
  nth: true,
  startTime: true,
  durationMinutes: true,
  ownerId: true,
  startDate: true,
  endDate: true,
  pauses: true,
  closedDayRule: true,
  contact: { select: { firstName: true, lastName: true, email: true } },
} as const;
type PlanRow = Prisma.RecurringPlanGetPayload<{ select: typeof planSelect }>;

const day = (date: Date) => date.toISOString().slice(0, 10);
const asDate = (date: string) => new Date(`${date}T00:00:00Z`);

/** The plan's rule as shared/src/plan-schedule.ts reads it. */
export function ruleOf(plan: Pick<PlanRow, 'frequency' | 'weekday' | 'nth' | 'startTime' | 'startDate' | 'endDate' | 'pauses' | 'closedDayRule'>): PlanRule {
  return {
    frequency: plan.frequency as PlanFrequency,
    weekday: plan.weekday as Weekday,
    nth: (plan.nth ?? undefined) as PlanRule['nth'],
    startTime: plan.startTime,
    startDate: day(plan.startDate),
    endDate: plan.endDate ? day(plan.endDate) : null,
    pauses: plan.pauses as unknown as PlanRule['pauses'],
    closedDayRule: plan.closedDayRule as PlanRule['closedDayRule'],
  };
}

/** A visit's deal, as the push sends it: scheduled (with the plan's cleaner) from its create. */
function visitDeal(plan: PlanRow, visit: PlanVisit, first: boolean): Prisma.DealCreateManyInput {
  const service = findProduct(plan.skus[0] ?? '')?.name ?? plan.serviceType;
  const customer = joinName(plan.contact.firstName, plan.contact.lastName) || plan.contact.email;
  return {
    contactId: plan.contactId,
    name: `${service} for ${customer}`,
    // Without a preferred cleaner the visit waits for the office to give it one.
    stageId: plan.ownerId ? STAGE.CLEANING_SCHEDULED : STAGE.SCHEDULING_IN_PROGRESS,
    scheduledAt: visit.startsAt,
    durationMinutes: plan.durationMinutes,
    ownerId: plan.ownerId,
    preferredDate: asDate(visit.date),
    timeOfDay: timeOfDayOf(plan.startTime),
    street: plan.street,
    city: plan.city,
    state: plan.state,
    zip: plan.zip,
    squareFootage: plan.squareFootage,
    serviceType: plan.serviceType,
    skus: first ? [...plan.skus, ...plan.firstVisitSkus] : plan.skus,
    amountCents: first ? plan.firstVisitCents : plan.amountCents,
    frequency: DEAL_FREQUENCY_OF[plan.frequency as PlanFrequency],
    visitType: plan.visitType,
    source: 'plan',
    planId: plan.id,
    planOccurrence: asDate(visit.occurrence),
    planFlag: visit.flag,
  };
}

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
  const today = easternToday(options.now ?? new Date());
  const window = { from: addDays(today, 1), through: addDays(today, options.horizonWeeks * 7) };
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
      round.made += await makeVisitsOf(db, plan, window, options.closedDays);
    }
    if (plans.length < PLANS_PER_PAGE) return round;
    cursor = plans.at(-1)!.id;
  }
}

async function makeVisitsOf(db: Db, plan: PlanRow, window: { from: string; through: string }, closedDays: ReadonlySet<string>): Promise<number> {
  const rule = ruleOf(plan);
  const from = rule.startDate > window.from ? rule.startDate : window.from;
  const first = firstOccurrence(rule);
  const visits = from > window.through ? [] : planVisits(rule, { from, through: window.through }, closedDays);
  return db.$transaction(async (tx) => {
    const made = await tx.deal.createManyAndReturn({
      data: visits.map((visit) => visitDeal(plan, visit, visit.occurrence === first)),
      skipDuplicates: true,
      select: { id: true },
    });
    if (made.length > 0) {
      await tx.outboxEvent.createMany({ data: made.map(({ id }) => outboxEvent('crm.push-booking', { dealId: id }, { aggregateId: id })) });
    }
    await tx.recurringPlan.update({ where: { id: plan.id }, data: { visitsMadeThrough: asDate(window.through) }, select: { id: true } });
    return made.length;
  });
}
