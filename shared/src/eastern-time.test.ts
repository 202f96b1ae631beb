import { describe, expect, it } from 'vitest';
import {
  formatCalendarDay,
  formatEasternDay,
  addDays,
  easternToday,
  easternWallTimeToInstant,
  formatEastern,
  formatEasternClock,
  isCalendarDate,
  isOnOrAfterMinDate,
  isWithinChangeLock,
  minBookingDate,
  minPortalDate,
  parseEastern,
} from './eastern-time';

const at = (iso: string) => new Date(iso);

describe('easternToday', () => {
  it('is still the previous day in Eastern late in the evening', () => {
    expect(easternToday(at('2026-11-22T03:30:00Z'))).toBe('2026-11-21'); // 22:30 EST
    expect(easternToday(at('2026-11-22T05:00:00Z'))).toBe('2026-11-22'); // 00:00 EST
    expect(easternToday(at('2026-07-01T03:59:59Z'))).toBe('2026-06-30'); // 23:59:59 EDT
    expect(easternToday(at('2026-07-01T04:00:00Z'))).toBe('2026-07-01'); // 00:00 EDT
  });
});

describe('calendar dates', () => {
  it('adds days across months, years and leap days', () => {
    expect(addDays('2026-01-30', 5)).toBe('2026-02-04');
    expect(addDays('2026-12-29', 5)).toBe('2027-01-03');
    expect(addDays('2028-02-27', 2)).toBe('2028-02-29');
    expect(addDays('2026-03-06', 3)).toBe('2026-03-09'); // across the March DST change
    expect(addDays('2026-03-10', -3)).toBe('2026-03-07');
  });

  it('refuses what is not a calendar date', () => {
    expect(isCalendarDate('2026-02-29')).toBe(false);
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2026-13-01')).toBe(false);
    expect(isCalendarDate('2026-1-01')).toBe(false);
    expect(() => addDays('nope', 1)).toThrow(RangeError);
  });

  it('minimum dates follow the Eastern day, not the UTC day', () => {
    const lateEvening = at('2026-11-22T03:30:00Z'); // Nov 21, 22:30 EST; already Nov 22 in UTC
    expect(minBookingDate(lateEvening)).toBe('2026-11-26');
    expect(minPortalDate(lateEvening)).toBe('2026-11-24');
    const justAfterMidnight = at('2026-11-22T05:00:00Z');
    expect(minBookingDate(justAfterMidnight)).toBe('2026-11-27');
    expect(minPortalDate(justAfterMidnight)).toBe('2026-11-25');
  });

  it('isOnOrAfterMinDate', () => {
    expect(isOnOrAfterMinDate('2026-11-26', '2026-11-26')).toBe(true);
    expect(isOnOrAfterMinDate('2026-12-01', '2026-11-26')).toBe(true);
    expect(isOnOrAfterMinDate('2026-11-25', '2026-11-26')).toBe(false);
    expect(isOnOrAfterMinDate('2026-02-30', '2026-01-01')).toBe(false);
  });
});

describe('formatEasternClock', () => {
  it("gives the time of day in Eastern, named 'ET', whatever the machine's zone", () => {
    expect(formatEasternClock(at('2026-12-02T03:22:00Z'))).toBe('10:22 PM ET'); // EST: the evening before in UTC terms
    expect(formatEasternClock(at('2026-07-04T16:05:00Z'))).toBe('12:05 PM ET'); // EDT
    expect(formatEasternClock(at('2026-01-01T05:00:00Z'))).toBe('12:00 AM ET');
  });
});

describe('formatCalendarDay and formatEasternDay', () => {
  it("names a day as 'Tue, Dec 8'", () => {
    expect(formatCalendarDay('2026-12-08')).toBe('Tue, Dec 8');
    expect(formatCalendarDay('2027-01-01')).toBe('Fri, Jan 1');
    expect(formatCalendarDay('not a date')).toBe('not a date');
  });
  it('takes the Eastern day of an instant, not the UTC one', () => {
    // 02:30 UTC on Dec 9 is 9:30 PM on Dec 8 in Atlanta.
    expect(formatEasternDay(new Date('2026-12-09T02:30:00Z'))).toBe('Tue, Dec 8');
  });
});

describe('formatEastern', () => {
  it("formats 'Month D, YYYY at H:MM AM/PM' in Eastern", () => {
    expect(formatEastern(at('2026-03-05T14:05:00Z'))).toBe('March 5, 2026 at 9:05 AM'); // EST
    expect(formatEastern(at('2026-07-04T16:30:00Z'))).toBe('July 4, 2026 at 12:30 PM'); // EDT
    expect(formatEastern(at('2026-01-01T05:00:00Z'))).toBe('January 1, 2026 at 12:00 AM');
    expect(formatEastern(at('2026-11-22T03:30:00Z'))).toBe('November 21, 2026 at 10:30 PM');
  });

  it('follows both DST changes of 2026 (March 8 and November 1)', () => {
    expect(formatEastern(at('2026-03-08T06:59:00Z'))).toBe('March 8, 2026 at 1:59 AM'); // EST
    expect(formatEastern(at('2026-03-08T07:00:00Z'))).toBe('March 8, 2026 at 3:00 AM'); // EDT
    expect(formatEastern(at('2026-11-01T05:30:00Z'))).toBe('November 1, 2026 at 1:30 AM'); // EDT
    expect(formatEastern(at('2026-11-01T06:30:00Z'))).toBe('November 1, 2026 at 1:30 AM'); // EST
  });
});

describe('parseEastern', () => {
  it('reads Eastern wall time into the right instant on either side of DST', () => {
    expect(parseEastern('March 5, 2026 at 9:05 AM')?.toISOString()).toBe('2026-03-05T14:05:00.000Z');
    expect(parseEastern('March 9, 2026 at 9:05 AM')?.toISOString()).toBe('2026-03-09T13:05:00.000Z');
    expect(parseEastern('November 2, 2026 at 12:00 PM')?.toISOString()).toBe('2026-11-02T17:00:00.000Z');
    expect(parseEastern('October 31, 2026 at 12:00 AM')?.toISOString()).toBe('2026-10-31T04:00:00.000Z');
  });

  it('resolves the repeated November hour to EDT and the skipped March hour forward', () => {
    expect(parseEastern('November 1, 2026 at 1:30 AM')?.toISOString()).toBe('2026-11-01T05:30:00.000Z');
    expect(parseEastern('November 1, 2026 at 2:30 AM')?.toISOString()).toBe('2026-11-01T07:30:00.000Z');
    expect(parseEastern('March 8, 2026 at 1:30 AM')?.toISOString()).toBe('2026-03-08T06:30:00.000Z');
    expect(parseEastern('March 8, 2026 at 2:30 AM')?.toISOString()).toBe('2026-03-08T07:30:00.000Z');
    expect(parseEastern('March 8, 2026 at 3:30 AM')?.toISOString()).toBe('2026-03-08T07:30:00.000Z');
  });

  it('round-trips with formatEastern', () => {
    for (const iso of ['2026-03-05T14:05:00Z', '2026-07-04T16:30:00Z', '2026-12-31T04:59:00Z']) {
      const text = formatEastern(at(iso));
      expect(parseEastern(text)?.getTime()).toBe(at(iso).getTime());
    }
  });

  it('tolerates a narrow no-break space before AM/PM (newer ICU output)', () => {
    expect(parseEastern('March 5, 2026 at 9:05\u202FAM')?.toISOString()).toBe('2026-03-05T14:05:00.000Z');
  });

  it.each([
    '',
    'March 5 2026 at 9:05 AM',
    'Marchh 5, 2026 at 9:05 AM',
    'February 30, 2026 at 9:05 AM',
    'March 5, 2026 at 13:05 PM',
    'March 5, 2026 at 0:05 AM',
    'March 5, 2026 at 9:60 AM',
    'March 5, 2026 at 9:05',
    '2026-03-05T14:05:00Z',
  ])('null for %j', (text) => {
    expect(parseEastern(text)).toBeNull();
  });

  it('easternWallTimeToInstant agrees with parseEastern', () => {
    expect(easternWallTimeToInstant(2026, 11, 21, 22, 30).toISOString()).toBe('2026-11-22T03:30:00.000Z');
  });
});

describe('24-hour change lock', () => {
  const now = at('2026-06-10T12:00:00Z');
  const plus = (ms: number) => new Date(now.getTime() + ms);
  const H = 3_600_000;

  it('past appointments are not locked', () => expect(isWithinChangeLock(plus(-H), now)).toBe(false));
  it('right now is not locked (not in the future)', () => expect(isWithinChangeLock(now, now)).toBe(false));
  it('20 h ahead is locked', () => expect(isWithinChangeLock(plus(20 * H), now)).toBe(true));
  it('exactly 24 h ahead is locked', () => expect(isWithinChangeLock(plus(24 * H), now)).toBe(true));
  it('24 h + 1 min ahead is open', () => expect(isWithinChangeLock(plus(24 * H + 60_000), now)).toBe(false));
  it('works with a parsed display date across the November DST change', () => {
    const scheduled = parseEastern('November 1, 2026 at 9:00 AM')!; // 14:00Z (EST)
    expect(isWithinChangeLock(scheduled, at('2026-10-31T14:00:00Z'))).toBe(true); // 24 h before
    expect(isWithinChangeLock(scheduled, at('2026-10-31T13:59:00Z'))).toBe(false);
  });
});
