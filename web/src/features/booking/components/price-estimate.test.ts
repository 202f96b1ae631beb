import { describe, expect, it } from 'vitest';
import { estimateText } from './price-estimate';

describe('estimateText (catalogue prices of spec section 9)', () => {
  it('starts from the smallest band until a size is chosen', () => {
    expect(estimateText('Deep Clean', '')).toEqual({ label: 'Starting price', price: 'From $279' });
    expect(estimateText('Full Move Service', '')).toEqual({ label: 'Starting price', price: 'From $399' });
  });

  it('gives the price of the chosen band', () => {
    expect(estimateText('Basic Clean', '1500').price).toBe('$209');
    expect(estimateText('Deep Clean', '2000').price).toBe('$479');
    expect(estimateText('Recurring Clean', '1000').price).toBe('$119');
    expect(estimateText('Basic Clean', '2001').price).toBe('$419');
  });

  it('says custom quote where the catalogue has no product for the band, or the service is unknown', () => {
    expect(estimateText('Recurring Clean', '2001').price).toBe('Custom quote after your assessment');
    expect(estimateText('Window Washing', '1500').price).toBe('Quoted after your assessment');
  });
});
