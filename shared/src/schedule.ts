import { z } from 'zod';
import { PACKAGE_MAX_DURATION_MS } from './constants';
import { dealFactsSchema } from './deal-facts';
import { STAGE } from './deal-stages';
import { easternToday, easternWallTime, formatCalendarDay, formatEastern } from './eastern-time';

/**
 * Scheduling a cleaning (docs/staff-actions.md): a date, a start time, an expected duration and
 * a cleaner, with warnings the office sees before it saves. The warnings never refuse: the
 * office may know better (a cleaner who said yes to an early start), so saving past them is a
 * choice the request states (`acceptWarnings`).
 */

/** The hours cleanings happen, Eastern: from 7 in the morning until 8 at night. */
export const WORKING_HOURS = { start: 7, end: 20 } as const;

/** An expected duration: at least half an hour, at most ten, in quarter hours. */
export const DURATION_MINUTES = { min: 30, max: 600, step: 15 } as const;

const MINUTE_MS = 60_000;

/** What the office plans for a cleaning without a duration: the package's limit (a deep or move-out clean takes the longer one). */
export function defaultDurationMinutes(serviceType: string | null): number {
  const deep = /deep|move/i.test(serviceType ?? '');
  return (deep ? PACKAGE_MAX_DURATION_MS.deep : PACKAGE_MAX_DURATION_MS.basic) / MINUTE_MS;
}

export const SCHEDULE_WARNING_CODES = ['cleaner-busy', 'outside-hours', 'not-asked-date', 'not-preferred-cleaner'] as const;
export type ScheduleWarningCode = (typeof SCHEDULE_WARNING_CODES)[number];

export interface ScheduleWarning {
  code: ScheduleWarningCode;
  message: string;
}

const isoInstant = z.iso.datetime({ offset: true, message: 'Give the date and time as an ISO instant.' });

/** POST /api/internal/admin/deals/:id/schedule (and its /check, which ignores `acceptWarnings`). */
export const scheduleSchema = z
  .object({
    scheduledAt: isoInstant,
    durationMinutes: z
      .number({ message: 'Give the expected duration in minutes.' })
      .int('Give the expected duration in whole minutes.')
      .min(DURATION_MINUTES.min, 'A cleaning lasts at least 30 minutes.')
      .max(DURATION_MINUTES.max, 'A cleaning lasts at most 10 hours.')
      .multipleOf(DURATION_MINUTES.step, 'Give the duration in quarter hours.'),
    ownerId: z.string().min(1, 'Choose a cleaner.').max(64),
    seenModifiedAt: isoInstant.nullable(),
    seen: dealFactsSchema.optional(),
    acceptWarnings: z.array(z.enum(SCHEDULE_WARNING_CODES)).max(SCHEDULE_WARNING_CODES.length).optional(),
  })
  .strict();
export type ScheduleInput = z.infer<typeof scheduleSchema>;

/** The stages a cleaning may be scheduled from: the table's Scheduling In Progress, or already scheduled (a new date or cleaner is not a change of stage). */
export const SCHEDULABLE_STAGES: ReadonlySet<string> = new Set([STAGE.SCHEDULING_IN_PROGRESS, STAGE.CLEANING_SCHEDULED]);

/** Refused when the deal is in a stage a cleaning is not scheduled from. */
export const NOT_SCHEDULABLE = 'Only a cleaning in Scheduling In Progress or Cleaning Scheduled can be given a date here.';

/** Saved while warnings stood that the request did not accept. */
export const WARNINGS_NOT_ACCEPTED = 'Look at the warnings, then schedule anyway or change the date, time or cleaner.';

/** Another cleaning of the same cleaner. */
export interface BusyCleaning {
  title: string;
  start: Date;
  durationMinutes: number;
}

export interface SchedulePlan {
  start: Date;
  durationMinutes: number;
  cleanerName: string;
  /** The cleaner's other scheduled cleanings around that day. */
  others: readonly BusyCleaning[];
  /** The day the customer asked for (YYYY-MM-DD), with the part of the day; null when none was asked. */
  askedDate: string | null;
  askedTimeOfDay: string | null;
  /** A recurring plan's visit: the plan's own cleaner, when the schedule gives the visit another (docs/recurring-plans.md). */
  preferredCleaner?: string | null;
}

const endOf = (start: Date, minutes: number) => new Date(start.getTime() + minutes * MINUTE_MS);

function clock(hour: number): string {
  const h12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${h12}:00 ${hour < 12 ? 'AM' : 'PM'}`;
}

/** What the office should know before it saves a schedule; empty when nothing stands out. */
export function scheduleWarnings(plan: SchedulePlan): ScheduleWarning[] {
  const warnings: ScheduleWarning[] = [];
  const end = endOf(plan.start, plan.durationMinutes);
  const clash = plan.others.find((o) => o.start < end && plan.start < endOf(o.start, o.durationMinutes));
  if (clash) {
    warnings.push({ code: 'cleaner-busy', message: `${plan.cleanerName} already has a cleaning then: ${clash.title} on ${formatEastern(clash.start)}.` });
  }
  if (outsideHours(plan.start, end)) {
    warnings.push({ code: 'outside-hours', message: `This cleaning runs outside working hours (${clock(WORKING_HOURS.start)} to ${clock(WORKING_HOURS.end)}).` });
  }
  if (plan.askedDate && easternToday(plan.start) !== plan.askedDate) {
    const part = plan.askedTimeOfDay ? `, ${plan.askedTimeOfDay}` : '';
    warnings.push({ code: 'not-asked-date', message: `The customer asked for ${formatCalendarDay(plan.askedDate)}${part}.` });
  }
  if (plan.preferredCleaner) {
    warnings.push({ code: 'not-preferred-cleaner', message: `This visit's plan has ${plan.preferredCleaner} as the customer's cleaner.` });
  }
  return warnings;
}

function outsideHours(start: Date, end: Date): boolean {
  const from = easternWallTime(start);
  const to = easternWallTime(end);
  if (easternToday(start) !== easternToday(new Date(end.getTime() - 1))) return true;
  const startMinutes = from.hour * 60 + from.minute;
  const endMinutes = to.hour * 60 + to.minute === 0 ? 24 * 60 : to.hour * 60 + to.minute;
  return startMinutes < WORKING_HOURS.start * 60 || endMinutes > WORKING_HOURS.end * 60;
}

/** '2 h 30 min', '45 min', '3 h'. */
export function durationText(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return [hours > 0 ? `${hours} h` : null, rest > 0 ? `${rest} min` : null].filter(Boolean).join(' ');
}

/** The warnings a save did not accept. */
export function unaccepted(warnings: readonly ScheduleWarning[], accepted: readonly ScheduleWarningCode[] = []): ScheduleWarning[] {
  return warnings.filter((w) => !accepted.includes(w.code));
}
