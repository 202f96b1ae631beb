import { describe, expect, it } from 'vitest';
import { STAGE } from './deal-stages';
import { cleaningEndsAt, recleanClaimDeadline, recleanClaimRefusal, recleanClaimSchema, recleanView, type ClaimableDeal } from './reclean-claim';

const H = 3_600_000;
// 9:00 AM Eastern on Tuesday 1 December 2026, planned for three hours: it ends at noon.
const START = new Date('2026-12-01T14:00:00Z');
const END = new Date('2026-12-01T17:00:00Z');
const done: ClaimableDeal = { stageId: STAGE.CLEANING_DONE, scheduledAt: START, durationMinutes: 180, serviceType: 'basic-1500' };
const at = (hoursAfterEnd: number) => new Date(END.getTime() + hoursAfterEnd * H);
const claim = (stage: string | null) => ({ properties: { hs_ticket_category: 'Re-clean Claim', hs_pipeline_stage: stage } });

describe('re-clean claim window', () => {
  it('counts from the scheduled end: the start plus the planned duration, else the package’s', () => {
    expect(cleaningEndsAt(done)).toEqual(END);
    expect(cleaningEndsAt({ ...done, durationMinutes: null, serviceType: 'basic-1500' })).toEqual(new Date(START.getTime() + 2 * H));
    expect(cleaningEndsAt({ ...done, durationMinutes: null, serviceType: 'deep-2000' })).toEqual(new Date(START.getTime() + 4 * H));
    expect(cleaningEndsAt({ ...done, scheduledAt: null })).toBeNull();
  });

  it('ends the company’s window after the end of a done cleaning; other deals have none', () => {
    expect(recleanClaimDeadline(done, 48)).toEqual(at(48));
    expect(recleanClaimDeadline(done, 24)).toEqual(at(24));
    expect(recleanClaimDeadline({ ...done, stageId: STAGE.CLEANING_SCHEDULED }, 48)).toBeNull();
    expect(recleanClaimDeadline({ ...done, stageId: STAGE.CANCELED }, 48)).toBeNull();
    // Done in HubSpot without a date: nothing to count from.
    expect(recleanClaimDeadline({ ...done, scheduledAt: null }, 48)).toBeNull();
  });

  it('takes a claim until the deadline, not at it nor after', () => {
    const refusal = (now: Date, extra: Partial<Parameters<typeof recleanClaimRefusal>[0]> = {}) =>
      recleanClaimRefusal({ deal: done, claim: null, windowHours: 48, now, ...extra });
    expect(refusal(at(0))).toBeNull();
    expect(refusal(at(47.99))).toBeNull();
    const closed = {
      code: 'claim_window_closed',
      message: 'It is more than 48 hours since this cleaning, so the satisfaction guarantee no longer covers it here. Please contact us if something is wrong.',
    };
    expect(refusal(at(48))).toEqual(closed);
    expect(refusal(at(100))).toEqual(closed);
    expect(refusal(at(30), { windowHours: 24 })?.code).toBe('claim_window_closed');
  });

  it('refuses a cleaning that is not done, and a second claim while one is open', () => {
    const now = at(1);
    expect(recleanClaimRefusal({ deal: { ...done, stageId: STAGE.CLEANING_SCHEDULED }, claim: null, windowHours: 48, now })).toEqual({
      code: 'not_done',
      message: 'You can tell us something was missed once the cleaning is done.',
    });
    for (const stage of [null, '1']) {
      expect(recleanClaimRefusal({ deal: done, claim: claim(stage), windowHours: 48, now })).toEqual({
        code: 'claim_in_progress',
        message: 'We have your claim for this cleaning and will be in touch.',
      });
    }
    // Once the office answered, another claim may follow within the window.
    expect(recleanClaimRefusal({ deal: done, claim: claim('1613485806'), windowHours: 48, now })).toBeNull();
  });
});

describe('re-clean claim on the card', () => {
  const until = at(48);

  it('is offered inside the window with no open claim', () => {
    expect(recleanView({ until, claim: null, now: at(1) })).toEqual({ offered: true, until, note: null });
    expect(recleanView({ until, claim: null, now: at(48) }).offered).toBe(false);
    expect(recleanView({ until: null, claim: null, now: at(1) })).toEqual({ offered: false, until: null, note: null });
  });

  it('says what became of the latest claim, in the customer’s words', () => {
    expect(recleanView({ until, claim: claim(null), now: at(1) })).toEqual({ offered: false, until, note: 'We have your claim for this cleaning and will be in touch.' });
    expect(recleanView({ until, claim: { ...claim('1613485805'), approval_note: 'We come on Thursday at 10 AM.' }, now: at(2) }).note).toBe(
      'We will come back to fix it at no charge: We come on Thursday at 10 AM.',
    );
    expect(recleanView({ until, claim: claim('1613485805'), now: at(2) }).note).toBe('We will come back to fix it at no charge.');
    expect(recleanView({ until, claim: { ...claim('1613485806'), decline_reason: 'The oven was not part of the booking.' }, now: at(2) })).toEqual({
      offered: true,
      until,
      note: 'We could not accept your re-clean claim: The oven was not part of the booking.',
    });
    expect(recleanView({ until, claim: claim('4'), now: at(2) }).note).toBe('Your claim for this cleaning is closed.');
  });
});

describe('re-clean claim body', () => {
  const issues = (input: unknown) => {
    const result = recleanClaimSchema.safeParse(input);
    return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
  };

  it('takes what was missed, trimmed', () => {
    expect(recleanClaimSchema.parse({ missed: '  The oven  ' })).toEqual({ missed: 'The oven' });
  });

  it.each([
    ['nothing', {}, 'Please tell us what was missed.'],
    ['blanks', { missed: '   ' }, 'Please tell us what was missed.'],
    ['a number', { missed: 5 }, 'Please tell us what was missed.'],
    ['1001 characters', { missed: 'x'.repeat(1001) }, 'Please keep what was missed under 1000 characters.'],
  ])('refuses %s, naming the field', (_label, input, message) => {
    expect(issues(input)).toEqual({ missed: message });
  });

  it('is strict: photos and other fields are refused', () => {
    expect(issues({ missed: 'The oven', photos: [] })).toEqual({ '': 'Unrecognized key: "photos"' });
    expect(recleanClaimSchema.safeParse({ missed: 'x'.repeat(1000) }).success).toBe(true);
  });
});
