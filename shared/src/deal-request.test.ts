import { describe, expect, it } from 'vitest';
import { bookingRequestBody } from './booking-request-fixture';
import { dealRequestOf, dealRequestSchema, type StoredRequest } from './deal-request';

const AT = new Date('2026-12-02T15:04:00.000Z');
const consent = { version: '2026-11-30', words: 'I agree to receive texts.', textsAgreed: true, agreedAt: AT };
const stored = (over: Partial<StoredRequest>): StoredRequest => ({ source: 'public_form', createdAt: AT, payload: {}, quoteType: 'in-person', contactMethod: 'text', smsConsent: consent, ...over });

describe('what the customer asked for, as the office reads it', () => {
  it('reads a public booking: size, service, visit, frequency, add-ons, discount and the estimate the customer saw', () => {
    const payload = bookingRequestBody({ serviceType: 'Recurring Clean', squareFootage: 1500, frequency: 'weekly', visitType: 'basic', addOns: ['addon-oven'] });
    const request = dealRequestOf(stored({ payload }), { discountPercent: 10 });
    expect(dealRequestSchema.parse(request)).toEqual({
      source: 'public_form',
      submittedAt: AT.toISOString(),
      serviceType: 'Recurring Clean',
      squareFootage: 1500,
      frequency: 'weekly',
      visitType: 'basic',
      addOns: [{ id: 'addon-oven', name: 'Oven', cents: 8_000 }],
      firstBookingDiscount: true,
      estimate: {
        lines: [
          { id: 'recurring-basic-1500', name: 'Recurring Basic Clean (1001-1500 sq ft)', cents: 17_900 },
          { id: 'addon-oven', name: 'Oven', cents: 8_000 },
        ],
        subtotalCents: 25_900,
        discountPercent: 10,
        discountCents: 2_590,
        totalCents: 23_310,
      },
      quoteType: 'in-person',
      contactMethod: 'text',
      consent: { version: '2026-11-30', words: 'I agree to receive texts.', textsAgreed: true, agreedAt: AT.toISOString() },
    });
    // A returning customer's booking got no discount: its estimate has none either.
    expect(dealRequestOf(stored({ payload }), { discountPercent: null })?.estimate?.totalCents).toBe(25_900);
    // A custom quote (2001+ sq ft) has no estimate; a service that is not recurring has no visit or frequency.
    const big = dealRequestOf(stored({ payload: { ...payload, serviceType: 'Deep Clean', squareFootage: 2001 } }), { discountPercent: null });
    expect(big).toMatchObject({ serviceType: 'Deep Clean', squareFootage: 2001, estimate: null, frequency: null, visitType: null });
  });

  it('reads a portal request from its product id, and an old or odd row as unknown rather than failing', () => {
    const portal = dealRequestOf(stored({ source: 'portal', payload: { serviceType: 'recurring-deep-2000', addOns: ['addon-refrigerator', 'no-such-add-on'] }, quoteType: null, contactMethod: null, smsConsent: null }), { discountPercent: null });
    expect(portal).toMatchObject({ source: 'portal', serviceType: 'Recurring Clean', visitType: 'deep', squareFootage: 2000, frequency: null, consent: null, quoteType: null });
    expect(portal?.addOns.map((a) => a.id)).toEqual(['addon-refrigerator']);
    expect(portal?.estimate?.lines[0]?.id).toBe('recurring-deep-2000');
    const odd = dealRequestOf(stored({ payload: { serviceType: 'Gutters', squareFootage: 1234, addOns: 'oven' }, quoteType: 'by post' }), { discountPercent: null });
    expect(odd).toMatchObject({ serviceType: null, squareFootage: null, addOns: [], estimate: null, quoteType: null });
    expect(dealRequestOf(stored({ source: 'hubspot' }), { discountPercent: null })).toBeNull();
  });
});
