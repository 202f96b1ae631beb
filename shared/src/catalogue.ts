import { SQUARE_FOOTAGE_BANDS, type SquareFootageKey } from './square-footage';

/** Product types of docs/product.md §3 (HubSpot product types). */
export const PRODUCT_TYPES = ['Service', 'Subscription', 'Add On'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

export interface Product {
  /** Stable product id (our SKU); deals list these in `external_skus`. */
  id: string;
  name: string;
  type: ProductType;
  minSqft: number;
  maxSqft: number;
  /** Starting price in integer cents; null where docs/product.md §9 gives no price (quoted on site). */
  priceCents: number | null;
  /** What the price is for: a whole visit or one hour of work. */
  unit: 'visit' | 'hour';
}

const ANY_SIZE = { minSqft: 0, maxSqft: 4999 } as const;
const dollars = (d: number) => d * 100;

/** One product per square-footage band, prices in dollars in band order (docs/product.md §9). */
function banded(
  idPrefix: string,
  name: string,
  type: ProductType,
  pricesInDollars: readonly number[],
): Product[] {
  return pricesInDollars.map((price, i) => {
    const band = SQUARE_FOOTAGE_BANDS[i];
    if (!band) throw new Error(`${name}: more prices than square-footage bands`);
    return {
      id: `${idPrefix}-${band.key}`,
      name: `${name} (${band.label} sq ft)`,
      type,
      minSqft: band.minSqft,
      maxSqft: band.maxSqft,
      priceCents: dollars(price),
      unit: 'visit',
    };
  });
}

const addOn = (id: string, name: string, price: number | null): Product => ({
  id: `addon-${id}`,
  name,
  type: 'Add On',
  ...ANY_SIZE,
  priceCents: price === null ? null : dollars(price),
  unit: 'visit',
});

/** The whole product catalogue with every starting price of docs/product.md §9. */
export const CATALOGUE: readonly Product[] = [
  ...banded('basic', 'Single Basic Clean', 'Service', [149, 209, 289, 419]),
  ...banded('deep', 'Single Deep Clean', 'Service', [279, 349, 479, 689]),
  ...banded('recurring-basic', 'Recurring Basic Clean', 'Subscription', [119, 179, 229]),
  ...banded('recurring-deep', 'Recurring Deep Clean', 'Subscription', [279, 349, 479, 689]),
  ...banded('move', 'Move In/Out Clean', 'Service', [399, 539, 649, 899]),
  {
    id: 'move-refresh-2001',
    name: 'Move-Out Refresh (2001+ sq ft)',
    type: 'Service',
    minSqft: 2001,
    maxSqft: 4999,
    priceCents: dollars(299),
    unit: 'visit',
  },
  { id: 'organization-hourly', name: 'Organization (hourly)', type: 'Service', ...ANY_SIZE, priceCents: dollars(65), unit: 'hour' },
  addOn('trash-removal', 'Trash Removal', 75),
  addOn('cabinet-organization', 'Cabinet Organization', 60),
  addOn('bulb-replacement', 'Bulb Replacement', 25),
  addOn('microwave', 'Microwave', 25),
  addOn('oven', 'Oven', 80),
  addOn('refrigerator', 'Refrigerator', 60),
  addOn('interior-windows', 'Interior Windows', 50),
  addOn('carpet-shampooing', 'Carpet Shampooing', null),
  addOn('pet-hair-surcharge', 'Pet Hair Surcharge', null),
];

const BY_ID = new Map(CATALOGUE.map((p) => [p.id, p]));

export function findProduct(id: string): Product | undefined {
  return BY_ID.get(id);
}

/** Product id for a banded family and a band, e.g. productIdFor('deep', 1500) → 'deep-1500'. */
export function productIdFor(idPrefix: string, band: SquareFootageKey): string {
  return `${idPrefix}-${band}`;
}
