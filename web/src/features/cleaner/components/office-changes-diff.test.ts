import { describe, expect, it } from 'vitest';
import type { CleanerCleaning, CleanerDay } from '@app/shared/cleaner-day';
import { cleanerCleaning } from './cleaning-fixture';
import { officeChanges, seenIdsOf, type SeenCleanings } from './office-changes-diff';

const TODAY = '2026-12-10';
const TOMORROW = '2026-12-11';

function cleaning(id: string, scheduledAt: string, customerFirstName: string | null = 'Pat'): CleanerCleaning {
  return cleanerCleaning({ id, scheduledAt, customerFirstName });
}

const day = (date: string, cleanings: CleanerCleaning[], removed: CleanerDay['removed'] = []): CleanerDay => ({ date, cleanings, officePhone: '+14045550100', removed });

/** What the page saw after showing `answers`, in order, starting from nothing. */
function after(...answers: CleanerDay[]): SeenCleanings {
  return answers.reduce<SeenCleanings>((seen, answer) => officeChanges(seen, answer).next, {});
}

// 3:00 PM and 5:00 PM on Thursday, December 10; 11:00 AM on Friday, December 11 (EST).
const THREE = '2026-12-10T20:00:00.000Z';
const FIVE = '2026-12-10T22:00:00.000Z';
const FRIDAY = '2026-12-11T16:00:00.000Z';

describe('what the office changed since the cleaner last looked', () => {
  it('tells nothing the first time, and nothing when an answer is the same', () => {
    const first = day(TODAY, [cleaning('a', THREE)]);
    expect(officeChanges({}, first).changes).toEqual([]);
    expect(officeChanges(after(first), first).changes).toEqual([]);
    expect(seenIdsOf(after(first), TODAY)).toEqual(['a']);
    expect(seenIdsOf(after(first), TOMORROW)).toEqual([]);
  });

  it('tells a cleaning moved within the day, from and to', () => {
    const seen = after(day(TODAY, [cleaning('a', THREE)]));
    const { changes, next } = officeChanges(seen, day(TODAY, [cleaning('a', FIVE)]));
    expect(changes).toEqual([{ key: `a:moved:${FIVE}`, text: "Pat's cleaning at 3:00 PM was moved from 3:00 PM to 5:00 PM." }]);
    expect(officeChanges(next, day(TODAY, [cleaning('a', FIVE)])).changes).toEqual([]);
  });

  it('tells a cleaning moved to the other day once, though both days tell it', () => {
    const seen = after(day(TODAY, [cleaning('a', THREE)]), day(TOMORROW, []));
    const fromToday = officeChanges(seen, day(TODAY, [], [{ id: 'a', reason: 'moved', scheduledAt: FRIDAY, customerFirstName: null }]));
    const text = "Pat's cleaning at 3:00 PM was moved from Thursday, December 10, 3:00 PM to Friday, December 11, 11:00 AM.";
    expect(fromToday.changes).toEqual([{ key: `a:moved:${FRIDAY}`, text }]);
    // Tomorrow's answer, read against what the page saw before today's: the same key.
    expect(officeChanges(seen, day(TOMORROW, [cleaning('a', FRIDAY)])).changes).toEqual([{ key: `a:moved:${FRIDAY}`, text }]);
    // Today's list forgets it; tomorrow's has it from then on.
    const then = officeChanges(fromToday.next, day(TOMORROW, [cleaning('a', FRIDAY)]));
    expect(then.changes).toEqual([]);
    expect(seenIdsOf(then.next, TODAY)).toEqual([]);
    expect(seenIdsOf(then.next, TOMORROW)).toEqual(['a']);
  });

  it('tells a reassignment away: the cleaning leaves the list with a note', () => {
    const seen = after(day(TODAY, [cleaning('a', THREE), cleaning('b', FIVE, 'Sam')]));
    const { changes, next } = officeChanges(seen, day(TODAY, [cleaning('b', FIVE, 'Sam')], [{ id: 'a', reason: 'reassigned', scheduledAt: null, customerFirstName: null }]));
    expect(changes).toEqual([{ key: 'a:reassigned', text: "Pat's cleaning at 3:00 PM was given to another cleaner." }]);
    expect(seenIdsOf(next, TODAY)).toEqual(['b']);
  });

  it('tells a cancellation once; a cleaning canceled before the page saw it is only listed', () => {
    const seen = after(day(TODAY, [cleaning('a', THREE)]));
    const canceled = day(TODAY, [], [
      { id: 'a', reason: 'canceled', scheduledAt: THREE, customerFirstName: 'Pat' },
      { id: 'z', reason: 'canceled', scheduledAt: FIVE, customerFirstName: 'Zoe' },
    ]);
    const { changes, next } = officeChanges(seen, canceled);
    expect(changes).toEqual([{ key: 'a:canceled', text: "Pat's cleaning at 3:00 PM was canceled by the office." }]);
    expect(officeChanges(next, canceled).changes).toEqual([]);
  });

  it('tells a cleaning gone from the list for another reason, without guessing why', () => {
    const seen = after(day(TODAY, [cleaning('a', THREE, null)]));
    const { changes } = officeChanges(seen, day(TODAY, [], [{ id: 'a', reason: 'removed', scheduledAt: null, customerFirstName: null }]));
    expect(changes).toEqual([{ key: 'a:removed', text: "The customer's cleaning at 3:00 PM is no longer on your list. Call the office if you are unsure." }]);
  });

  it("keeps the other day's cleanings as they were", () => {
    const seen = after(day(TODAY, [cleaning('a', THREE)]), day(TOMORROW, [cleaning('t', FRIDAY)]));
    const { next } = officeChanges(seen, day(TODAY, []));
    expect(Object.keys(next)).toEqual(['t']);
  });
});
