import { describe, expect, it } from 'vitest';
import { officeBookingPrice, officeBookingSchema, officeBookingStart, START_TIME_REQUIRED, timeOfDayOf } from './office-booking';
import { dateTooSoonMessage, VISIT_TYPE_REQUIRED } from './texts';

/** 9 AM Eastern on Tuesday, November 24, 2026. */
const schema = officeBookingSchema({ now: new Date('2026-11-24T14:00:00Z') });
const booking = { serviceType: 'Deep Clean', squareFootage: 1500, addOns: ['addon-oven'], date: '2026-12-01', startTime: '10:00', durationMinutes: 240, ownerId: 'o1' };
const fieldsOf = (value: unknown) => (schema.safeParse(value).error?.issues ?? []).map((i) => [i.path.join('.'), i.message]);

describe('the office booking', () => {
  it('prices with the quote rule and starts at the Eastern wall time', () => {
    const parsed = schema.parse(booking);
    expect(officeBookingPrice(parsed)).toMatchObject({ lines: [{ id: 'deep-1500' }, { id: 'addon-oven' }], totalCents: 42_900 });
    expect(officeBookingStart(parsed).toISOString()).toBe('2026-12-01T15:00:00.000Z');
    expect([timeOfDayOf('09:30'), timeOfDayOf('13:00'), timeOfDayOf('18:00')]).toEqual(['morning', 'afternoon', 'evening']);
  });

  it('names the field of each broken rule', () => {
    expect(fieldsOf({ ...booking, date: '2026-11-28' })).toEqual([['date', dateTooSoonMessage(5)]]);
    expect(fieldsOf({ ...booking, startTime: '9 AM' })).toEqual([['startTime', START_TIME_REQUIRED]]);
    expect(fieldsOf({ ...booking, serviceType: 'Recurring Clean', frequency: 'weekly' })).toEqual([['visitType', VISIT_TYPE_REQUIRED]]);
    expect(fieldsOf({ ...booking, surprise: true }).map(([field]) => field)).toEqual(['']);
  });
});
