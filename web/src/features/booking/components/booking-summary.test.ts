import { describe, expect, it } from 'vitest';
import { readDraft, type BookingDraft } from './booking-choices';
import { estimateHeadline, formatDay, serviceLine, visitsLine } from './booking-summary';

const draft = (over: Partial<BookingDraft>): BookingDraft => ({
  serviceType: 'Deep Clean',
  squareFootage: '',
  frequency: '',
  visitType: '',
  addOns: [],
  preferredDate: '',
  timeOfDay: '',
  ...over,
});
const headline = (over: Partial<BookingDraft>) => estimateHeadline(readDraft(draft(over)));

describe('booking summary (catalogue prices of spec section 9)', () => {
  it('starts from the smallest band until a size is chosen', () => {
    expect(headline({})).toEqual({ label: 'Starting price', price: 'From $279' });
    expect(headline({ serviceType: 'Full Move Service' })).toEqual({ label: 'Starting price', price: 'From $399' });
  });

  it('totals service and add-ons with the first-booking discount', () => {
    expect(headline({ squareFootage: '1500' })).toEqual({ label: 'Estimated total', price: '$314.10' });
    expect(headline({ serviceType: 'Basic Clean', squareFootage: '1500', addOns: ['addon-oven'] })).toEqual({ label: 'Estimated total', price: '$260.10' });
    // A one-off clean has one visit: no "first visit" wording.
    expect(readDraft(draft({ squareFootage: '1500' })).laterVisitCents).toBeNull();
  });

  it('waits for the visit type of a recurring clean, then prices it visit by visit: the discount is the first visit only', () => {
    expect(headline({ serviceType: 'Recurring Clean', squareFootage: '1000' }).label).toBe('Starting price');
    // $279 a deep visit, 10% off the first.
    expect(headline({ serviceType: 'Recurring Clean', squareFootage: '1000', visitType: 'deep' })).toEqual({
      label: 'Estimate',
      price: 'First visit $251.10, then $279 a visit',
    });
    // The request: 1001-1500 sq ft, weekly basic visits and the oven, $179 + $80.
    expect(headline({ serviceType: 'Recurring Clean', squareFootage: '1500', frequency: 'weekly', visitType: 'basic', addOns: ['addon-oven'] }).price).toBe(
      'First visit $233.10, then $259 a visit',
    );
    // Above 2000 sq ft there is no price for a recurring visit either.
    expect(headline({ serviceType: 'Recurring Clean', squareFootage: '2001', visitType: 'basic' }).price).toBe('Custom quote after your free assessment');
    // Without a discount, one price a visit.
    expect(visitsLine(25_900, 25_900)).toBe('$259 a visit');
    expect(serviceLine(readDraft(draft({ serviceType: 'Recurring Clean', visitType: 'deep', frequency: 'bi-weekly' })))).toBe('Recurring Clean · Deep visit, bi-weekly');
    // A stale recurring answer does not follow another service.
    expect(serviceLine(readDraft(draft({ visitType: 'deep', frequency: 'weekly' })))).toBe('Deep Clean');
  });

  it('says custom quote for every 2001+ home, and for an unknown service', () => {
    for (const serviceType of ['Basic Clean', 'Deep Clean', 'Full Move Service', 'Recurring Clean']) {
      expect(headline({ serviceType, squareFootage: '2001' })).toEqual({ label: 'Estimate', price: 'Custom quote after your free assessment' });
    }
    expect(headline({ serviceType: 'Window Washing', squareFootage: '1500' }).price).toBe('Quoted after your assessment');
  });

  it('writes a chosen day as people read it', () => {
    expect(formatDay('2026-12-04')).toBe('Fri, Dec 4');
    expect(formatDay('')).toBeNull();
  });
});
