import { easternWallTime, easternWallTimeToInstant } from '@app/shared/eastern-time';

const pad = (n: number) => String(n).padStart(2, '0');

/** The Eastern wall time typed in a datetime-local field, as an ISO instant; null when empty or unreadable. */
export function easternInstant(value: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!m) return null;
  const [, y, mo, d, h, mi] = m.map(Number) as [number, number, number, number, number, number];
  return easternWallTimeToInstant(y, mo, d, h, mi).toISOString();
}

/** An instant as a datetime-local field shows it in Eastern Time: its day ('2026-12-03') and its time ('09:30'). */
export function easternInputParts(iso: string): { day: string; time: string } {
  const w = easternWallTime(new Date(iso));
  return { day: `${w.year}-${pad(w.month)}-${pad(w.day)}`, time: `${pad(w.hour)}:${pad(w.minute)}` };
}
