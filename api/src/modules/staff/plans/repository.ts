import type { Db } from '@app/db/client';
import { isPendingClash, recordDealCommandIn } from '../common/command-repository';
import { horizonWindow, makeVisitsIn, planSelect } from '@app/runtime/plans/plan-visits';
import { laterVisitCents, type VisitType } from '@app/shared/booking-price';
import { personName } from '@app/shared/customer-context';
import { easternToday } from '@app/shared/eastern-time';
import { describeStoredPlanRule, monthlyCentsOf, nthOfMonth, planSourceOf, VISIT_TO_COME_STAGES, type NewPlan, type PlanView, type PlanVisitView } from '@app/shared/recurring-plan';
import type { PlanFrequency } from '@app/shared/plan-schedule';
import { defaultDurationMinutes } from '@app/shared/schedule';
import type { ServiceFamily } from '@app/shared/services';
import type { SquareFootageKey } from '@app/shared/square-footage';

/** How far ahead plans' visits are made, and the company's closed days (PLAN_HORIZON_WEEKS, closedDays). */
export interface PlanSettings {
  horizonWeeks: number;
  closedDays: ReadonlySet<string>;
}

export type MakePlanOutcome =
  | { kind: 'made'; planId: string; visits: number }
  | { kind: 'not_found' }
  | { kind: 'plan_exists' }
  | { kind: 'command_pending' }
  | { kind: 'deal_changed' }
  | { kind: 'not_scheduled' }
  | { kind: 'not_recurring' }
  | { kind: 'add_ons'; unknown: string[] }
  | { kind: 'end_date' };

const asDate = (date: string) => new Date(`${date}T00:00:00Z`);
const day = (date: Date) => date.toISOString().slice(0, 10);

/**
 * Makes a plan of a scheduled Recurring Clean, in one transaction: the plan (the cleaning's
 * Eastern weekday and start time, its length, cleaner, home and package; the catalogue's price
 * of a later visit with the every-visit add-ons, or the cleaning's own amount where the size is
 * quoted), the cleaning made its first visit, and every visit of the horizon made with its push
 * to HubSpot. A cleaning that is already a visit, or a second request at once, makes no second plan.
 */
export async function makePlanFromDeal(db: Db, dealId: string, input: NewPlan, staffEmail: string, settings: PlanSettings, now: Date): Promise<MakePlanOutcome> {
  return db.$transaction(async (tx) => {
    const deal = await tx.deal.findFirst({
      where: { OR: [{ id: dealId }, { hubspotId: dealId }], archivedAt: null },
      select: {
        id: true, contactId: true, stageId: true, scheduledAt: true, ownerId: true, durationMinutes: true, serviceType: true, visitType: true,
        squareFootage: true, skus: true, amountCents: true, street: true, city: true, state: true, zip: true, planId: true, hubspotUpdatedAt: true,
      },
    });
    if (!deal || !deal.contactId) return { kind: 'not_found' as const };
    const source = planSourceOf(deal);
    if (source.refusal !== null) return { kind: source.refusal };
    const { service, addOns, start } = source;
    const unknown = input.recurringAddOns.filter((sku) => !addOns.includes(sku));
    if (unknown.length > 0) return { kind: 'add_ons' as const, unknown };
    const { startDate } = start;
    if (input.endDate !== null && input.endDate <= startDate) return { kind: 'end_date' as const };
    const choice = { serviceType: deal.serviceType as ServiceFamily, squareFootage: deal.squareFootage as SquareFootageKey, visitType: deal.visitType as VisitType };
    const amountCents = laterVisitCents({ ...choice, addOns: input.recurringAddOns }) ?? deal.amountCents;
    if (!amountCents) return { kind: 'not_recurring' as const };

    const plan = await tx.recurringPlan.create({
      data: {
        contactId: deal.contactId,
        street: deal.street,
        city: deal.city,
        state: deal.state,
        zip: deal.zip,
        squareFootage: choice.squareFootage,
        serviceType: choice.serviceType,
        visitType: choice.visitType,
        skus: [service.id, ...input.recurringAddOns],
        firstVisitSkus: addOns.filter((sku) => !input.recurringAddOns.includes(sku)),
        amountCents,
        firstVisitCents: deal.amountCents ?? amountCents,
        frequency: input.frequency,
        weekday: start.weekday,
        nth: input.frequency === 'monthly_nth_weekday' ? (input.nth ?? nthOfMonth(startDate)) : null,
        startTime: start.startTime,
        durationMinutes: deal.durationMinutes ?? defaultDurationMinutes(deal.serviceType),
        ownerId: deal.ownerId,
        startDate: asDate(startDate),
        endDate: input.endDate === null ? null : asDate(input.endDate),
        closedDayRule: input.closedDayRule,
        createdBy: staffEmail,
      },
      select: planSelect,
    });
    // Only while it is no plan's visit: of two requests at once, the second makes nothing.
    const linked = await tx.deal.updateMany({ where: { id: deal.id, planId: null }, data: { planId: plan.id, planOccurrence: asDate(startDate) } });
    if (linked.count === 0) throw new PlanRaceLost();
    // HubSpot's deal of the first visit gets the plan and its date, as the visits made carry them from their create.
    const told = await recordDealCommandIn(
      tx,
      deal.id,
      {
        kind: 'plan',
        seenModifiedAt: deal.hubspotUpdatedAt?.toISOString() ?? null,
        // A newer version mirrored since this transaction read the cleaning (a pull, a note) is not a change of it.
        seen: { stageId: deal.stageId, scheduledAt: deal.scheduledAt?.toISOString() ?? null, ownerId: deal.ownerId, amountCents: deal.amountCents, durationMinutes: deal.durationMinutes },
        decide: async () => ({ changes: { stageId: deal.stageId, planId: plan.id, planOccurrence: startDate } }),
      },
      staffEmail,
    );
    if (told.kind !== 'recorded') throw new PlanRaceLost(told.kind === 'pending' ? 'command_pending' : told.kind === 'stale' ? 'deal_changed' : 'plan_exists');
    const visits = await makeVisitsIn(tx, plan, horizonWindow(now, settings.horizonWeeks), settings.closedDays);
    return { kind: 'made' as const, planId: plan.id, visits: visits + 1 };
  }).catch((error: unknown) => {
    if (error instanceof PlanRaceLost) return { kind: error.outcome };
    // Another change of the cleaning was recorded at the same moment (the one-pending index).
    if (isPendingClash(error)) return { kind: 'command_pending' as const };
    throw error;
  });
}

/**
 * Another request made the cleaning a visit first, or another change of it is on its way to
 * HubSpot: everything this one wrote is rolled back.
 */
class PlanRaceLost extends Error {
  constructor(readonly outcome: 'plan_exists' | 'command_pending' | 'deal_changed' = 'plan_exists') {
    super(outcome);
  }
}

/** A plan visit as the plan's pages read it (visitView). */
export const visitSelect = { id: true, reference: true, planOccurrence: true, scheduledAt: true, stageId: true, ownerId: true, planDetachedAt: true, planFlag: true } as const;

export function visitView(v: { id: string; reference: string; planOccurrence: Date | null; scheduledAt: Date | null; stageId: string; ownerId: string | null; planDetachedAt: Date | null; planFlag: string | null }): PlanVisitView {
  return {
    dealId: v.id,
    reference: v.reference,
    occurrence: v.planOccurrence ? day(v.planOccurrence) : '',
    scheduledAt: v.scheduledAt?.toISOString() ?? null,
    stageId: v.stageId,
    ownerId: v.ownerId,
    detached: v.planDetachedAt !== null,
    flag: v.planFlag,
  };
}


/** Plans, active first, each with its next open visit (or a plan's coming visits when `planId` is given). */
export async function readPlans(db: Db, now: Date, planId?: string): Promise<PlanView[]> {
  const today = easternToday(now);
  const plans = await db.recurringPlan.findMany({
    where: planId ? { id: planId } : {},
    orderBy: [{ status: 'asc' }, { createdAt: 'desc' }],
    take: 500,
    select: {
      id: true, status: true, contactId: true, frequency: true, weekday: true, startTime: true, nth: true, ownerId: true, amountCents: true, skus: true, startDate: true, endDate: true, pauses: true,
      contact: { select: { firstName: true, lastName: true, email: true } },
      owner: { select: { firstName: true, lastName: true, email: true } },
      visits: {
        where: { archivedAt: null, ...(planId ? {} : { stageId: { in: [...VISIT_TO_COME_STAGES] }, scheduledAt: { gte: now } }) },
        orderBy: { planOccurrence: 'asc' },
        take: planId ? 200 : 1,
        select: visitSelect,
      },
    },
  });
  return plans.map((p) => {
    const visits = p.visits.map(visitView);
    const pauses = p.pauses as Array<{ from: string; to: string }>;
    return {
      id: p.id,
      status: p.status as PlanView['status'],
      contactId: p.contactId,
      customerName: personName(p.contact) ?? p.contact.email,
      frequency: p.frequency as PlanFrequency,
      rule: describeStoredPlanRule(p),
      weekday: p.weekday,
      startTime: p.startTime,
      nth: p.nth,
      pauses,
      ownerId: p.ownerId,
      ownerName: p.owner ? (personName(p.owner) ?? p.owner.email) : null,
      amountCents: p.amountCents,
      addOns: p.skus.slice(1),
      monthlyCents: monthlyCentsOf(p.frequency as PlanFrequency, p.amountCents),
      startDate: day(p.startDate),
      endDate: p.endDate ? day(p.endDate) : null,
      pausedNow: pauses.some((pause) => pause.from <= today && today <= pause.to),
      nextVisit: visits.find((v) => VISIT_TO_COME_STAGES.has(v.stageId) && v.scheduledAt !== null && v.scheduledAt >= now.toISOString()) ?? null,
      visits: planId ? visits : [],
    };
  });
}
