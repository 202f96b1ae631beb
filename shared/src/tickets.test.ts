import { describe, expect, it } from 'vitest';
import { isTicketActive, isTicketClosed, manageButtonsState, pickClaim, pickRequests, ticketCategoryKey, ticketNoun } from './tickets';

const ticket = (category: string, stage: string | null) => ({
  properties: { hs_ticket_category: category, hs_pipeline_stage: stage },
});
const H = 3_600_000;
const now = new Date('2026-06-10T12:00:00Z');
const inHours = (h: number) => new Date(now.getTime() + h * H);

describe('ticket active/closed', () => {
  it.each(['4', '1613485805', '1613485806'])('stage %s is closed', (stage) => {
    expect(isTicketClosed(ticket('Reschedule Request', stage))).toBe(true);
    expect(isTicketActive(ticket('Reschedule Request', stage))).toBe(false);
  });

  it.each(['1', '2', '3', '1613485804', '', null])('stage %j is active', (stage) => {
    expect(isTicketActive(ticket('Cancellation Request', stage))).toBe(true);
  });

  it('picks the first active and first closed request', () => {
    const a = ticket('Reschedule Request', '1');
    const c = ticket('Cancellation Request', '4');
    expect(pickRequests([c, a])).toEqual({ activeRequest: a, closedRequest: c });
    expect(pickRequests([])).toEqual({ activeRequest: null, closedRequest: null });
  });

  it('leaves re-clean claims out of the change requests, and picks the latest claim', () => {
    const claim = ticket('Re-clean Claim', '1');
    const older = ticket('Re-clean Claim', '1613485806');
    const closed = ticket('Reschedule Request', '1613485805');
    expect(pickRequests([claim, closed, older])).toEqual({ activeRequest: null, closedRequest: closed });
    expect(pickClaim([closed, claim, older])).toBe(claim);
    expect(pickClaim([closed])).toBeNull();
  });

  it('names each category for the database and in a sentence', () => {
    expect(['Reschedule Request', 'Cancellation Request', 'Re-clean Claim', 'Complaint', null].map(ticketCategoryKey)).toEqual([
      'RescheduleRequest',
      'CancellationRequest',
      'RecleanClaim',
      undefined,
      undefined,
    ]);
    expect(['Reschedule Request', 'Cancellation Request', 'Re-clean Claim', null].map(ticketNoun)).toEqual(['change request', 'cancellation request', 're-clean claim', 'change request']);
  });
});

describe('Change/Cancel buttons', () => {
  it('are enabled with nothing going on', () => {
    expect(manageButtonsState({ scheduled: inHours(72), now })).toEqual({ disabled: false, message: null, note: null, passed: false });
  });

  it('are disabled while a reschedule request is in progress', () => {
    expect(manageButtonsState({ activeRequest: ticket('Reschedule Request', '1'), scheduled: inHours(72), now })).toEqual({
      disabled: true,
      message: 'A reschedule request is in progress.',
      note: null,
      passed: false,
    });
  });

  it('are disabled while a cancellation request is in progress', () => {
    const state = manageButtonsState({ activeRequest: ticket('Cancellation Request', '2'), scheduled: inHours(72), now });
    expect(state).toEqual({ disabled: true, message: 'A cancellation request is in progress.', note: null, passed: false });
  });

  it("show 'Recently modified (category)' with only a closed request", () => {
    expect(manageButtonsState({ closedRequest: ticket('Cancellation Request', '4'), scheduled: inHours(72), now })).toEqual({
      disabled: false,
      message: null,
      note: 'Recently modified (Cancellation Request)',
      passed: false,
    });
  });

  it('an active request wins over a closed one', () => {
    const state = manageButtonsState({
      activeRequest: ticket('Reschedule Request', '1'),
      closedRequest: ticket('Cancellation Request', '4'),
      scheduled: inHours(72),
      now,
    });
    expect(state.message).toBe('A reschedule request is in progress.');
    expect(state.note).toBeNull();
  });

  it('a ticket passed as active but actually closed counts as closed', () => {
    expect(manageButtonsState({ activeRequest: ticket('Reschedule Request', '4'), scheduled: inHours(72), now }).disabled).toBe(false);
  });

  it.each([
    [0.5, true],
    [20, true],
    [24, true],
    [24 + 1 / 60, false],
  ])('%s h ahead: locked %s', (hours, locked) => {
    const state = manageButtonsState({ scheduled: inHours(hours), now });
    expect(state.disabled).toBe(locked);
    expect(state.message).toBe(locked ? 'Changes or cancellations are not available within 24hrs of cleaning date.' : null);
    expect(state.passed).toBe(false);
  });

  it.each([-4, -1 / 60, 0])("%s h ahead (its time has come or gone, not closed out): off, saying the cleaning's time has passed", (hours) => {
    expect(manageButtonsState({ scheduled: inHours(hours), now })).toEqual({ disabled: true, message: "This cleaning's time has passed.", note: null, passed: true });
  });

  it('a passed cleaning says so even with a request still open, and keeps the note of one answered', () => {
    const open = manageButtonsState({ activeRequest: ticket('Reschedule Request', '1'), scheduled: inHours(-4), now });
    expect(open).toMatchObject({ disabled: true, message: "This cleaning's time has passed.", passed: true });
    const answered = manageButtonsState({ closedRequest: ticket('Cancellation Request', '4'), scheduled: inHours(-4), now });
    expect(answered).toEqual({ disabled: true, message: "This cleaning's time has passed.", note: 'Recently modified (Cancellation Request)', passed: true });
  });

  it('inside the lock keeps the recently-modified note', () => {
    expect(manageButtonsState({ closedRequest: ticket('Reschedule Request', '4'), scheduled: inHours(5), now })).toEqual({
      disabled: true,
      message: 'Changes or cancellations are not available within 24hrs of cleaning date.',
      note: 'Recently modified (Reschedule Request)',
      passed: false,
    });
  });

  it('no date means no lock', () => {
    expect(manageButtonsState({ scheduled: null, now }).disabled).toBe(false);
  });
});
