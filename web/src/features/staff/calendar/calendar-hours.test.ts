import { describe, expect, it } from 'vitest';
import { gridHours } from './calendar-hours';

describe('gridHours', () => {
  it('draws 07:00 to 20:00 when every cleaning falls inside', () => {
    // 9:00 and 18:30 in Atlanta (EST, UTC-5).
    expect(gridHours([{ date: '2026-11-24T14:00:00Z' }, { date: '2026-11-24T23:30:00Z' }], false)).toEqual({ slotMinTime: '07:00:00', slotMaxTime: '20:00:00' });
    expect(gridHours([], false)).toEqual({ slotMinTime: '07:00:00', slotMaxTime: '20:00:00' });
  });

  it('widens to a cleaning outside the working hours, in Eastern Time, so none is hidden', () => {
    // 6:30 and 20:15 in Atlanta (EDT, UTC-4 in June).
    expect(gridHours([{ date: '2026-06-10T10:30:00Z' }, { date: '2026-06-11T00:15:00Z' }], false)).toEqual({ slotMinTime: '06:00:00', slotMaxTime: '22:00:00' });
    // 23:30: the grid ends at midnight, not past it.
    expect(gridHours([{ date: '2026-11-25T04:30:00Z' }], false)).toEqual({ slotMinTime: '07:00:00', slotMaxTime: '24:00:00' });
  });

  it('reaches to the end of a cleaning by its expected duration', () => {
    // 17:00 in Atlanta for four hours ends at 21:00.
    expect(gridHours([{ date: '2026-11-24T22:00:00Z', durationMinutes: 240 }], false)).toEqual({ slotMinTime: '07:00:00', slotMaxTime: '21:00:00' });
  });

  it('draws the whole day when asked', () => {
    expect(gridHours([{ date: '2026-11-24T14:00:00Z' }], true)).toEqual({ slotMinTime: '00:00:00', slotMaxTime: '24:00:00' });
  });
});
