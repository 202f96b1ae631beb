import { CHECKLIST_ITEM_UNKNOWN, checklistTickSchema, visitDoneSchema, type ChecklistItem, type ChecklistResult, type ChecklistTicks } from '@app/shared/cleaning-checklists';
import { arrivalWindow, onMyWaySchema, VISIT_NOT_SCHEDULED, VISIT_NOT_TODAY, VISIT_OFFICE_BUSY, visitView, type VisitActionResult } from '@app/shared/cleaning-visit';
import { STAGE } from '@app/shared/deal-stages';
import { easternToday } from '@app/shared/eastern-time';
import { AppError, errors } from '../../errors';
import type { CleanerIdentity } from '../../middleware/session';
import type { ModuleDeps } from '../registry';
import { commandResult } from '../staff/common/command-result';
import { isPendingClash } from '../staff/common/command-repository';
import { findTappedDeal, findTicks, findVisit, onMyWayTexted, recordDone, recordOnMyWay, recordStart, recordTick, type TappedDeal } from './visit-repository';

export type VisitDeps = Pick<ModuleDeps, 'db' | 'now' | 'outbox' | 'sendableAt' | 'customerTextsOff'>;

const refuse = (r: { code: string; message: string }) => new AppError(409, r.code, r.message);

/**
 * The cleaning a tap is about (docs/cleaner-day.md): this cleaner's (403 otherwise, and for a
 * cleaning that does not exist: a cleaner learns nothing of others'), on its Eastern day (409).
 */
export async function tappable(deps: Pick<VisitDeps, 'db' | 'now'>, cleaner: CleanerIdentity, dealId: string): Promise<TappedDeal> {
  const deal = await findTappedDeal(deps.db, dealId);
  if (!deal || deal.ownerId !== cleaner.ownerId || !deal.scheduledAt) throw errors.forbidden();
  if (easternToday(deal.scheduledAt) !== easternToday(deps.now())) throw refuse(VISIT_NOT_TODAY);
  return deal;
}

/** A tap changes a scheduled cleaning only (one the office closed out as done still takes Done). */
export function requireScheduled(deal: TappedDeal, orDone = false): void {
  if (deal.stageId === STAGE.CLEANING_SCHEDULED || (orDone && deal.stageId === STAGE.CLEANING_DONE)) return;
  throw refuse(VISIT_NOT_SCHEDULED);
}

async function answer(deps: VisitDeps, deal: TappedDeal, extra: Partial<VisitActionResult> = {}): Promise<VisitActionResult> {
  const visit = await findVisit(deps.db, deal.id);
  return { visit: visitView(visit, deal, deps.now()), ...extra };
}

/** POST /api/cleaner/deals/:id/on-my-way { minutes? }: once per visit (ETA_DEFAULT_MINUTES without minutes); a later tap answers the first. */
export async function onMyWay(deps: VisitDeps, cleaner: CleanerIdentity, dealId: string, body: unknown): Promise<VisitActionResult> {
  const deal = await tappable(deps, cleaner, dealId);
  const { minutes } = onMyWaySchema.parse(body ?? {});
  const before = await findVisit(deps.db, deal.id);
  if (!before?.onMyWayAt && !before?.startedAt && !before?.doneAt) {
    requireScheduled(deal);
    const now = deps.now();
    const text = { phone: deal.phone, sendAt: deps.sendableAt(now), notAfter: arrivalWindow(now, minutes).to, off: deps.customerTextsOff.has('on_my_way') };
    await recordOnMyWay(deps.db, deal, cleaner, minutes, text, now);
    deps.outbox.notify();
  }
  return answer(deps, deal, { texted: await onMyWayTexted(deps.db, deal.id) });
}

/** POST /api/cleaner/deals/:id/start: once per visit. */
export async function startVisit(deps: VisitDeps, cleaner: CleanerIdentity, dealId: string): Promise<VisitActionResult> {
  const deal = await tappable(deps, cleaner, dealId);
  const before = await findVisit(deps.db, deal.id);
  if (!before?.startedAt && !before?.doneAt) {
    requireScheduled(deal);
    await recordStart(deps.db, deal.id, cleaner, deps.now());
  }
  return answer(deps, deal);
}

/**
 * PUT /api/cleaner/deals/:id/checklist/:itemId { ticked }: an item of the visit's checklist ticked
 * (or unticked) as the cleaner goes, on the same rule as the taps; idempotent. An item not on the
 * visit's checklist is refused naming `itemId`. After Done, the ticks stand as they were.
 */
export async function tickItem(deps: VisitDeps, cleaner: CleanerIdentity, dealId: string, itemId: string, body: unknown): Promise<ChecklistTicks> {
  const deal = await tappable(deps, cleaner, dealId);
  const { ticked } = checklistTickSchema.parse(body ?? {});
  if (!deal.checklist.items.some((i) => i.id === itemId)) throw errors.validation('itemId', CHECKLIST_ITEM_UNKNOWN);
  const visit = await findVisit(deps.db, deal.id);
  if (visit?.doneAt) return { ticked: await findTicks(deps.db, deal.id) };
  requireScheduled(deal);
  return { ticked: await recordTick(deps.db, deal.id, cleaner, itemId, ticked) };
}

/** The close-out's note on the HubSpot deal: who finished it, and what was left with why. */
export function doneNote(items: readonly ChecklistItem[], checklist: ChecklistResult): string {
  const left = items.flatMap((i) => (checklist[i.id] === true ? [] : [`${i.label} (${String(checklist[i.id])})`]));
  const note = left.length ? `Done from My day. Not done: ${left.join('; ')}.` : 'Done from My day, every checklist item ticked.';
  return note.length > 500 ? `${note.slice(0, 499)}…` : note;
}

/**
 * POST /api/cleaner/deals/:id/done { checklist? }: once per visit; the ticks saved as the cleaner
 * went count, and only the unticked items need a reason. Done without a Start tap records
 * the start at the same moment. Writes the office's close-out command (outcome done).
 */
export async function finishVisit(deps: VisitDeps, cleaner: CleanerIdentity, dealId: string, body: unknown): Promise<VisitActionResult> {
  const deal = await tappable(deps, cleaner, dealId);
  const { items } = deal.checklist;
  // The ticks saved as the cleaner went count: only the items still unticked need a reason.
  const { checklist } = visitDoneSchema(items, await findTicks(deps.db, deal.id)).parse(body ?? {});
  const before = await findVisit(deps.db, deal.id);
  if (!before?.doneAt) {
    requireScheduled(deal, true);
    let outcome;
    try {
      outcome = await recordDone(deps.db, deal.id, cleaner, { checklist, items, note: doneNote(items, checklist) }, deps.now());
    } catch (error) {
      // Another command of the deal got in at the same moment (the one-pending index).
      if (isPendingClash(error)) throw refuse(VISIT_OFFICE_BUSY);
      throw error;
    }
    if (outcome.kind === 'pending') throw refuse(VISIT_OFFICE_BUSY);
    if (outcome.kind === 'recorded') {
      if (outcome.commandId) deps.outbox.notify();
    } else if (outcome.kind !== 'already_done') {
      // Not found, stale or refused: the office's close-out answers (and nothing was recorded).
      commandResult(deps, outcome);
    }
  }
  return answer(deps, deal);
}
