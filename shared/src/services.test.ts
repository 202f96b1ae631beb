import { describe, expect, it } from 'vitest';
import {
  ADD_ONS,
  SERVICE_FAMILY_NAMES,
  isAddOnId,
  productForFamily,
  servicesForSqft,
  sqftSelectValue,
  startingPriceCents,
} from './services';
import { INVALID_SQUARE_FOOTAGE } from './texts';

describe('square-footage select mapping (§5)', () => {
  it.each([
    [0, 1000],
    [1000, 1000],
    [1001, 1500],
    [1500, 1500],
    [1501, 2000],
    [2000, 2000],
    [2001, 2001],
    [4999, 2001],
    [5000, 2001],
    ['1500', 1500],
    ['2001', 2001],
  ])('%j → %j', (input, expected) => {
    expect(sqftSelectValue(input)).toEqual({ ok: true, value: expected });
  });

  it.each([-1, Number.NaN, 1000.5, Number.POSITIVE_INFINITY, '', 'abc', '2001+', '-5'])('%j → the §5 error', (input) => {
    expect(sqftSelectValue(input)).toEqual({ ok: false, error: 'Invalid square footage selected' });
    expect(INVALID_SQUARE_FOOTAGE).toBe('Invalid square footage selected');
  });
});

describe('services offered for a square footage', () => {
  const ids = (sqft: number) => servicesForSqft(sqft).map((p) => p.id);

  it('offers every non-add-on whose range contains the home, and no add-ons', () => {
    expect(ids(1200)).toEqual(['basic-1500', 'deep-1500', 'recurring-basic-1500', 'recurring-deep-1500', 'move-1500', 'organization-hourly']);
    expect(servicesForSqft(1200).some((p) => p.type === 'Add On')).toBe(false);
  });

  it('uses inclusive band edges', () => {
    expect(ids(1000)).toContain('basic-1000');
    expect(ids(1001)).toContain('basic-1500');
    expect(ids(2001)).toEqual(['basic-2001', 'deep-2001', 'recurring-deep-2001', 'move-2001', 'move-refresh-2001', 'organization-hourly']);
  });

  it('offers nothing outside every range', () => {
    expect(ids(5000)).toEqual([]);
    expect(ids(-1)).toEqual([]);
  });
});

describe('add-ons', () => {
  it('lists the nine add-ons with their §9 prices in cents', () => {
    expect(ADD_ONS.map((p) => [p.name, p.priceCents])).toEqual([
      ['Trash Removal', 7500],
      ['Cabinet Organization', 6000],
      ['Bulb Replacement', 2500],
      ['Microwave', 2500],
      ['Oven', 8000],
      ['Refrigerator', 6000],
      ['Interior Windows', 5000],
      ['Carpet Shampooing', null],
      ['Pet Hair Surcharge', null],
    ]);
    expect(isAddOnId('addon-oven')).toBe(true);
    expect(isAddOnId('basic-1000')).toBe(false);
    expect(isAddOnId('nope')).toBe(false);
  });
});

describe('service families and starting prices', () => {
  it('are the four bookable pricing cards', () => {
    expect(SERVICE_FAMILY_NAMES).toEqual(['Basic Clean', 'Deep Clean', 'Recurring Clean', 'Full Move Service']);
  });

  it.each([
    ['Basic Clean', [14900, 20900, 28900, 41900]],
    ['Deep Clean', [27900, 34900, 47900, 68900]],
    ['Recurring Clean', [11900, 17900, 22900, null]],
    ['Full Move Service', [39900, 53900, 64900, 89900]],
  ] as const)('%s', (family, prices) => {
    expect([1000, 1500, 2000, 2001].map((band) => startingPriceCents(family, band as 1000 | 1500 | 2000 | 2001))).toEqual(prices);
  });

  it('maps a family and band to its catalogue product', () => {
    expect(productForFamily('Deep Clean', 1500)?.id).toBe('deep-1500');
    expect(productForFamily('Recurring Clean', 2001)).toBeUndefined();
  });
});
