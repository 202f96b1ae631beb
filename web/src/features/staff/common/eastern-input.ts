import { easternWallTimeToInstant } from '@app/shared/eastern-time';

/** The Eastern wall time typed in a datetime-local field, as an ISO instant; null when empty or unreadable. */
export function easternInstant(value: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!m) return null;
  const [, y, mo, d, h, mi] = m.map(Number) as [number, number, number, number, number, number];
  return easternWallTimeToInstant(y, mo, d, h, mi).toISOString();
}
