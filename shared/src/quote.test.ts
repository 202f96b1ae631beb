import { describe, expect, it } from 'vitest';
import { priceBooking } from './booking-price';
import {
  dealQuoteSchema,
  priceQuote,
  QUOTE_NOT_PRICED,
  QUOTE_REASON_REQUIRED,
  QUOTE_TOTAL_NOT_POSITIVE,
  quoteAnswerSchema,
  quoteSchema,
  sentQuote,
} from './quote';
import { FREQUENCY_REQUIRED } from './texts';

/** The first issue of a refused quote: which field, and what it says. */
function refusal(input: unknown) {
  const result = quoteSchema.safeParse(input);
  if (result.success) throw new Error('expected the quote to be refused');
  const issue = result.error.issues[0]!;
  return { field: issue.path.join('.'), message: issue.message };
}

describe('quote pricing', () => {
  it('prices the catalogue lines exactly as a booking does, discount included', () => {
    const choice = { serviceType: 'Deep Clean', squareFootage: 1500, addOns: ['addon-oven', 'addon-microwave'] } as const;
    const quote = quoteSchema.parse({ ...choice, firstBookingDiscount: true });
    const booking = priceBooking(choice, { firstBooking: true });
    expect(priceQuote(quote)).toEqual({
      lines: booking.lines,
      subtotalCents: 45_400,
      discountPercent: 10,
      discountCents: 4_540,
      adjustmentCents: 0,
      adjustmentReason: null,
      totalCents: booking.totalCents,
    });
  });

  it('prices the bands a booking leaves to a quote (2001+ sq ft)', () => {
    expect(priceBooking({ serviceType: 'Basic Clean', squareFootage: 2001 }, { firstBooking: false }).quote).toBe(true);
    const price = priceQuote(quoteSchema.parse({ serviceType: 'Basic Clean', squareFootage: 2001 }));
    expect(price).toMatchObject({ lines: [{ id: 'basic-2001', cents: 41_900 }], totalCents: 41_900 });
  });

  it('adds a free adjustment either way, with its reason', () => {
    const up = quoteSchema.parse({ serviceType: 'Basic Clean', squareFootage: 1000, adjustmentCents: 2_550, adjustmentReason: ' Two flights of stairs ' });
    expect(priceQuote(up)).toMatchObject({ subtotalCents: 14_900, adjustmentCents: 2_550, adjustmentReason: 'Two flights of stairs', totalCents: 17_450 });
    const down = quoteSchema.parse({ serviceType: 'Recurring Clean', visitType: 'deep', frequency: 'weekly', squareFootage: 1000, firstBookingDiscount: true, adjustmentCents: -1_000, adjustmentReason: 'Loyal neighbour' });
    // $279 less 10% ($27.90) less $10.
    expect(priceQuote(down)!.totalCents).toBe(24_110);
    expect(sentQuote(down)).toMatchObject({ serviceType: 'Recurring Clean', visitType: 'deep', frequency: 'weekly', lines: [{ id: 'recurring-deep-1000' }], totalCents: 24_110 });
  });

  it('records no visit type or frequency for a service that has none', () => {
    expect(sentQuote(quoteSchema.parse({ serviceType: 'Deep Clean', squareFootage: 1000, visitType: 'basic', frequency: 'weekly' }))).toMatchObject({ visitType: null, frequency: null });
  });
});

describe('quote validation names the field', () => {
  it('asks for a reason when the price is adjusted', () => {
    expect(refusal({ serviceType: 'Basic Clean', squareFootage: 1000, adjustmentCents: 500 })).toEqual({ field: 'adjustmentReason', message: QUOTE_REASON_REQUIRED });
    expect(refusal({ serviceType: 'Basic Clean', squareFootage: 1000, adjustmentCents: 500, adjustmentReason: '   ' }).field).toBe('adjustmentReason');
    expect(refusal({ serviceType: 'Basic Clean', squareFootage: 1000, adjustmentCents: 5, adjustmentReason: 'x'.repeat(501) }).field).toBe('adjustmentReason');
  });

  it('refuses a total of zero or less, and an adjustment that is not whole cents', () => {
    expect(refusal({ serviceType: 'Basic Clean', squareFootage: 1000, adjustmentCents: -14_900, adjustmentReason: 'Free' })).toEqual({ field: 'adjustmentCents', message: QUOTE_TOTAL_NOT_POSITIVE });
    expect(refusal({ serviceType: 'Basic Clean', squareFootage: 1000, adjustmentCents: 1.5, adjustmentReason: 'Half' }).field).toBe('adjustmentCents');
    expect(quoteSchema.safeParse({ serviceType: 'Basic Clean', squareFootage: 1000, adjustmentCents: -14_899, adjustmentReason: 'Nearly free' }).success).toBe(true);
  });

  it('refuses choices outside the catalogue', () => {
    expect(refusal({ serviceType: 'Window Wash', squareFootage: 1000 }).field).toBe('serviceType');
    expect(refusal({ serviceType: 'Basic Clean', squareFootage: 1200 }).field).toBe('squareFootage');
    expect(refusal({ serviceType: 'Basic Clean', squareFootage: 1000, addOns: ['addon-carpet-shampooing'] }).field).toBe('addOns');
    expect(refusal({ serviceType: 'Basic Clean', squareFootage: 1000, addOns: ['addon-oven', 'addon-oven'] }).field).toBe('addOns');
    expect(refusal({ serviceType: 'Recurring Clean', visitType: 'basic', frequency: 'weekly', squareFootage: 2001 })).toEqual({ field: 'squareFootage', message: QUOTE_NOT_PRICED });
    expect(refusal({ serviceType: 'Recurring Clean', visitType: 'basic', squareFootage: 1000 })).toEqual({ field: 'frequency', message: FREQUENCY_REQUIRED });
    expect(refusal({ serviceType: 'Basic Clean', squareFootage: 1000, amountCents: 100 }).message).toMatch(/amountCents/);
  });

  it('takes the deal version with the quote, and an answer with an optional reason of at most 500 characters', () => {
    expect(dealQuoteSchema.safeParse({ serviceType: 'Basic Clean', squareFootage: 1000 }).error?.issues[0]?.path).toEqual(['seenModifiedAt']);
    expect(dealQuoteSchema.parse({ serviceType: 'Basic Clean', squareFootage: 1000, seenModifiedAt: null })).toMatchObject({ addOns: [], adjustmentCents: 0 });
    expect(quoteAnswerSchema.parse({ answer: 'declined', reason: ' Too dear ' })).toEqual({ answer: 'declined', reason: 'Too dear' });
    expect(quoteAnswerSchema.safeParse({ answer: 'declined', reason: 'x'.repeat(501) }).error?.issues[0]?.path).toEqual(['reason']);
    expect(quoteAnswerSchema.safeParse({ answer: 'maybe' }).error?.issues[0]?.path).toEqual(['answer']);
  });
});
