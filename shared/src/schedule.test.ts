import { describe, expect, it } from 'vitest';
import { easternWallTimeToInstant } from './eastern-time';
import { defaultDurationMinutes, scheduleSchema, scheduleWarnings, unaccepted, type SchedulePlan } from './schedule';

const at = (day: number, hour: number, minute = 0) => easternWallTimeToInstant(2026, 12, day, hour, minute);
const plan = (over: Partial<SchedulePlan> = {}): SchedulePlan => ({
  start: at(3, 9),
  durationMinutes: 120,
  cleanerName: 'Maria Alvarez',
  others: [],
  askedDate: null,
  askedTimeOfDay: null,
  ...over,
});

describe('schedule warnings', () => {
  it('finds nothing to say about a free cleaner in working hours on the asked day', () => {
    expect(scheduleWarnings(plan({ askedDate: '2026-12-03', others: [{ title: 'Deep Clean', start: at(3, 11), durationMinutes: 120 }] }))).toEqual([]);
  });

  it("warns when the cleaner's other cleaning overlaps, naming it", () => {
    const warnings = scheduleWarnings(plan({ others: [{ title: 'Deep Clean', start: at(3, 10, 30), durationMinutes: 240 }] }));
    expect(warnings).toEqual([{ code: 'cleaner-busy', message: 'Maria Alvarez already has a cleaning then: Deep Clean on December 3, 2026 at 10:30 AM.' }]);
    // One that ends as this one starts does not overlap.
    expect(scheduleWarnings(plan({ others: [{ title: 'Basic', start: at(3, 7), durationMinutes: 120 }] }))).toEqual([]);
  });

  it('warns before 7 AM, after 8 PM, and across midnight', () => {
    const text = 'This cleaning runs outside working hours (7:00 AM to 8:00 PM).';
    expect(scheduleWarnings(plan({ start: at(3, 6, 45) }))).toEqual([{ code: 'outside-hours', message: text }]);
    expect(scheduleWarnings(plan({ start: at(3, 18, 30) }))).toEqual([{ code: 'outside-hours', message: text }]);
    expect(scheduleWarnings(plan({ start: at(3, 18), durationMinutes: 120 }))).toEqual([]);
    expect(scheduleWarnings(plan({ start: at(3, 23), durationMinutes: 120 }))[0]?.code).toBe('outside-hours');
  });

  it('warns when the day is not the one the customer asked for (in Eastern Time)', () => {
    expect(scheduleWarnings(plan({ askedDate: '2026-12-04', askedTimeOfDay: 'morning' }))).toEqual([
      { code: 'not-asked-date', message: 'The customer asked for Fri, Dec 4, morning.' },
    ]);
    // 7 PM Eastern on the 3rd is already the 4th in UTC: still the asked day.
    expect(scheduleWarnings(plan({ start: at(3, 18), askedDate: '2026-12-03' }))).toEqual([]);
  });

  it("warns when a plan's visit goes to another cleaner than the plan's", () => {
    expect(scheduleWarnings(plan({ preferredCleaner: 'Ana Lopez' }))).toEqual([
      { code: 'not-preferred-cleaner', message: "This visit's plan has Ana Lopez as the customer's cleaner." },
    ]);
    expect(scheduleWarnings(plan({ preferredCleaner: null }))).toEqual([]);
  });

  it('lets a save through only the warnings it accepted', () => {
    const warnings = scheduleWarnings(plan({ start: at(3, 6), askedDate: '2026-12-04' }));
    expect(unaccepted(warnings, ['outside-hours']).map((w) => w.code)).toEqual(['not-asked-date']);
    expect(unaccepted(warnings, ['outside-hours', 'not-asked-date'])).toEqual([]);
  });
});

describe('schedule request', () => {
  const valid = { scheduledAt: '2026-12-03T14:00:00.000Z', durationMinutes: 150, ownerId: 'owner-1', seenModifiedAt: null };

  it('takes a start, a duration in quarter hours and a cleaner', () => {
    expect(scheduleSchema.parse(valid)).toEqual(valid);
  });

  it.each([
    [{ durationMinutes: 20 }, 'durationMinutes', 'A cleaning lasts at least 30 minutes.'],
    [{ durationMinutes: 610 }, 'durationMinutes', 'A cleaning lasts at most 10 hours.'],
    [{ durationMinutes: 100 }, 'durationMinutes', 'Give the duration in quarter hours.'],
    [{ ownerId: '' }, 'ownerId', 'Choose a cleaner.'],
    [{ scheduledAt: 'tomorrow' }, 'scheduledAt', 'Give the date and time as an ISO instant.'],
  ])('refuses %o naming the field', (over, field, message) => {
    const result = scheduleSchema.safeParse({ ...valid, ...over });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: [field], message });
  });

  it('plans a deep or move-out clean for the longer package', () => {
    expect(defaultDurationMinutes('Deep Clean')).toBe(240);
    expect(defaultDurationMinutes('move-out-2000')).toBe(240);
    expect(defaultDurationMinutes(null)).toBe(120);
  });
});
