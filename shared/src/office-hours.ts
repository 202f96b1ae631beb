import { clockText } from './company';
import type { OpeningSpan } from './company-schema';
import { addDays, easternToday, easternWallTime, easternWallTimeToInstant } from './eastern-time';
import { WEEKDAYS } from './weekdays';

/**
 * When the office answers texts (the company configuration's texting.officeHours, by default its
 * opening hours), on Atlanta's wall clocks: whether it is open at an instant, when it closed and
 * when it opens again. Spans are weekly, so a week either way always finds one.
 */

interface Opening {
  opens: Date;
  closes: Date;
}

const WEEK = 7;

function dateParts(date: string): [number, number, number] {
  return date.split('-').map(Number) as [number, number, number];
}

function instantOn(date: string, clock: string): Date {
  const [year, month, day] = dateParts(date);
  const [hour = 0, minute = 0] = clock.split(':').map(Number);
  return easternWallTimeToInstant(year, month, day, hour, minute);
}

/** The office's openings on an Eastern calendar date ('YYYY-MM-DD'), in time order. */
function openingsOn(hours: readonly OpeningSpan[], date: string): Opening[] {
  const [year, month, day] = dateParts(date);
  // getUTCDay: 0 is Sunday, WEEKDAYS starts on Monday.
  const weekday = WEEKDAYS[(new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7]!;
  return hours
    .filter((span) => span.days.includes(weekday))
    .map((span) => ({ opens: instantOn(date, span.opens), closes: instantOn(date, span.closes) }))
    .sort((a, b) => a.opens.getTime() - b.opens.getTime());
}

export function isOfficeOpen(hours: readonly OpeningSpan[], at: Date): boolean {
  const t = at.getTime();
  return openingsOn(hours, easternToday(at)).some((o) => o.opens.getTime() <= t && t < o.closes.getTime());
}

/** The next moment the office opens after `at`; null only for hours that name no day. */
export function officeReopens(hours: readonly OpeningSpan[], at: Date): Date | null {
  const today = easternToday(at);
  for (let offset = 0; offset <= WEEK; offset += 1) {
    const next = openingsOn(hours, addDays(today, offset)).find((o) => o.opens.getTime() > at.getTime());
    if (next) return next.opens;
  }
  return null;
}

/** When the office last closed at or before `at`; null only for hours that name no day. */
export function officeClosedSince(hours: readonly OpeningSpan[], at: Date): Date | null {
  const today = easternToday(at);
  for (let offset = 0; offset <= WEEK; offset += 1) {
    const closed = openingsOn(hours, addDays(today, -offset))
      .filter((o) => o.closes.getTime() <= at.getTime())
      .at(-1);
    if (closed) return closed.closes;
  }
  return null;
}

/**
 * When the office opens again, as a customer reads it the moment they texted: 'today at 8 AM',
 * 'tomorrow at 8 AM', or 'on Monday at 8 AM'.
 */
export function reopeningText(reopens: Date, at: Date): string {
  const wall = easternWallTime(reopens);
  const clock = clockText(`${String(wall.hour).padStart(2, '0')}:${String(wall.minute).padStart(2, '0')}`);
  const today = easternToday(at);
  const day = easternToday(reopens);
  if (day === today) return `today at ${clock}`;
  if (day === addDays(today, 1)) return `tomorrow at ${clock}`;
  const [year, month, date] = dateParts(day);
  return `on ${WEEKDAYS[(new Date(Date.UTC(year, month - 1, date)).getUTCDay() + 6) % 7]} at ${clock}`;
}

/** The longest reopening text there is, for checking that an answer fits one segment. */
export const LONGEST_REOPENING_TEXT = 'on Wednesday at 10:30 AM';
