import { STAGE } from './deal-stages';
import { isWithinChangeLock } from './eastern-time';
import { dayDiff, type PlanVisit } from './plan-schedule';
import { VISIT_TO_COME_STAGES } from './recurring-plan';

/**
 * What a change of a recurring plan does to its visits (docs/recurring-plans.md): the office's
 * preview shows it and the api carries it out, from this one function. The plan as it will be
 * gives its visits from the change's first day on; the visits made already are matched to them,
 * and each is moved, restored, canceled or left as it is; what no visit stands for yet is made.
 *
 * A visit changed on its own (detached), one starting within the 24-hour lock (the customer has
 * had its reminder, the cleaner has planned the day), and one that is over are kept as they are,
 * and the date they stand for under the changed plan is theirs: the plan makes no second visit
 * for it (a week the customer skipped stays skipped when the plan moves to another weekday).
 */

/** A visit of the plan as it is now. */
export interface PlanVisitNow {
  dealId: string;
  reference: string;
  occurrence: string;
  scheduledAt: string | null;
  stageId: string;
  ownerId: string | null;
  amountCents: number | null;
  durationMinutes: number | null;
  /** Its products (HubSpot external_skus): the service and the add-ons it comes with. */
  skus: readonly string[];
  detached: boolean;
  flag: string | null;
}

/** What a visit of the plan is: when, with whom, with which add-ons at what price, and its flag. */
export interface VisitSlot {
  occurrence: string;
  scheduledAt: string;
  ownerId: string | null;
  amountCents: number;
  durationMinutes: number;
  skus: readonly string[];
  flag: 'closed_day' | null;
}

export type PlanChangeStep =
  | { action: 'move'; dealId: string; reference: string; before: VisitSlot | null; after: VisitSlot }
  | { action: 'restore'; dealId: string; reference: string; after: VisitSlot }
  | { action: 'cancel'; dealId: string; reference: string; before: VisitSlot | null }
  | { action: 'make'; after: VisitSlot }
  | { action: 'keep'; dealId: string; reference: string; before: VisitSlot | null; why: 'detached' | 'soon' };

/** The plan's terms for each visit after the change. */
export interface VisitTerms {
  ownerId: string | null;
  amountCents: number;
  durationMinutes: number;
  skus: readonly string[];
}

/** How far a visit's new date may lie from its old one for the visit to move there rather than be canceled. */
const NEAR_DAYS = 7;

const slotOf = (v: PlanVisitNow): VisitSlot | null =>
  v.scheduledAt === null
    ? null
    : { occurrence: v.occurrence, scheduledAt: v.scheduledAt, ownerId: v.ownerId, amountCents: v.amountCents ?? 0, durationMinutes: v.durationMinutes ?? 0, skus: v.skus, flag: v.flag === 'closed_day' ? 'closed_day' : null };

/** Whether two visits come with the same products, in whatever order HubSpot lists them. */
export const sameSkus = (a: readonly string[], b: readonly string[]) => a.length === b.length && [...a].sort().join(';') === [...b].sort().join(';');

const sameSlot = (a: VisitSlot | null, b: VisitSlot) =>
  a !== null &&
  a.occurrence === b.occurrence &&
  Date.parse(a.scheduledAt) === Date.parse(b.scheduledAt) &&
  a.ownerId === b.ownerId &&
  a.amountCents === b.amountCents &&
  a.durationMinutes === b.durationMinutes &&
  sameSkus(a.skus, b.skus) &&
  a.flag === b.flag;

/** Whether the plan itself canceled this visit (a pause, an end, fewer visits), so it may restore it. */
const canceledByPlan = (v: PlanVisitNow) => v.stageId === STAGE.CANCELED && v.flag === 'plan_canceled' && !v.detached;

/**
 * The steps that take the plan's visits from `visits` (every visit of the plan) to `targets` (the
 * visits the changed plan gives from `from`, a little past `through` so a visit moved later
 * still finds its new date): visits before `from` are not touched. A target that a visit holds
 * (the same occurrence) is that visit; the others are given, in date order, to the visits that
 * hold none, each the next within a week of its date; a visit to come left over is canceled, a
 * target left over up to `through` is made. `firstOccurrence`, the plan's first visit, keeps its
 * own price and add-ons (its first-visit extras).
 */
export function planChangeSteps(input: {
  visits: readonly PlanVisitNow[];
  targets: readonly PlanVisit[];
  terms: VisitTerms;
  from: string;
  through: string;
  firstOccurrence: string;
  now: Date;
}): PlanChangeStep[] {
  const { terms, from, through, now } = input;
  const affected = input.visits.filter((v) => v.occurrence >= from).sort((a, b) => a.occurrence.localeCompare(b.occurrence));
  const steps: PlanChangeStep[] = [];
  const kept = new Set<PlanVisitNow>();
  for (const visit of affected) {
    const toCome = VISIT_TO_COME_STAGES.has(visit.stageId);
    if (canceledByPlan(visit) || (toCome && !visit.detached && !(visit.scheduledAt && isWithinChangeLock(new Date(visit.scheduledAt), now)))) continue;
    kept.add(visit);
    if (toCome) steps.push({ action: 'keep', dealId: visit.dealId, reference: visit.reference, before: slotOf(visit), why: visit.detached ? 'detached' : 'soon' });
  }
  const slots = input.targets
    .filter((t) => t.occurrence >= from)
    .map((t): VisitSlot => ({ occurrence: t.occurrence, scheduledAt: t.startsAt.toISOString(), flag: t.flag, ...terms }))
    .sort((a, b) => a.occurrence.localeCompare(b.occurrence));
  // A target whose date a visit holds is that visit.
  const byOccurrence = new Map(affected.map((v) => [v.occurrence, v]));
  const matched = new Map<VisitSlot, PlanVisitNow>();
  for (const slot of slots) {
    const visit = byOccurrence.get(slot.occurrence);
    if (visit) {
      matched.set(slot, visit);
      byOccurrence.delete(slot.occurrence);
    }
  }
  // Every other visit takes the next free target within a week of its date, in date order
  // (Tuesday's visit the next Wednesday); a kept one takes it too, so a skipped week stays
  // skipped. A visit to come with none near is canceled, a target with no visit near is made:
  // a pause or an end leaves nothing near, and its visits are canceled.
  const free = [...byOccurrence.values()].filter((v) => !canceledByPlan(v));
  const freeSlots = slots.filter((s) => !matched.has(s));
  const unpaired: PlanVisitNow[] = [];
  let next = 0;
  for (const visit of free) {
    while (next < freeSlots.length && dayDiff(freeSlots[next]!.occurrence, visit.occurrence) < -NEAR_DAYS) next++;
    const slot = freeSlots[next];
    if (slot && Math.abs(dayDiff(slot.occurrence, visit.occurrence)) <= NEAR_DAYS) {
      matched.set(slot, visit);
      next++;
    } else if (!kept.has(visit)) unpaired.push(visit);
  }
  for (const slot of slots) {
    const visit = matched.get(slot);
    if (!visit) {
      if (slot.occurrence <= through) steps.push({ action: 'make', after: slot });
      continue;
    }
    if (kept.has(visit)) continue;
    const after = visit.occurrence === input.firstOccurrence && visit.amountCents !== null ? { ...slot, amountCents: visit.amountCents, skus: visit.skus } : slot;
    if (canceledByPlan(visit)) steps.push({ action: 'restore', dealId: visit.dealId, reference: visit.reference, after });
    else if (!sameSlot(slotOf(visit), after)) steps.push({ action: 'move', dealId: visit.dealId, reference: visit.reference, before: slotOf(visit), after });
  }
  for (const visit of unpaired) steps.push({ action: 'cancel', dealId: visit.dealId, reference: visit.reference, before: slotOf(visit) });
  const when = (step: PlanChangeStep) => ('after' in step ? step.after.scheduledAt : (step.before?.scheduledAt ?? ''));
  return steps.sort((a, b) => when(a).localeCompare(when(b)));
}

/** The preview's counts, in the words the office reads before saving. */
export function planChangeCounts(steps: readonly PlanChangeStep[]): Record<PlanChangeStep['action'], number> {
  const counts = { move: 0, restore: 0, cancel: 0, make: 0, keep: 0 };
  for (const step of steps) counts[step.action] += 1;
  return counts;
}
