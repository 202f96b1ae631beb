import { describe, expect, it } from 'vitest';
import { DEAL_STAGES, HISTORY_STAGES, STAGE } from './deal-stages';
import { checkMove, checkPlainMove, checkQuote, mayQuote, NEXT_STAGES, nextStages, plainMoves } from './deal-transitions';

const none = { amountCents: null, scheduledAt: null, ownerId: null };
const ready = { amountCents: 24_900, scheduledAt: new Date('2026-12-01T14:00:00Z'), ownerId: '501' };

describe('deal transitions', () => {
  it('has a row for every stage, and a deal only ever moves to a known stage other than its own', () => {
    expect(Object.keys(NEXT_STAGES).sort()).toEqual(DEAL_STAGES.map((s) => s.id).sort());
    for (const [from, next] of Object.entries(NEXT_STAGES)) {
      expect(next).not.toContain(from);
      for (const to of next) expect(DEAL_STAGES.some((s) => s.id === to)).toBe(true);
    }
  });

  it('ends a deal in the history stages: nothing follows them', () => {
    for (const stage of HISTORY_STAGES) expect(nextStages(stage)).toEqual([]);
  });

  it('reaches Cleaning Done from a request along the flow', () => {
    const path = [
      STAGE.CLEAN_REQUESTED,
      STAGE.PENDING_ESTIMATE_CALL,
      STAGE.CREATING_QUOTE,
      STAGE.AWAITING_QUOTE_APPROVAL,
      STAGE.INVOICE_PAYMENT_NEEDED,
      STAGE.SCHEDULING_IN_PROGRESS,
      STAGE.CLEANING_SCHEDULED,
      STAGE.CLEANING_DONE,
    ];
    for (let i = 1; i < path.length; i++) expect(checkMove(path[i - 1]!, path[i]!, ready)).toEqual({ ok: true });
  });

  it('cancels from every open stage, and quote-cancels only a quote not yet approved', () => {
    const open = DEAL_STAGES.map((s) => s.id).filter((id) => !HISTORY_STAGES.has(id));
    for (const from of open) expect(checkMove(from, STAGE.CANCELED, none).ok).toBe(true);
    const quoteCancelable = open.filter((from) => checkMove(from, STAGE.QUOTE_CANCELED, none).ok);
    expect(quoteCancelable.sort()).toEqual([STAGE.CREATING_QUOTE, STAGE.AWAITING_QUOTE_APPROVAL].sort());
  });

  it('refuses a move the table does not hold, naming both stages', () => {
    expect(checkMove(STAGE.CLEAN_REQUESTED, STAGE.CLEANING_SCHEDULED, ready)).toEqual({
      ok: false,
      reason: 'not-allowed',
      message: 'A deal in Clean Requested cannot move to Cleaning Scheduled.',
    });
    expect(checkMove(STAGE.CLEANING_DONE, STAGE.CANCELED, ready).ok).toBe(false);
  });

  it('asks for what a stage needs: an amount for a quote, a date and a cleaner to schedule', () => {
    expect(checkMove(STAGE.CREATING_QUOTE, STAGE.AWAITING_QUOTE_APPROVAL, none)).toEqual({
      ok: false,
      reason: 'missing',
      missing: ['amount'],
      message: 'Awaiting Quote Approval needs an amount.',
    });
    expect(checkMove(STAGE.CREATING_QUOTE, STAGE.AWAITING_QUOTE_APPROVAL, { ...none, amountCents: 0 }).ok).toBe(false);
    expect(checkMove(STAGE.SCHEDULING_IN_PROGRESS, STAGE.CLEANING_SCHEDULED, none)).toMatchObject({
      missing: ['date', 'cleaner'],
      message: 'Cleaning Scheduled needs a date and a cleaner.',
    });
    expect(checkMove(STAGE.SCHEDULING_IN_PROGRESS, STAGE.CLEANING_SCHEDULED, { ...ready, ownerId: null })).toMatchObject({
      message: 'Cleaning Scheduled needs a cleaner.',
    });
  });

  it('offers no move from a stage set in HubSpot that we do not know, and refuses one to it', () => {
    expect(nextStages('999')).toEqual([]);
    expect(checkMove('999', STAGE.CANCELED, ready)).toMatchObject({ ok: false, reason: 'unknown-stage' });
    expect(checkMove(STAGE.CLEAN_REQUESTED, '999', ready)).toMatchObject({ ok: false, reason: 'unknown-stage' });
  });

  it('sends a quote from a request, an estimate call or quote building, and again while it awaits approval', () => {
    const quotable = DEAL_STAGES.map((s) => s.id).filter(mayQuote);
    expect(quotable.sort()).toEqual([STAGE.CLEAN_REQUESTED, STAGE.PENDING_ESTIMATE_CALL, STAGE.CREATING_QUOTE, STAGE.AWAITING_QUOTE_APPROVAL].sort());
    expect(checkQuote(STAGE.INVOICE_PAYMENT_NEEDED, 24_900)).toEqual({
      ok: false,
      reason: 'not-allowed',
      message: 'A deal in Invoice Payment Needed cannot move to Awaiting Quote Approval.',
    });
    expect(checkQuote(STAGE.CREATING_QUOTE, 0)).toMatchObject({ ok: false, reason: 'missing', missing: ['amount'] });
  });

  it('leaves to their own action the stages a plain move would enter without what they mean', () => {
    expect(plainMoves(STAGE.CREATING_QUOTE)).toEqual([STAGE.QUOTE_CANCELED, STAGE.CANCELED]);
    expect(plainMoves(STAGE.CLEANING_SCHEDULED)).toEqual([STAGE.SCHEDULING_IN_PROGRESS, STAGE.CANCELED]);
    expect(checkPlainMove(STAGE.CREATING_QUOTE, STAGE.AWAITING_QUOTE_APPROVAL, { ...ready, amountCents: 28_000 })).toEqual({
      ok: false,
      reason: 'own-action',
      message: 'A deal awaits approval once a quote is sent: use Send quote.',
    });
    expect(checkPlainMove(STAGE.CLEANING_SCHEDULED, STAGE.CLEANING_DONE, ready)).toMatchObject({ reason: 'own-action', message: 'A cleaning is marked done by closing it out.' });
    // A move the table does not allow is refused as such, whichever action owns the stage.
    expect(checkPlainMove(STAGE.INVOICE_PAYMENT_NEEDED, STAGE.CLEANING_DONE, ready)).toMatchObject({ reason: 'not-allowed' });
    expect(checkPlainMove(STAGE.SCHEDULING_IN_PROGRESS, STAGE.CLEANING_SCHEDULED, ready)).toEqual({ ok: true });
  });
});
