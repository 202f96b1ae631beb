import { describe, expect, it } from 'vitest';
import { bookingRequestBody } from './booking-request-fixture';
import { type BookingRequestInput, bookingRequestSchema } from './booking-request';
import { addDays, minBookingDate } from './eastern-time';

// 10:00 in Atlanta on Sunday 22 November 2026: the earliest bookable day is 27 November.
const NOW = new Date('2026-11-22T15:00:00Z');
const schema = bookingRequestSchema({ legalName: 'Sweet Peach Cleaning LLC', now: NOW });

describe('bookingRequestBody', () => {
  it('is a body the real schema accepts, for the earliest bookable day', () => {
    const body = bookingRequestBody({}, NOW);
    expect(body.preferredDate).toBe('2026-11-27');
    expect(schema.safeParse(body).error).toBeUndefined();
  });

  it('defaults to the real clock: accepted by a schema on the real clock', () => {
    const body = bookingRequestBody();
    expect(body.preferredDate).toBe(minBookingDate());
    expect(bookingRequestSchema({ legalName: 'Sweet Peach Cleaning LLC' }).safeParse(body).error).toBeUndefined();
  });

  it('gives every call its own e-mail, unless one is given', () => {
    expect(bookingRequestBody().email).not.toBe(bookingRequestBody().email);
    expect(bookingRequestBody({ email: 'ann@example.com' }).email).toBe('ann@example.com');
  });

  it.each([
    ['texts unticked', { textsAgreed: false }],
    ['contact by text', { contactMethod: 'text' }],
    ['a recurring clean', { serviceType: 'Recurring Clean', frequency: 'weekly', visitType: 'basic' }],
    ['add-ons and a description', { addOns: ['addon-oven'], description: 'Two dogs at home.' }],
    ['a custom quote', { squareFootage: 2001, serviceType: 'Basic Clean', quoteType: 'in-person' }],
    ['a later date', { preferredDate: addDays('2026-11-27', 30) }],
  ] satisfies [string, Partial<BookingRequestInput>][])('with %s is still accepted', (_label, overrides) => {
    const body = bookingRequestBody(overrides, NOW);
    expect(body).toMatchObject(overrides);
    expect(schema.safeParse(body).error).toBeUndefined();
  });
});
