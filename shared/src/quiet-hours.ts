import { addDays, easternWallTime, easternWallTimeToInstant } from './eastern-time';

/**
 * No text that can wait goes out from 21:00 to 08:00 Eastern (docs/customer-messages.md): it
 * waits for 08:00.
 */
export const QUIET_HOURS = { startHour: 21, endHour: 8 } as const;

/**
 * When a text that can wait may go out: `at` itself outside quiet hours, otherwise the end of
 * them (08:00 Eastern the same morning, or the next morning after 21:00). Login codes are
 * urgent and never wait.
 */
export function sendableAt(at: Date): Date {
  const w = easternWallTime(at);
  if (w.hour >= QUIET_HOURS.endHour && w.hour < QUIET_HOURS.startHour) return at;
  const today = `${String(w.year).padStart(4, '0')}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}`;
  const morning = w.hour >= QUIET_HOURS.startHour ? addDays(today, 1) : today;
  const [year, month, day] = morning.split('-').map(Number) as [number, number, number];
  return easternWallTimeToInstant(year, month, day, QUIET_HOURS.endHour, 0);
}
