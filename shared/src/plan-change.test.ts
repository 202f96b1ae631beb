import { describe, expect, it } from 'vitest';
import { STAGE } from './deal-stages';
import { addDays } from './eastern-time';
import { planChangeCounts, planChangeSteps, type PlanVisitNow } from './plan-change';
import { planVisits, type PlanRule } from './plan-schedule';

/** 9 AM Eastern on Tuesday, November 24, 2026. */
const NOW = new Date('2026-11-24T14:00:00Z');
const PACKAGE = ['recurring-basic-1500'];
const TERMS = { ownerId: 'maria', amountCents: 17_900, durationMinutes: 150, skus: PACKAGE };
const WEEKLY_TUESDAY: PlanRule = { frequency: 'weekly', weekday: 2, startTime: '10:00', startDate: '2026-12-01', endDate: null, pauses: [], closedDayRule: 'next_open_day' };

/** The plan's visits as its round made them: every Tuesday Dec 1 to Jan 19 at 10 AM with Maria. */
function madeVisits(rule: PlanRule = WEEKLY_TUESDAY): PlanVisitNow[] {
  return planVisits(rule, { from: '2026-11-25', through: '2027-01-19' }).map((v, i) => ({
    dealId: `d${i + 1}`,
    reference: `R-${i + 1}`,
    occurrence: v.occurrence,
    scheduledAt: v.startsAt.toISOString(),
    stageId: STAGE.CLEANING_SCHEDULED,
    ownerId: 'maria',
    amountCents: i === 0 ? 28_710 : 17_900,
    durationMinutes: 150,
    // The first visit came with the oven inside once.
    skus: i === 0 ? [...PACKAGE, 'addon-oven'] : PACKAGE,
    detached: false,
    flag: null,
  }));
}

const stepsFor = (rule: PlanRule, visits: PlanVisitNow[], from: string, now = NOW) =>
  planChangeSteps({ visits, targets: planVisits(rule, { from, through: addDays('2027-01-19', 14) }), terms: TERMS, from, through: '2027-01-19', firstOccurrence: '2026-12-01', now });

describe('a plan change for this and every later visit', () => {
  it('moves every Tuesday from the chosen one to the Wednesday after it, and leaves the visits before it', () => {
    const visits = madeVisits();
    const steps = stepsFor({ ...WEEKLY_TUESDAY, weekday: 3, startDate: '2026-12-15' }, visits, '2026-12-15');
    expect(planChangeCounts(steps)).toEqual({ move: 6, restore: 0, cancel: 0, make: 0, keep: 0 });
    const moves = steps.filter((s) => s.action === 'move');
    expect(moves.map((s) => s.dealId)).toEqual(['d3', 'd4', 'd5', 'd6', 'd7', 'd8']);
    expect(moves.map((s) => s.after.occurrence)).toEqual(['2026-12-16', '2026-12-23', '2026-12-30', '2027-01-06', '2027-01-13', '2027-01-20']);
    // 10 AM Eastern: 15:00 UTC in winter.
    expect(moves[0]!.after.scheduledAt).toBe('2026-12-16T15:00:00.000Z');
  });

  it('keeps a detached visit and one within the 24-hour lock, and makes no second visit for their dates', () => {
    const visits = madeVisits();
    visits[3] = { ...visits[3]!, detached: true };
    const steps = stepsFor({ ...WEEKLY_TUESDAY, startTime: '13:00' }, visits, '2026-12-01', new Date('2026-11-30T20:00:00Z'));
    expect(steps.filter((s) => s.action === 'keep').map((s) => [s.dealId, s.action === 'keep' && s.why])).toEqual([
      ['d1', 'soon'],
      ['d4', 'detached'],
    ]);
    expect(steps.filter((s) => s.action === 'make')).toHaveLength(0);
    expect(steps.filter((s) => s.action === 'move')).toHaveLength(6);
  });

  it('moving to another weekday keeps a skipped week skipped: the kept visit stands for its new date', () => {
    const visits = madeVisits();
    visits[3] = { ...visits[3]!, stageId: STAGE.CANCELED, detached: true };
    const steps = stepsFor({ ...WEEKLY_TUESDAY, weekday: 3, startDate: '2026-12-08' }, visits, '2026-12-08');
    expect(planChangeCounts(steps)).toEqual({ move: 6, restore: 0, cancel: 0, make: 0, keep: 0 });
    expect(steps.map((s) => s.action === 'move' && [s.dealId, s.after.occurrence])).toEqual([
      ['d2', '2026-12-09'],
      ['d3', '2026-12-16'],
      ['d5', '2026-12-30'],
      ['d6', '2027-01-06'],
      ['d7', '2027-01-13'],
      ['d8', '2027-01-20'],
    ]);
  });

  it('going from weekly to every 2 weeks keeps every other visit and cancels the ones between, with no new one', () => {
    const steps = stepsFor({ ...WEEKLY_TUESDAY, frequency: 'every_2_weeks', startDate: '2026-12-15' }, madeVisits(), '2026-12-15');
    expect(planChangeCounts(steps)).toMatchObject({ move: 1, cancel: 2, make: 0 });
    expect(steps.filter((s) => s.action === 'cancel').map((s) => s.dealId)).toEqual(['d4', 'd6']);
    // The last one, a week before the new rule's next date past the horizon, moves there rather than be canceled.
    expect(steps.find((s) => s.action === 'move')).toMatchObject({ dealId: 'd8', after: { occurrence: '2027-01-26' } });
  });

  it('a pause cancels its visits, and the resume restores them without making a visit twice', () => {
    const visits = madeVisits();
    const paused = stepsFor({ ...WEEKLY_TUESDAY, pauses: [{ from: '2026-12-20', to: '2027-01-03' }] }, visits, '2026-12-20');
    expect(paused.map((s) => [s.action, 'dealId' in s ? s.dealId : null])).toEqual([
      ['cancel', 'd4'],
      ['cancel', 'd5'],
    ]);
    const afterPause = visits.map((v) => (v.dealId === 'd4' || v.dealId === 'd5' ? { ...v, stageId: STAGE.CANCELED, flag: 'plan_canceled' } : v));
    const resumed = stepsFor(WEEKLY_TUESDAY, afterPause, '2026-11-25');
    expect(resumed.map((s) => [s.action, 'dealId' in s ? s.dealId : null])).toEqual([
      ['restore', 'd4'],
      ['restore', 'd5'],
    ]);
  });

  it('an end cancels what comes after its last day; a visit canceled by the office stays canceled', () => {
    const visits = madeVisits();
    visits[6] = { ...visits[6]!, stageId: STAGE.CANCELED, detached: true };
    const steps = stepsFor({ ...WEEKLY_TUESDAY, endDate: '2026-12-31' }, visits, '2027-01-01');
    expect(steps.map((s) => [s.action, 'dealId' in s ? s.dealId : null])).toEqual([
      ['cancel', 'd6'],
      ['cancel', 'd8'],
    ]);
  });

  it('a new price or cleaner changes the visits from the chosen one, the first visit keeping its own price', () => {
    const steps = planChangeSteps({
      visits: madeVisits(),
      targets: planVisits(WEEKLY_TUESDAY, { from: '2026-12-01', through: '2027-02-02' }),
      terms: { ...TERMS, ownerId: 'ana', amountCents: 19_900 },
      from: '2026-12-01',
      through: '2027-01-19',
      firstOccurrence: '2026-12-01',
      now: NOW,
    });
    const moves = steps.filter((s) => s.action === 'move');
    expect(moves).toHaveLength(8);
    expect(moves[0]!.after).toMatchObject({ ownerId: 'ana', amountCents: 28_710 });
    expect(moves.slice(1).every((s) => s.after.amountCents === 19_900 && s.after.ownerId === 'ana')).toBe(true);
  });

  it('other every-visit add-ons change the visits from the chosen one, in any order HubSpot lists them, never the first visit', () => {
    const visits = madeVisits();
    visits[4] = { ...visits[4]!, skus: ['addon-microwave', ...PACKAGE] };
    const steps = planChangeSteps({
      visits,
      targets: planVisits(WEEKLY_TUESDAY, { from: '2026-12-01', through: '2027-02-02' }),
      terms: { ...TERMS, amountCents: 20_400, skus: [...PACKAGE, 'addon-microwave'] },
      from: '2026-12-01',
      through: '2027-01-19',
      firstOccurrence: '2026-12-01',
      now: NOW,
    });
    const moves = steps.filter((s) => s.action === 'move');
    // The first visit keeps its own extras; every later one changes (the fifth had the microwave, not its price).
    expect(moves.map((s) => s.dealId)).toEqual(['d2', 'd3', 'd4', 'd5', 'd6', 'd7', 'd8']);
    expect(moves.every((s) => s.after.skus.join() === 'recurring-basic-1500,addon-microwave' && s.after.amountCents === 20_400)).toBe(true);
    const same = planChangeSteps({
      visits: visits.map((v) => ({ ...v, skus: [...PACKAGE, 'addon-microwave'].reverse() })),
      targets: planVisits(WEEKLY_TUESDAY, { from: '2026-12-08', through: '2027-02-02' }),
      terms: { ...TERMS, skus: [...PACKAGE, 'addon-microwave'] },
      from: '2026-12-08',
      through: '2027-01-19',
      firstOccurrence: '2026-12-01',
      now: NOW,
    });
    expect(same).toEqual([]);
  });

  it('across the November daylight-saving change a visit keeps its Eastern wall-clock time', () => {
    const fall: PlanRule = { ...WEEKLY_TUESDAY, startDate: '2026-10-27' };
    const visits = planVisits(fall, { from: '2026-10-27', through: '2026-11-10' });
    expect(visits.map((v) => v.startsAt.toISOString())).toEqual(['2026-10-27T14:00:00.000Z', '2026-11-03T15:00:00.000Z', '2026-11-10T15:00:00.000Z']);
  });
});
