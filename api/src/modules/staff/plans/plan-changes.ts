import { createHash } from 'node:crypto';
import type { Db, Prisma } from '@app/db/client';
import { horizonWindow, makeVisitsIn, planSelect, ruleOf, ruleVisits, type PlanRow } from '@app/runtime/plans/plan-visits';
import type { DealFacts } from '@app/shared/deal-commands';
import { STAGE } from '@app/shared/deal-stages';
import { addDays, easternToday } from '@app/shared/eastern-time';
import { planChangeCounts, planChangeSteps, sameSkus, type PlanChangeStep, type PlanVisitNow } from '@app/shared/plan-change';
import type { PlanChange } from '@app/shared/plan-change-input';
import { firstOccurrence, type PlanFrequency } from '@app/shared/plan-schedule';
import { nthOfMonth, planCentsWithAddOns } from '@app/shared/recurring-plan';
import { ownerRefusal, recordDealCommandIn, type Refusal } from '../common/command-repository';
import { warningsFor } from '../deals/schedule-repository';
import { visitSelect, visitView, type PlanSettings } from './repository';

type Tx = Prisma.TransactionClient;

export type PlanChangeOutcome =
  | { kind: 'preview'; steps: PreviewStep[]; expect: string }
  | { kind: 'saved'; counts: ReturnType<typeof planChangeCounts> }
  | { kind: 'not_found' }
  | { kind: 'ended' }
  | { kind: 'not_paused' }
  | { kind: 'pending' }
  | { kind: 'stale' }
  | { kind: 'invalid'; field: string; reason: 'from' | 'pause' | 'end' | 'nth' }
  | { kind: 'refused'; refusal: Refusal };

/** A target a little past the horizon, so a visit moved a few days later still finds its new date. */
const BEYOND_HORIZON_DAYS = 14;

const asDate = (date: string) => new Date(`${date}T00:00:00Z`);
const day = (date: Date) => date.toISOString().slice(0, 10);

type VisitNow = PlanVisitNow & { pending: boolean; version: string | null };
/** What a change writes of the plan. */
type PlanData = Partial<Pick<PlanState, 'frequency' | 'nth' | 'weekday' | 'startTime' | 'ownerId' | 'amountCents' | 'skus' | 'ruleFrom' | 'endDate' | 'status'>> & { pauses?: Pauses };
type Pauses = Array<{ from: string; to: string }>;
type PlanState = PlanRow & { status: string; visitsMadeThrough: Date | null };

/** Thrown inside the transaction to undo what it wrote and answer the outcome. */
class Undo extends Error {
  constructor(readonly outcome: PlanChangeOutcome) {
    super(outcome.kind);
  }
}

/**
 * Changes a plan for this and every later visit, pauses, resumes or ends it (docs/recurring-plans.md),
 * in one transaction that holds the plan's row (a round making its visits waits). What it does
 * to the visits is planChangeSteps': each visit moved, restored or canceled becomes a `plan`
 * command through the outbox, checked against HubSpot as every staff action is, and what no
 * visit stands for yet is made with its push. A preview writes nothing and answers the steps and
 * their fingerprint (`expect`); a save given one that no longer matches is refused as stale.
 */
export async function changePlan(db: Db, planId: string, change: PlanChange, staffEmail: string, settings: PlanSettings, now: Date): Promise<PlanChangeOutcome> {
  return db
    .$transaction(async (tx) => {
      const locked = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM recurring_plan WHERE id = ${planId}::uuid FOR UPDATE`;
      if (locked.length === 0) return { kind: 'not_found' as const };
      const plan = await tx.recurringPlan.findUniqueOrThrow({ where: { id: planId }, select: { ...planSelect, status: true, visitsMadeThrough: true } });
      if (plan.status === 'ended') return { kind: 'ended' as const };
      const tomorrow = addDays(easternToday(now), 1);
      const next = await changedPlan(tx, plan, change, tomorrow);
      if ('kind' in next) return next;
      const { data, from } = next;
      const changed: PlanState = { ...plan, ...data } as PlanState;
      const window = horizonWindow(now, settings.horizonWeeks);
      const madeThrough = plan.visitsMadeThrough ? day(plan.visitsMadeThrough) : window.through;
      const through = madeThrough > window.through ? madeThrough : window.through;
      const targets = changed.status === 'ended' ? [] : ruleVisits(ruleOf(changed), { from, through: addDays(through, BEYOND_HORIZON_DAYS) }, settings.closedDays);
      const visits = await planVisitsNow(tx, plan.id);
      const steps = planChangeSteps({
        visits,
        targets,
        terms: { ownerId: changed.ownerId, amountCents: changed.amountCents, durationMinutes: changed.durationMinutes, skus: changed.skus },
        from,
        through,
        firstOccurrence: firstOccurrence(ruleOf({ ...plan, ruleFrom: null })),
        now,
      });
      const pending = new Set(visits.filter((v) => v.pending).map((v) => v.dealId));
      if (steps.some((s) => 'dealId' in s && s.action !== 'keep' && pending.has(s.dealId))) return { kind: 'pending' as const };
      const expect = fingerprint(steps);
      if (change.preview) return { kind: 'preview' as const, steps: await withWarnings(tx, steps), expect };
      if (change.expect !== undefined && change.expect !== expect) return { kind: 'stale' as const };

      await tx.recurringPlan.update({ where: { id: plan.id }, data, select: { id: true } });
      await carryOut(tx, steps, new Map(visits.map((v) => [v.dealId, v])), staffEmail);
      if (changed.status !== 'ended') {
        const remade = await tx.recurringPlan.findUniqueOrThrow({ where: { id: plan.id }, select: planSelect });
        await makeVisitsIn(tx, remade, { from: window.from, through }, settings.closedDays);
      }
      return { kind: 'saved' as const, counts: planChangeCounts(steps) };
    })
    .catch((error: unknown) => {
      if (error instanceof Undo) return error.outcome;
      throw error;
    });
}

/** The plan as the change leaves it, and the first day whose visits it touches; or why not. */
async function changedPlan(
  tx: Tx,
  plan: PlanState,
  change: PlanChange,
  tomorrow: string,
): Promise<{ data: PlanData; from: string } | Exclude<PlanChangeOutcome, { kind: 'preview' | 'saved' }>> {
  const pauses = plan.pauses as unknown as Pauses;
  switch (change.change) {
    case 'rule': {
      if (change.from < tomorrow) return { kind: 'invalid', field: 'from', reason: 'from' };
      // A plan whose first visit is still ahead changes from that visit at the earliest.
      const from = change.from < day(plan.startDate) ? day(plan.startDate) : change.from;
      const frequency = (change.frequency ?? plan.frequency) as PlanFrequency;
      if (change.nth !== undefined && frequency !== 'monthly_nth_weekday') return { kind: 'invalid', field: 'nth', reason: 'nth' };
      const nth = frequency === 'monthly_nth_weekday' ? (change.nth ?? plan.nth ?? nthOfMonth(from)) : null;
      if (change.ownerId) {
        const refusal = await ownerRefusal(tx, change.ownerId);
        if (refusal) return { kind: 'refused', refusal };
      }
      const data = {
        frequency,
        nth,
        weekday: change.weekday ?? plan.weekday,
        startTime: change.startTime ?? plan.startTime,
        ownerId: change.ownerId === undefined ? plan.ownerId : change.ownerId,
        // Other every-visit add-ons reprice the visit, unless the office gives its price.
        ...(change.addOns === undefined
          ? { amountCents: change.amountCents ?? plan.amountCents }
          : { skus: [plan.skus[0]!, ...change.addOns], amountCents: change.amountCents ?? planCentsWithAddOns(plan, change.addOns) }),
        ruleFrom: asDate(from),
      };
      return { data, from };
    }
    case 'pause':
      if (change.from < tomorrow) return { kind: 'invalid', field: 'from', reason: 'pause' };
      return { data: { pauses: [...pauses, { from: change.from, to: change.to }] }, from: change.from };
    case 'resume': {
      const ahead = pauses.filter((p) => p.to >= tomorrow);
      if (ahead.length === 0) return { kind: 'not_paused' };
      // A pause under way ends today; one still to come is dropped.
      const kept = pauses.flatMap((p) => (p.to < tomorrow ? [p] : p.from < tomorrow ? [{ from: p.from, to: addDays(tomorrow, -1) }] : []));
      return { data: { pauses: kept }, from: tomorrow };
    }
    case 'end': {
      const after = addDays(change.lastDate, 1);
      if (after < tomorrow) return { kind: 'invalid', field: 'lastDate', reason: 'end' };
      // Ended before its first visit: no visit at all, and the plan ends now (its end date is for a plan that had some).
      const beforeFirst = change.lastDate < day(plan.startDate);
      const endDate = beforeFirst ? null : asDate(change.lastDate);
      return { data: { endDate, ...((after === tomorrow || beforeFirst) && { status: 'ended' }) }, from: beforeFirst || after <= tomorrow ? tomorrow : after };
    }
  }
}

/** Every visit of the plan as the steps read it, and whether a change of it is on its way. */
async function planVisitsNow(tx: Tx, planId: string): Promise<VisitNow[]> {
  const rows = await tx.deal.findMany({
    where: { planId, archivedAt: null },
    select: { ...visitSelect, amountCents: true, durationMinutes: true, skus: true, hubspotUpdatedAt: true, commands: { where: { status: 'pending' }, select: { id: true }, take: 1 } },
  });
  return rows.map((r) => ({
    ...visitView(r),
    amountCents: r.amountCents,
    durationMinutes: r.durationMinutes,
    skus: r.skus,
    pending: r.commands.length > 0,
    version: r.hubspotUpdatedAt?.toISOString() ?? null,
  }));
}

/** A step as the preview shows it: with what the scheduling would warn of (the cleaner busy then, outside working hours). */
export type PreviewStep = PlanChangeStep & { warnings: string[] };

const PREVIEW_WARNINGS: ReadonlySet<string> = new Set(['cleaner-busy', 'outside-hours']);

/** The schedule's own checks of each visit the change gives a time with a cleaner (deals/schedule-repository.ts). */
async function withWarnings(tx: Tx, steps: readonly PlanChangeStep[]): Promise<PreviewStep[]> {
  const out: PreviewStep[] = [];
  for (const step of steps) {
    const after = 'after' in step ? step.after : null;
    if (!after?.ownerId || step.action === 'keep') {
      out.push({ ...step, warnings: [] });
      continue;
    }
    const visit = { id: 'dealId' in step ? step.dealId : '', preferredDate: null, timeOfDay: null };
    const found = await warningsFor(tx, visit, { scheduledAt: after.scheduledAt, ownerId: after.ownerId, durationMinutes: after.durationMinutes });
    out.push({ ...step, warnings: found.filter((w) => PREVIEW_WARNINGS.has(w.code)).map((w) => w.message) });
  }
  return out;
}

/** The watched fields of a visit as the change read it (docs/staff-actions.md). */
function factsOfVisit(v: VisitNow | undefined): DealFacts | undefined {
  return v && { stageId: v.stageId, scheduledAt: v.scheduledAt, ownerId: v.ownerId, amountCents: v.amountCents, durationMinutes: v.durationMinutes };
}

/** What the office saw: a save whose steps differ from its preview's is stale. */
function fingerprint(steps: readonly PlanChangeStep[]): string {
  return createHash('sha256').update(JSON.stringify(steps)).digest('hex').slice(0, 32);
}

/**
 * Each visit the steps move, restore or cancel gets its `plan` command (which does not detach
 * it) and its occurrence and flag at once (our own columns); the date, cleaner, price, products
 * and stage change in the mirror once HubSpot has them. Only the earliest of them tells the customer: the
 * others are quiet (their reminders still come), or one change would send a text per visit.
 */
async function carryOut(tx: Tx, steps: readonly PlanChangeStep[], visits: ReadonlyMap<string, VisitNow>, staffEmail: string): Promise<void> {
  let told = false;
  for (const step of steps) {
    if (step.action === 'make' || step.action === 'keep') continue;
    const quiet = told;
    told = true;
    const changes =
      step.action === 'cancel'
        ? { stageId: STAGE.CANCELED }
        : {
            stageId: step.after.ownerId ? STAGE.CLEANING_SCHEDULED : STAGE.SCHEDULING_IN_PROGRESS,
            scheduledAt: step.after.scheduledAt,
            ownerId: step.after.ownerId,
            amountCents: step.after.amountCents,
            durationMinutes: step.after.durationMinutes,
            planOccurrence: step.after.occurrence,
            // Its products only when they change: the worker then replaces its line items too.
            ...(!sameSkus(visits.get(step.dealId)?.skus ?? [], step.after.skus) && { skus: [...step.after.skus] }),
          };
    const outcome = await recordDealCommandIn(
      tx,
      step.dealId,
      {
        kind: 'plan',
        // The visit as read in this transaction, which holds the plan: HubSpot is checked against it, and
        // a newer version mirrored meanwhile that changed none of its watched fields is not a change of it.
        seenModifiedAt: visits.get(step.dealId)?.version ?? null,
        seen: factsOfVisit(visits.get(step.dealId)),
        decide: async () => ({ changes: { ...changes, ...(quiet && { quiet: true }) } }),
      },
      staffEmail,
    );
    if (outcome.kind === 'pending') throw new Undo({ kind: 'pending' });
    if (outcome.kind !== 'recorded') throw new Undo({ kind: 'stale' });
    await tx.deal.update({
      where: { id: step.dealId },
      data: step.action === 'cancel' ? { planFlag: 'plan_canceled' } : { planOccurrence: asDate(step.after.occurrence), planFlag: step.after.flag },
      select: { id: true },
    });
  }
}
