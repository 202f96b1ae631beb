import { findProduct } from '@app/shared/catalogue';
import { joinName } from '@app/shared/customer-context';
import { STAGE } from '@app/shared/deal-stages';
import { addDays, easternToday } from '@app/shared/eastern-time';
import { timeOfDayOf } from '@app/shared/office-booking';
import { DEAL_FREQUENCY_OF, firstOccurrence, planVisits, type PlanFrequency, type PlanRule, type PlanVisit, type Weekday } from '@app/shared/plan-schedule';
import { outboxEvent } from '../outbox/events';
import type { Prisma } from '@app/db/generated/client';

/**
 * A recurring plan's visits (docs/recurring-plans.md), made as deals: by the worker's round for
 * every active plan (worker/src/plans/visit-horizon.ts), and by the api in the transaction that
 * makes a plan, so its visits are there at once. A visit is its plan and occurrence (unique), so
 * making them again never makes one twice.
 */

/** What making a plan's visits reads of it. */
export const planSelect = {
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
  ruleFrom: true,
  closedDayRule: true,
  contact: { select: { firstName: true, lastName: true, email: true } },
} as const;
export type PlanRow = Prisma.RecurringPlanGetPayload<{ select: typeof planSelect }>;

const day = (date: Date) => date.toISOString().slice(0, 10);
const asDate = (date: string) => new Date(`${date}T00:00:00Z`);

/**
 * The plan's rule as shared/src/plan-schedule.ts reads it: from the day it was last changed
 * (`ruleFrom`, its visits before that day made by the rule as it was), else from the first visit.
 */
export function ruleOf(plan: Pick<PlanRow, 'frequency' | 'weekday' | 'nth' | 'startTime' | 'startDate' | 'ruleFrom' | 'endDate' | 'pauses' | 'closedDayRule'>): PlanRule {
  return {
    frequency: plan.frequency as PlanFrequency,
    weekday: plan.weekday as Weekday,
    nth: (plan.nth ?? undefined) as PlanRule['nth'],
    startTime: plan.startTime,
    startDate: day(plan.ruleFrom ?? plan.startDate),
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

/**
 * The rule's visits within the window (planVisits), none when the window is empty or the plan
 * ends before the rule starts (ended before the day its rule last changed).
 */
export function ruleVisits(rule: PlanRule, window: { from: string; through: string }, closedDays: ReadonlySet<string>): PlanVisit[] {
  if (window.from > window.through || (rule.endDate !== null && rule.endDate < rule.startDate)) return [];
  return planVisits(rule, window, closedDays);
}

/** The days visits are made for: from tomorrow (Eastern) through `weeks` weeks ahead. */
export function horizonWindow(now: Date, weeks: number): { from: string; through: string } {
  const today = easternToday(now);
  return { from: addDays(today, 1), through: addDays(today, weeks * 7) };
}

/**
 * Makes the plan's visits within the window that do not exist yet, each with its push to HubSpot
 * (crm.push-booking), in the caller's transaction; an existing visit (made before, skipped,
 * moved or canceled since) is left as it is. Returns how many it made.
 */
export async function makeVisitsIn(tx: Prisma.TransactionClient, plan: PlanRow, window: { from: string; through: string }, closedDays: ReadonlySet<string>): Promise<number> {
  const rule = ruleOf(plan);
  const from = rule.startDate > window.from ? rule.startDate : window.from;
  // The first visit's own add-ons go on the plan's first visit only, never on one of a changed rule.
  const first = plan.ruleFrom ? null : firstOccurrence(rule);
  const visits = ruleVisits(rule, { from, through: window.through }, closedDays);
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
}
