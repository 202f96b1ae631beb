import { describe, expect, it } from 'vitest';
import { formatMonth, monthSchema, owedAgeOf, shiftMonth } from './month-money';

describe('the month’s money', () => {
  it('puts an owed invoice in its age band: 0–7, 8–30, 30+ days', () => {
    expect([0, 7, 8, 30, 31, 400].map(owedAgeOf)).toEqual(['recent', 'recent', 'month', 'month', 'older', 'older']);
  });

  it('steps months across a year and names them', () => {
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(shiftMonth('2027-01', -1)).toBe('2026-12');
    expect(shiftMonth('2026-03', -14)).toBe('2025-01');
    expect(formatMonth('2026-12')).toBe('December 2026');
  });

  it('reads a month only as YYYY-MM', () => {
    expect(monthSchema.safeParse('2026-12').success).toBe(true);
    expect(['2026-13', '2026-1', 'December', '2026-00'].map((m) => monthSchema.safeParse(m).success)).toEqual([false, false, false, false]);
  });
});
