import { easternWallTime } from '@app/shared/eastern-time';
import { WORKING_HOURS } from '@app/shared/schedule';

/** How long an entry without a duration lasts on the grid (FullCalendar's default hour). */
const ENTRY_MINUTES = 60;

/** An entry on the grid: its start, and its expected duration when known. */
export interface GridEntry {
  date: string;
  durationMinutes?: number | undefined;
}

const clock = (hour: number) => `${String(hour).padStart(2, '0')}:00:00`;

/**
 * The hours the time grid draws: the working hours, widened to any cleaning of the loaded range
 * that falls outside them (so none is hidden), or the whole day when asked.
 */
export function gridHours(entries: readonly GridEntry[], wholeDay: boolean): { slotMinTime: string; slotMaxTime: string } {
  if (wholeDay) return { slotMinTime: clock(0), slotMaxTime: clock(24) };
  let first: number = WORKING_HOURS.start;
  let last: number = WORKING_HOURS.end;
  for (const entry of entries) {
    const { hour, minute } = easternWallTime(new Date(entry.date));
    first = Math.min(first, hour);
    last = Math.max(last, Math.min(24, Math.ceil(hour + (minute + (entry.durationMinutes ?? ENTRY_MINUTES)) / 60)));
  }
  return { slotMinTime: clock(first), slotMaxTime: clock(last) };
}
