import { describe, expect, it } from 'vitest';
import { BOOKABLE_ADD_ONS, bookingSkus, laterVisitCents, priceBooking } from './booking-price';

describe('booking price', () => {
  it('prices the service for the size plus each add-on, with 10% off a first booking', () => {
    const price = priceBooking({ serviceType: 'Deep Clean', squareFootage: 1500, addOns: ['addon-oven', 'addon-microwave'] }, { firstBooking: true });
    expect(price).toEqual({
      quote: false,
      lines: [
        { id: 'deep-1500', name: 'Single Deep Clean (1001-1500 sq ft)', cents: 34_900 },
        { id: 'addon-oven', name: 'Oven', cents: 8_000 },
        { id: 'addon-microwave', name: 'Microwave', cents: 2_500 },
      ],
      subtotalCents: 45_400,
      discountPercent: 10,
      discountCents: 4_540,
      totalCents: 40_860,
    });
  });

  it('gives no discount to a returning customer, and rounds a discount to whole cents', () => {
    expect(priceBooking({ serviceType: 'Basic Clean', squareFootage: 1000 }, { firstBooking: false })).toMatchObject({
      subtotalCents: 14_900,
      discountPercent: null,
      discountCents: 0,
      totalCents: 14_900,
    });
    // 10% of $149 is $14.90; of $179 + $25 = $204 it is $20.40.
    expect(priceBooking({ serviceType: 'Recurring Clean', visitType: 'basic', squareFootage: 1500, addOns: ['addon-bulb-replacement'] }, { firstBooking: true }).totalCents).toBe(18_360);
  });

  it('prices a recurring visit by its type', () => {
    expect(priceBooking({ serviceType: 'Recurring Clean', visitType: 'deep', squareFootage: 2000 }, { firstBooking: false }).totalCents).toBe(47_900);
    expect(priceBooking({ serviceType: 'Recurring Clean', visitType: 'basic', squareFootage: 2000 }, { firstBooking: false }).totalCents).toBe(22_900);
  });

  it('takes the first-booking discount off the first visit of a recurring clean only', () => {
    // The request: 1001-1500 sq ft, weekly basic visits, the oven: $179 + $80 = $259.
    const choice = { serviceType: 'Recurring Clean', visitType: 'basic', squareFootage: 1500, addOns: ['addon-oven'] } as const;
    expect(priceBooking(choice, { firstBooking: true }).totalCents).toBe(23_310);
    expect(laterVisitCents(choice)).toBe(25_900);
    expect(laterVisitCents({ ...choice, visitType: 'deep', addOns: [] })).toBe(34_900);
    // One visit, or no price yet: no later visits to price.
    expect(laterVisitCents({ serviceType: 'Deep Clean', squareFootage: 1500 })).toBeNull();
    expect(laterVisitCents({ serviceType: 'Recurring Clean', visitType: 'deep', squareFootage: 2001 })).toBeNull();
  });

  it('makes every 2001+ booking a quote request: no amount, no discount, no service line', () => {
    for (const serviceType of ['Basic Clean', 'Deep Clean', 'Full Move Service'] as const) {
      expect(priceBooking({ serviceType, squareFootage: 2001, addOns: ['addon-oven'] }, { firstBooking: true })).toEqual({
        quote: true,
        lines: [],
        subtotalCents: null,
        discountPercent: null,
        discountCents: 0,
        totalCents: null,
      });
    }
    expect(bookingSkus({ serviceType: 'Deep Clean', squareFootage: 2001, addOns: ['addon-oven'] })).toEqual(['addon-oven']);
    expect(bookingSkus({ serviceType: 'Deep Clean', squareFootage: 2000, addOns: ['addon-oven'] })).toEqual(['deep-2000', 'addon-oven']);
  });

  it('offers the seven priced add-ons only', () => {
    expect(BOOKABLE_ADD_ONS.map((a) => [a.name, a.priceCents])).toEqual([
      ['Trash Removal', 7_500],
      ['Cabinet Organization', 6_000],
      ['Bulb Replacement', 2_500],
      ['Microwave', 2_500],
      ['Oven', 8_000],
      ['Refrigerator', 6_000],
      ['Interior Windows', 5_000],
    ]);
  });
});
