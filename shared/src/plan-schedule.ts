import { addDays, easternWallTimeToInstant, isCalendarDate } from './eastern-time';

/**
 * When a recurring plan's visits fall: the rule of a plan (how often, which weekday, what time
 * of day in Eastern Time, from when, until when, its pauses) and the company's closed days give
 * each visit in a window. Pure: the worker that keeps a plan's visits made ahead, the office's
 * "what will change" preview and the portal's next visits all read the same dates from here.
 *
 * A visit's identity is its occurrence: the date the rule gives, before any closed-day move. A
 * visit moved off a closed day keeps it, so making the horizon again finds the same visit.
 */

/** Weekly; every 2 or 4 weeks from the first visit; or monthly on the nth (or last) weekday. */
export const PLAN_FREQUENCIES = ['weekly', 'every_2_weeks', 'every_4_weeks', 'monthly_nth_weekday'] as const;
export type PlanFrequency = (typeof PLAN_FREQUENCIES)[number];

/** Sunday 0 to Saturday 6, as Date's getUTCDay counts them. */
export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;

/** What a plan does with a visit that falls on a day the company is closed. */
export type ClosedDayRule = 'next_open_day' | 'previous_open_day' | 'flag';

export interface PlanRule {
  frequency: PlanFrequency;
  weekday: Weekday;
  /** 'HH:MM', 24-hour, Eastern wall clock: the same reading across daylight-saving changes. */
  startTime: string;
  /** The first visit is on the first `weekday` on or after it ('YYYY-MM-DD'). */
  startDate: string;
  /** No visit after it (inclusive); null: no end. */
  endDate: string | null;
  /** monthly_nth_weekday only: 1 to 4, or -1 for the month's last such weekday. */
  nth?: 1 | 2 | 3 | 4 | -1 | undefined;
  /** Days without visits, each inclusive (the customer away, a month's break). */
  pauses: ReadonlyArray<{ from: string; to: string }>;
  closedDayRule: ClosedDayRule;
}

export interface PlanVisit {
  /** The date the rule gives: the visit's identity within its plan. */
  occurrence: string;
  /** The day it happens: the occurrence, or the open day a closed day moved it to. */
  date: string;
  /** The visit's start on that day's Eastern wall clock. */
  startsAt: Date;
  /** Set when the occurrence falls on a closed day and the rule could not, or was not to, move it. */
  flag: 'closed_day' | null;
}

const weekdayOf = (date: string): Weekday => new Date(`${date}T12:00:00Z`).getUTCDay() as Weekday;
const STEP_DAYS: Partial<Record<PlanFrequency, number>> = { weekly: 7, every_2_weeks: 14, every_4_weeks: 28 };

/** Why a rule cannot make visits, naming the field; null when it can. */
export function planRuleProblem(rule: PlanRule): { field: keyof PlanRule; message: string } | null {
  if (!isCalendarDate(rule.startDate)) return { field: 'startDate', message: 'The start date must be a date (YYYY-MM-DD).' };
  if (rule.endDate !== null && (!isCalendarDate(rule.endDate) || rule.endDate < rule.startDate)) {
    return { field: 'endDate', message: 'The end date must be a date on or after the start date.' };
  }
  if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(rule.startTime)) return { field: 'startTime', message: 'The start time must read HH:MM (24-hour, Eastern).' };
  if (!Number.isInteger(rule.weekday) || rule.weekday < 0 || rule.weekday > 6) return { field: 'weekday', message: 'The weekday must be 0 (Sunday) to 6 (Saturday).' };
  if (rule.frequency === 'monthly_nth_weekday' && ![1, 2, 3, 4, -1].includes(rule.nth ?? 0)) {
    return { field: 'nth', message: 'A monthly plan needs its week of the month: 1 to 4, or -1 for the last.' };
  }
  for (const pause of rule.pauses) {
    if (!isCalendarDate(pause.from) || !isCalendarDate(pause.to) || pause.to < pause.from) return { field: 'pauses', message: 'A pause runs from a date to the same or a later date.' };
  }
  return null;
}

/** The first `weekday` on or after `date`. */
function firstWeekdayFrom(date: string, weekday: Weekday): string {
  return addDays(date, (weekday - weekdayOf(date) + 7) % 7);
}

/** The nth (or last, -1) `weekday` of the month of `year`-`month`. */
function nthWeekdayOfMonth(year: number, month: number, weekday: Weekday, nth: number): string {
  const first = `${year}-${String(month).padStart(2, '0')}-01`;
  if (nth > 0) return addDays(firstWeekdayFrom(first, weekday), 7 * (nth - 1));
  const nextMonth = month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
  const lastDay = addDays(nextMonth, -1);
  return addDays(lastDay, -((weekdayOf(lastDay) - weekday + 7) % 7));
}

/** The rule's first occurrence: the visit that takes the first-visit-only add-ons. */
export function firstOccurrence(rule: Pick<PlanRule, 'frequency' | 'weekday' | 'startDate' | 'nth'>): string {
  if (STEP_DAYS[rule.frequency] !== undefined) return firstWeekdayFrom(rule.startDate, rule.weekday);
  let [year, month] = rule.startDate.split('-').map(Number) as [number, number];
  for (;;) {
    const date = nthWeekdayOfMonth(year, month, rule.weekday, rule.nth!);
    if (date >= rule.startDate) return date;
    [year, month] = month === 12 ? [year + 1, 1] : [year, month + 1];
  }
}

/** How a deal records a plan's frequency (the booking's three words: weekly, bi-weekly, monthly). */
export const DEAL_FREQUENCY_OF: Record<PlanFrequency, 'weekly' | 'bi-weekly' | 'monthly'> = {
  weekly: 'weekly',
  every_2_weeks: 'bi-weekly',
  every_4_weeks: 'monthly',
  monthly_nth_weekday: 'monthly',
};

/** The rule's occurrence dates from its start through `through`, before pauses and closed days. */
function occurrenceDates(rule: PlanRule, through: string): string[] {
  const last = rule.endDate !== null && rule.endDate < through ? rule.endDate : through;
  const dates: string[] = [];
  const step = STEP_DAYS[rule.frequency];
  if (step !== undefined) {
    for (let date = firstWeekdayFrom(rule.startDate, rule.weekday); date <= last; date = addDays(date, step)) dates.push(date);
    return dates;
  }
  let [year, month] = rule.startDate.split('-').map(Number) as [number, number];
  for (;;) {
    const date = nthWeekdayOfMonth(year, month, rule.weekday, rule.nth!);
    if (date > last) return dates;
    if (date >= rule.startDate) dates.push(date);
    [year, month] = month === 12 ? [year + 1, 1] : [year, month + 1];
  }
}

const paused = (rule: PlanRule, date: string) => rule.pauses.some((p) => p.from <= date && date <= p.to);

/**
 * Where a closed day's visit goes: the nearest open day in the rule's direction, strictly between
 * its neighbours (never onto or past another visit's day), else nowhere (flagged).
 */
function openDayFor(occurrence: string, rule: PlanRule, closed: ReadonlySet<string>, before: string | null, after: string | null): string | null {
  if (rule.closedDayRule === 'flag') return null;
  const direction = rule.closedDayRule === 'next_open_day' ? 1 : -1;
  for (let day = addDays(occurrence, direction); ; day = addDays(day, direction)) {
    if ((after !== null && day >= after) || (before !== null && day <= before) || Math.abs(dayDiff(day, occurrence)) > 6) return null;
    if (!closed.has(day) && !paused(rule, day)) return day;
  }
}

/** Days from `b` to `a` (calendar dates). */
export const dayDiff = (a: string, b: string) => (Date.parse(`${a}T00:00:00Z`) - Date.parse(`${b}T00:00:00Z`)) / 86_400_000;

/**
 * The plan's visits whose day falls within `from`–`through` (inclusive dates), in date order:
 * each occurrence of the rule on or after its start, none after its end or in a pause, a closed
 * day's visit moved by the plan's rule (or flagged where it cannot move).
 */
export function planVisits(rule: PlanRule, window: { from: string; through: string }, closedDays: ReadonlySet<string> = new Set()): PlanVisit[] {
  const problem = planRuleProblem(rule);
  if (problem) throw new RangeError(`${problem.field}: ${problem.message}`);
  // A week beyond the window, for a visit moved into it from just outside, and for its neighbours.
  const dates = occurrenceDates(rule, addDays(window.through, 7));
  const [hour, minute] = rule.startTime.split(':').map(Number) as [number, number];
  const visits: PlanVisit[] = [];
  dates.forEach((occurrence, i) => {
    if (paused(rule, occurrence)) return;
    let date = occurrence;
    let flag: PlanVisit['flag'] = null;
    if (closedDays.has(occurrence)) {
      const moved = openDayFor(occurrence, rule, closedDays, dates[i - 1] ?? null, dates[i + 1] ?? null);
      if (moved === null) flag = 'closed_day';
      else date = moved;
    }
    if (date < window.from || date > window.through || (rule.endDate !== null && date > rule.endDate)) return;
    const [y, m, d] = date.split('-').map(Number) as [number, number, number];
    visits.push({ occurrence, date, startsAt: easternWallTimeToInstant(y, m, d, hour, minute), flag });
  });
  return visits.sort((a, b) => a.date.localeCompare(b.date));
}
