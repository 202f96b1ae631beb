import { easternWallTime } from '@app/shared/eastern-time';

/** The calendar's default hours, Eastern: cleanings happen between 7 in the morning and 8 at night. */
export const WORKING_HOURS = { start: 7, end: 20 } as const;
/** How long an entry lasts on the grid: deals have a start time only (FullCalendar's default hour). */
const ENTRY_HOURS = 1;

const clock = (hour: number) => `${String(hour).padStart(2, '0')}:00:00`;

/**
 * The hours the time grid draws: the working hours, widened to any cleaning of the loaded range
 * that falls outside them (so none is hidden), or the whole day when asked.
 */
export function gridHours(starts: readonly string[], wholeDay: boolean): { slotMinTime: string; slotMaxTime: string } {
  if (wholeDay) return { slotMinTime: clock(0), slotMaxTime: clock(24) };
  let first: number = WORKING_HOURS.start;
  let last: number = WORKING_HOURS.end;
  for (const iso of starts) {
    const { hour, minute } = easternWallTime(new Date(iso));
    first = Math.min(first, hour);
    last = Math.max(last, Math.min(24, Math.ceil(hour + minute / 60 + ENTRY_HOURS)));
  }
  return { slotMinTime: clock(first), slotMaxTime: clock(last) };
}
