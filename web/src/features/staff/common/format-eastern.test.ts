import { describe, expect, it } from 'vitest';
import { easternFromIso } from './format-eastern';

describe('easternFromIso', () => {
  it('shows an instant in Eastern Time, daylight saving or not', () => {
    expect(easternFromIso('2026-07-04T16:05:00.000Z')).toBe('July 4, 2026 at 12:05 PM ET');
    expect(easternFromIso('2026-01-15T05:00:00Z')).toBe('January 15, 2026 at 12:00 AM ET');
  });

  it('says nothing is there for a missing value and keeps text it cannot read', () => {
    expect(easternFromIso(null)).toBe('—');
    expect(easternFromIso(undefined)).toBe('—');
    expect(easternFromIso('soon')).toBe('soon');
  });
});
