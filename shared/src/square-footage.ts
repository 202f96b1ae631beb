/** Square-footage bands of docs/product.md §9. `key` is the value the booking form submits (§5 mapping). */
export const SQUARE_FOOTAGE_BANDS = [
  { key: 1000, minSqft: 0, maxSqft: 1000, label: '0-1000' },
  { key: 1500, minSqft: 1001, maxSqft: 1500, label: '1001-1500' },
  { key: 2000, minSqft: 1501, maxSqft: 2000, label: '1501-2000' },
  { key: 2001, minSqft: 2001, maxSqft: 4999, label: '2001+' },
] as const;

export type SquareFootageBand = (typeof SQUARE_FOOTAGE_BANDS)[number];
export type SquareFootageKey = SquareFootageBand['key'];

/** Largest home the catalogue prices; anything bigger is out of every band. */
export const MAX_PRICED_SQFT = 4999;
