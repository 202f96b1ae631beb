import { easternWallTime } from '@app/shared/eastern-time';

/** '9:00 AM': an ISO instant's time of day on the wall clocks of Atlanta. */
export function easternClock(iso: string): string {
  const w = easternWallTime(new Date(iso));
  const hour12 = w.hour % 12 === 0 ? 12 : w.hour % 12;
  return `${hour12}:${String(w.minute).padStart(2, '0')} ${w.hour < 12 ? 'AM' : 'PM'}`;
}

/** 'Wednesday, December 10' for a calendar date 'YYYY-MM-DD' (a date has no time zone of its own). */
export function calendarDateLabel(date: string): string {
  return new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`));
}

/** '2 h', '1 h 30 min', '45 min'. */
export function durationLabel(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return [h > 0 ? `${h} h` : '', m > 0 ? `${m} min` : ''].filter(Boolean).join(' ');
}
