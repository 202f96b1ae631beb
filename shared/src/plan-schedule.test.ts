import { describe, expect, it } from 'vitest';
import { firstOccurrence, planRuleProblem, planVisits, type PlanRule } from './plan-schedule';

/** A weekly Tuesday 10 AM plan from Tue, Dec 1, 2026. */
const WEEKLY: PlanRule = { frequency: 'weekly', weekday: 2, startTime: '10:00', startDate: '2026-12-01', endDate: null, pauses: [], closedDayRule: 'next_open_day' };
const dates = (rule: PlanRule, from: string, through: string, closed?: ReadonlySet<string>) => planVisits(rule, { from, through }, closed).map((v) => v.date);

describe('a plan’s visits', () => {
  it('weekly: every weekday of the rule from the first on or after the start', () => {
    expect(dates({ ...WEEKLY, startDate: '2026-11-28' }, '2026-11-01', '2026-12-22')).toEqual(['2026-12-01', '2026-12-08', '2026-12-15', '2026-12-22']);
  });

  it('every 2 and every 4 weeks: counted from the first visit, whatever the window', () => {
    const biweekly = { ...WEEKLY, frequency: 'every_2_weeks' } as const;
    expect(dates(biweekly, '2026-12-01', '2027-01-12')).toEqual(['2026-12-01', '2026-12-15', '2026-12-29', '2027-01-12']);
    // A window that starts between visits keeps the same fortnights.
    expect(dates(biweekly, '2026-12-02', '2026-12-31')).toEqual(['2026-12-15', '2026-12-29']);
    expect(dates({ ...WEEKLY, frequency: 'every_4_weeks' }, '2026-12-01', '2027-02-28')).toEqual(['2026-12-01', '2026-12-29', '2027-01-26', '2027-02-23']);
  });

  it('monthly on the nth weekday, or the last, from the start on', () => {
    const monthly = { ...WEEKLY, frequency: 'monthly_nth_weekday', nth: 2 } as const;
    // The second Tuesday: Dec 8, Jan 12, Feb 9.
    expect(dates(monthly, '2026-12-01', '2027-02-28')).toEqual(['2026-12-08', '2027-01-12', '2027-02-09']);
    // The last Friday: Dec 25, Jan 29, Feb 26 (a start after December's skips it).
    expect(dates({ ...monthly, weekday: 5, nth: -1, startDate: '2026-12-26' }, '2026-12-01', '2027-02-28')).toEqual(['2027-01-29', '2027-02-26']);
  });

  it('keeps the Eastern wall-clock time across the November daylight-saving change', () => {
    const visits = planVisits({ ...WEEKLY, startDate: '2026-10-27' }, { from: '2026-10-27', through: '2026-11-03' });
    // 10:00 EDT is 14:00 UTC; after Nov 1, 10:00 EST is 15:00 UTC.
    expect(visits.map((v) => v.startsAt.toISOString())).toEqual(['2026-10-27T14:00:00.000Z', '2026-11-03T15:00:00.000Z']);
  });

  it('has no visit in a pause or after the end date', () => {
    const rule = { ...WEEKLY, endDate: '2027-01-05', pauses: [{ from: '2026-12-14', to: '2026-12-27' }] };
    expect(dates(rule, '2026-12-01', '2027-02-01')).toEqual(['2026-12-01', '2026-12-08', '2026-12-29', '2027-01-05']);
  });

  it('moves a closed day’s visit to the next open day, keeping its occurrence as its identity', () => {
    const closed = new Set(['2026-12-22', '2026-12-23']);
    const visits = planVisits(WEEKLY, { from: '2026-12-15', through: '2026-12-29' }, closed);
    expect(visits.map(({ occurrence, date, flag }) => ({ occurrence, date, flag }))).toEqual([
      { occurrence: '2026-12-15', date: '2026-12-15', flag: null },
      { occurrence: '2026-12-22', date: '2026-12-24', flag: null },
      { occurrence: '2026-12-29', date: '2026-12-29', flag: null },
    ]);
    // Or to the open day before, as the plan says.
    expect(dates({ ...WEEKLY, closedDayRule: 'previous_open_day' }, '2026-12-15', '2026-12-29', closed)).toEqual(['2026-12-15', '2026-12-21', '2026-12-29']);
  });

  it('flags a closed day’s visit for the office when the plan says so, or when no open day is left before the next visit', () => {
    const flagged = planVisits({ ...WEEKLY, closedDayRule: 'flag' }, { from: '2026-12-22', through: '2026-12-22' }, new Set(['2026-12-22']));
    expect(flagged.map(({ date, flag }) => ({ date, flag }))).toEqual([{ date: '2026-12-22', flag: 'closed_day' }]);
    // Closed all week: moving would reach the next Tuesday's visit.
    const week = new Set(['2026-12-22', '2026-12-23', '2026-12-24', '2026-12-25', '2026-12-26', '2026-12-27', '2026-12-28']);
    expect(planVisits(WEEKLY, { from: '2026-12-22', through: '2026-12-28' }, week).map(({ date, flag }) => ({ date, flag }))).toEqual([{ date: '2026-12-22', flag: 'closed_day' }]);
  });

  it('gives the same visits whichever window they are read in', () => {
    const closed = new Set(['2027-01-19']);
    const whole = planVisits(WEEKLY, { from: '2026-12-01', through: '2027-03-01' }, closed);
    const byMonth = [
      ['2026-12-01', '2026-12-31'],
      ['2027-01-01', '2027-01-31'],
      ['2027-02-01', '2027-03-01'],
    ].flatMap(([from, through]) => planVisits(WEEKLY, { from: from!, through: through! }, closed));
    expect(byMonth).toEqual(whole);
    expect(new Set(whole.map((v) => v.occurrence)).size).toBe(whole.length);
  });

  it('refuses a rule it cannot follow, naming the field', () => {
    expect(planRuleProblem(WEEKLY)).toBeNull();
    expect(planRuleProblem({ ...WEEKLY, startTime: '9:30' })?.field).toBe('startTime');
    expect(planRuleProblem({ ...WEEKLY, endDate: '2026-11-30' })?.field).toBe('endDate');
    expect(planRuleProblem({ ...WEEKLY, frequency: 'monthly_nth_weekday' })?.field).toBe('nth');
    expect(planRuleProblem({ ...WEEKLY, pauses: [{ from: '2026-12-10', to: '2026-12-09' }] })?.field).toBe('pauses');
    expect(() => planVisits({ ...WEEKLY, startDate: '2026-13-01' }, { from: '2026-12-01', through: '2026-12-31' })).toThrow(/^startDate: /);
  });
});

describe('a plan’s first visit', () => {
  it('is the first occurrence on or after the start, whichever the frequency', () => {
    expect(firstOccurrence({ ...WEEKLY, startDate: '2026-11-28' })).toBe('2026-12-01');
    expect(firstOccurrence({ ...WEEKLY, frequency: 'every_2_weeks' })).toBe('2026-12-01');
    expect(firstOccurrence({ ...WEEKLY, frequency: 'monthly_nth_weekday', nth: 1, startDate: '2026-12-02' })).toBe('2027-01-05');
    expect(firstOccurrence({ ...WEEKLY, frequency: 'monthly_nth_weekday', weekday: 5, nth: -1 })).toBe('2026-12-25');
  });
});
