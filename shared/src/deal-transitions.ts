import { dealStageLabel, isKnownStage, STAGE, type DealStageId } from './deal-stages';

/**
 * Which deal stage may follow which (docs/product.md §4: "allowed transitions are managed by
 * the server"). The one table the api checks every staff action against and the staff pages
 * read to offer only the moves it allows.
 *
 * The flow: request → estimate call → quote → quote approval → payment → scheduling →
 * scheduled → done. The estimate call may be skipped (the size is known from the request), and
 * the office may send a quote straight from the request or the estimate call. A
 * quote not yet approved may be withdrawn (Quote Canceled) or sent back to be redone; a deal
 * may be canceled from any stage before it is done. Cleaning Done, Canceled and Quote Canceled
 * end a deal: a new cleaning is a new deal. A scheduled cleaning may go back to scheduling
 * (the cleaner fell ill); moving its date is not a change of stage.
 */
export const NEXT_STAGES: Readonly<Record<DealStageId, readonly DealStageId[]>> = {
  [STAGE.CLEAN_REQUESTED]: [STAGE.PENDING_ESTIMATE_CALL, STAGE.CREATING_QUOTE, STAGE.AWAITING_QUOTE_APPROVAL, STAGE.CANCELED],
  [STAGE.PENDING_ESTIMATE_CALL]: [STAGE.CREATING_QUOTE, STAGE.AWAITING_QUOTE_APPROVAL, STAGE.CANCELED],
  [STAGE.CREATING_QUOTE]: [STAGE.AWAITING_QUOTE_APPROVAL, STAGE.QUOTE_CANCELED, STAGE.CANCELED],
  [STAGE.AWAITING_QUOTE_APPROVAL]: [STAGE.INVOICE_PAYMENT_NEEDED, STAGE.CREATING_QUOTE, STAGE.QUOTE_CANCELED, STAGE.CANCELED],
  [STAGE.INVOICE_PAYMENT_NEEDED]: [STAGE.SCHEDULING_IN_PROGRESS, STAGE.CANCELED],
  [STAGE.SCHEDULING_IN_PROGRESS]: [STAGE.CLEANING_SCHEDULED, STAGE.CANCELED],
  [STAGE.CLEANING_SCHEDULED]: [STAGE.CLEANING_DONE, STAGE.SCHEDULING_IN_PROGRESS, STAGE.CANCELED],
  [STAGE.CLEANING_DONE]: [],
  [STAGE.CANCELED]: [],
  [STAGE.QUOTE_CANCELED]: [],
};

/** What a deal must carry to enter a stage. */
export const STAGE_NEED_KINDS = ['amount', 'date', 'cleaner'] as const;
export type StageNeed = (typeof STAGE_NEED_KINDS)[number];

/** A quote has an amount; a scheduled cleaning has a date and a cleaner. */
export const STAGE_NEEDS: Readonly<Partial<Record<DealStageId, readonly StageNeed[]>>> = {
  [STAGE.AWAITING_QUOTE_APPROVAL]: ['amount'],
  [STAGE.CLEANING_SCHEDULED]: ['date', 'cleaner'],
};

/**
 * Stages a plain move may not enter: the action that enters them carries what the stage means.
 * A deal awaits approval of a quote the customer can read (lines and total), so only sending
 * one moves it there; a cleaning is done through its close-out, which keeps the outcome and
 * waits for the cleaning's day. The text says what to do instead.
 */
export const ENTERED_BY_ACTION: Readonly<Partial<Record<DealStageId, string>>> = {
  [STAGE.AWAITING_QUOTE_APPROVAL]: 'A deal awaits approval once a quote is sent: use Send quote.',
  [STAGE.CLEANING_DONE]: 'A cleaning is marked done by closing it out.',
};

/** What the deal will carry once the move is made (its values, or the ones the move sets). */
export interface MoveFacts {
  amountCents: number | null;
  scheduledAt: Date | null;
  ownerId: string | null;
}

const NEED_TEXT: Record<StageNeed, string> = { amount: 'an amount', date: 'a date', cleaner: 'a cleaner' };

export type MoveCheck =
  | { ok: true }
  | { ok: false; reason: 'unknown-stage' | 'not-allowed' | 'own-action'; message: string }
  | { ok: false; reason: 'missing'; missing: StageNeed[]; message: string };

/** The stages a deal may move to from `stageId`; none from a stage we do not know. */
export function nextStages(stageId: string): readonly DealStageId[] {
  return isKnownStage(stageId) ? NEXT_STAGES[stageId] : [];
}

/** The stages a plain move (the staff pages' "Move to") may take a deal to from `stageId`. */
export function plainMoves(stageId: string): readonly DealStageId[] {
  return nextStages(stageId).filter((stage) => !ENTERED_BY_ACTION[stage]);
}

/** Whether a plain move may take a deal from `from` to `to`: the table, what the stage needs, and not a stage with its own action. */
export function checkPlainMove(from: string, to: string, facts: MoveFacts): MoveCheck {
  const own = isKnownStage(to) ? ENTERED_BY_ACTION[to] : undefined;
  if (own && isKnownStage(from) && NEXT_STAGES[from].includes(to as DealStageId)) return { ok: false, reason: 'own-action', message: own };
  return checkMove(from, to, facts);
}

/** Whether a deal in stage `from` may enter `to` (by any action), given what it will carry. */
export function checkMove(from: string, to: string, facts: MoveFacts): MoveCheck {
  if (!isKnownStage(to)) return { ok: false, reason: 'unknown-stage', message: `There is no deal stage ${to}.` };
  if (!isKnownStage(from)) {
    return { ok: false, reason: 'unknown-stage', message: `This deal is in a stage we do not know (${from}): change it in HubSpot.` };
  }
  if (!NEXT_STAGES[from].includes(to)) {
    return { ok: false, reason: 'not-allowed', message: `A deal in ${dealStageLabel(from)} cannot move to ${dealStageLabel(to)}.` };
  }
  const missing = (STAGE_NEEDS[to] ?? []).filter((need) => !has(need, facts));
  if (missing.length > 0) {
    return { ok: false, reason: 'missing', missing, message: `${dealStageLabel(to)} needs ${joinNeeds(missing)}.` };
  }
  return { ok: true };
}

function has(need: StageNeed, facts: MoveFacts): boolean {
  if (need === 'amount') return facts.amountCents !== null && facts.amountCents > 0;
  if (need === 'date') return facts.scheduledAt !== null;
  return facts.ownerId !== null && facts.ownerId !== '';
}

function joinNeeds(needs: StageNeed[]): string {
  const words = needs.map((need) => NEED_TEXT[need]);
  return words.length === 1 ? words[0]! : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

/**
 * Whether the office may send a quote to a deal in stage `from`: a quote moves the deal to
 * Awaiting Quote Approval, so the table must allow that move. A deal already awaiting approval
 * may be quoted again: the new quote replaces the one the customer has not answered yet.
 */
export function checkQuote(from: string, amountCents: number): MoveCheck {
  if (from === STAGE.AWAITING_QUOTE_APPROVAL) return { ok: true };
  return checkMove(from, STAGE.AWAITING_QUOTE_APPROVAL, { amountCents, scheduledAt: null, ownerId: null });
}

/** Whether the staff pages offer the quote form for a deal in stage `stageId`. */
export const mayQuote = (stageId: string): boolean => checkQuote(stageId, 1).ok;
