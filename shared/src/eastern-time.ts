import { BOOKING_MIN_DAYS_AHEAD, BUSINESS_TIME_ZONE, CHANGE_LOCK_MS, PORTAL_MIN_DAYS_AHEAD } from './constants';

/**
 * Eastern Time helpers (America/New_York) built on Intl only, so they give the same answer
 * in the browser, the API and the worker whatever the machine's own time zone is.
 * Calendar dates are 'YYYY-MM-DD' strings: they compare correctly as strings and carry no
 * time zone of their own. Every function takes `now` so tests can pin the clock.
 */

// hourCycle h23: some engines print midnight as '24' with hour12:false.
const PARTS = new Intl.DateTimeFormat('en-US', {
  timeZone: BUSINESS_TIME_ZONE,
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
  hourCycle: 'h23',
});

export interface WallTime {
  year: number;
  month: number; // 1-12
  day: number;
  hour: number; // 0-23
  minute: number;
  second: number;
}

const HOUR_MS = 3_600_000;

/** Eastern offset from UTC at an instant, from Intl (slow: tens of microseconds). */
function intlOffsetMs(instantMs: number): number {
  const parts = PARTS.formatToParts(instantMs);
  const get = (type: Intl.DateTimeFormatPartTypes): number => Number(parts.find((p) => p.type === type)?.value);
  const wallAsUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return wallAsUtc - Math.floor(instantMs / 1000) * 1000;
}

/**
 * The offset of the last UTC hour asked about. America/New_York changes its offset only on
 * whole UTC hours (2 AM local), so one Intl call serves a whole hour of instants: every
 * booking request checks its date against today in Eastern Time.
 */
let cachedHour = Number.NaN;
let cachedOffsetMs = 0;

/** Year, month, day, hour and minute of an instant on the wall clocks of Atlanta. */
export function easternWallTime(instant: Date): WallTime {
  const ms = instant.getTime();
  const hour = Math.floor(ms / HOUR_MS);
  if (hour !== cachedHour) {
    cachedOffsetMs = intlOffsetMs(ms); // throws a RangeError for an invalid date, as Intl does
    cachedHour = hour;
  }
  const wall = new Date(ms + cachedOffsetMs);
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    second: wall.getUTCSeconds(),
  };
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

function toIsoDate(year: number, month: number, day: number): string {
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** Today's calendar date in Eastern Time at the given instant. */
export function easternToday(now: Date = new Date()): string {
  const w = easternWallTime(now);
  return toIsoDate(w.year, w.month, w.day);
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Parses 'YYYY-MM-DD' into its numbers, or null when it is not a real calendar date. */
function parseIsoDate(date: string): { year: number; month: number; day: number } | null {
  const m = ISO_DATE.exec(date);
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const probe = new Date(Date.UTC(year, month - 1, day));
  if (probe.getUTCFullYear() !== year || probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) return null;
  return { year, month, day };
}

export function isCalendarDate(value: string): boolean {
  return parseIsoDate(value) !== null;
}

/** Adds whole days to a calendar date (UTC arithmetic: a calendar date has no DST). */
export function addDays(date: string, days: number): string {
  const d = parseIsoDate(date);
  if (!d) throw new RangeError(`Not a calendar date: ${date}`);
  const shifted = new Date(Date.UTC(d.year, d.month - 1, d.day + days));
  return toIsoDate(shifted.getUTCFullYear(), shifted.getUTCMonth() + 1, shifted.getUTCDate());
}

/** Earliest preferred date of a public booking: today in Eastern + 5 days. */
export function minBookingDate(now: Date = new Date()): string {
  return addDays(easternToday(now), BOOKING_MIN_DAYS_AHEAD);
}

/** Earliest preferred date of a portal request: today in Eastern + 3 days. */
export function minPortalDate(now: Date = new Date()): string {
  return addDays(easternToday(now), PORTAL_MIN_DAYS_AHEAD);
}

/** True when `date` is a real calendar date on or after `minDate`. */
export function isOnOrAfterMinDate(date: string, minDate: string): boolean {
  return isCalendarDate(date) && date >= minDate;
}

const MONTHS = [
  'January', 'February', 'March', 'April', 'May', 'June',
  'July', 'August', 'September', 'October', 'November', 'December',
] as const;

/**
 * 'March 5, 2026 at 9:05 AM' in Eastern Time. Assembled by hand rather than with
 * Intl's own pattern, whose spacing (U+202F before AM/PM in newer ICU) varies by engine.
 */
export function formatEastern(instant: Date): string {
  const w = easternWallTime(instant);
  const hour12 = w.hour % 12 === 0 ? 12 : w.hour % 12;
  const meridiem = w.hour < 12 ? 'AM' : 'PM';
  return `${MONTHS[w.month - 1]} ${w.day}, ${w.year} at ${hour12}:${pad(w.minute)} ${meridiem}`;
}

/** '10:22 PM ET': a time of day in Eastern Time, named as such (§1: times are shown as Eastern Time). */
export function formatEasternClock(instant: Date): string {
  const w = easternWallTime(instant);
  const hour12 = w.hour % 12 === 0 ? 12 : w.hour % 12;
  return `${hour12}:${pad(w.minute)} ${w.hour < 12 ? 'AM' : 'PM'} ET`;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

/** 'Tue, Dec 2 at 9:00 AM' in Eastern Time: short enough for a text message. */
export function formatEasternShort(instant: Date): string {
  const w = easternWallTime(instant);
  const weekday = WEEKDAYS[new Date(Date.UTC(w.year, w.month - 1, w.day)).getUTCDay()];
  const hour12 = w.hour % 12 === 0 ? 12 : w.hour % 12;
  const meridiem = w.hour < 12 ? 'AM' : 'PM';
  return `${weekday}, ${MONTHS[w.month - 1]!.slice(0, 3)} ${w.day} at ${hour12}:${pad(w.minute)} ${meridiem}`;
}

/** 'Tue, Dec 8': a calendar date (YYYY-MM-DD) as every screen names a day; the text itself when it is no date. */
export function formatCalendarDay(date: string): string {
  if (!isCalendarDate(date)) return date;
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const weekday = WEEKDAYS[new Date(Date.UTC(year, month - 1, day)).getUTCDay()];
  return `${weekday}, ${MONTHS[month - 1]!.slice(0, 3)} ${day}`;
}

/** 'Tue, Dec 8': the Eastern calendar day of an instant. */
export function formatEasternDay(instant: Date): string {
  const w = easternWallTime(instant);
  return formatCalendarDay(toIsoDate(w.year, w.month, w.day));
}

/** Eastern offset from UTC in ms at an instant (negative: -4 h or -5 h). */
function easternOffsetMs(instantMs: number): number {
  easternWallTime(new Date(instantMs));
  return cachedOffsetMs;
}

/**
 * The instant of an Eastern wall-clock time. Ambiguous times (the repeated hour in
 * November) resolve to the first, EDT one; times skipped in March (2:00-2:59) resolve
 * one hour later in EDT, the way a wall clock reads them.
 */
export function easternWallTimeToInstant(year: number, month: number, day: number, hour: number, minute: number): Date {
  const wallAsUtc = Date.UTC(year, month - 1, day, hour, minute);
  const firstOffset = easternOffsetMs(wallAsUtc);
  const candidate = wallAsUtc - firstOffset;
  const candidateOffset = easternOffsetMs(candidate);
  if (candidateOffset === firstOffset) return new Date(candidate);
  const retry = wallAsUtc - candidateOffset;
  return new Date(easternOffsetMs(retry) === candidateOffset ? retry : candidate);
}

const DISPLAY = /^([A-Za-z]+) (\d{1,2}), (\d{4}) at (\d{1,2}):(\d{2})\s(AM|PM)$/i;

/** Parses the exact 'Month D, YYYY at H:MM AM/PM' form as Eastern Time; null for anything else. */
export function parseEastern(text: string): Date | null {
  const m = DISPLAY.exec(text.trim());
  if (!m) return null;
  const monthIndex = MONTHS.findIndex((name) => name.toLowerCase() === m[1]?.toLowerCase());
  const [day, year, hour12, minute] = [Number(m[2]), Number(m[3]), Number(m[4]), Number(m[5])];
  if (monthIndex < 0 || hour12 < 1 || hour12 > 12 || minute > 59) return null;
  if (!isCalendarDate(toIsoDate(year, monthIndex + 1, day))) return null;
  const hour = (hour12 % 12) + (m[6]?.toUpperCase() === 'PM' ? 12 : 0);
  return easternWallTimeToInstant(year, monthIndex + 1, day, hour, minute);
}

/**
 * The 24-hour lock of §4: true when the appointment is still ahead but at most 24 hours
 * away. Past appointments are not locked by this rule (they are simply over).
 */
export function isWithinChangeLock(scheduled: Date, now: Date = new Date()): boolean {
  const ahead = scheduled.getTime() - now.getTime();
  return ahead > 0 && ahead <= CHANGE_LOCK_MS;
}
