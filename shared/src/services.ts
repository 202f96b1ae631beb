import { CATALOGUE, findProduct, productIdFor, type Product } from './catalogue';
import { SQUARE_FOOTAGE_BANDS, type SquareFootageKey } from './square-footage';
import { INVALID_SQUARE_FOOTAGE } from './texts';

/** Services the portal offers for a home (§5): every non-add-on whose range contains it. */
export function servicesForSqft(sqft: number): Product[] {
  return CATALOGUE.filter((p) => p.type !== 'Add On' && p.minSqft <= sqft && sqft <= p.maxSqft);
}

export const ADD_ONS: readonly Product[] = CATALOGUE.filter((p) => p.type === 'Add On');

export function isAddOnId(id: string): boolean {
  return findProduct(id)?.type === 'Add On';
}

export type SqftSelectResult = { ok: true; value: SquareFootageKey } | { ok: false; error: string };

/**
 * The booking form's square-footage mapping (§5): 0-1000 → 1000, 1001-1500 → 1500,
 * 1501-2000 → 2000, 2001 and above → 2001 (no upper bound here: above 2000 is a custom
 * quote anyway). Anything else (negative, fractional, not a number) is refused with the
 * §5 message. Numeric strings are accepted because select values are strings.
 */
export function sqftSelectValue(input: number | string): SqftSelectResult {
  const sqft = typeof input === 'string' ? (/^\s*\d+\s*$/.test(input) ? Number(input) : NaN) : input;
  if (!Number.isInteger(sqft) || sqft < 0) return { ok: false, error: INVALID_SQUARE_FOOTAGE };
  const band = SQUARE_FOOTAGE_BANDS.find((b) => sqft <= b.maxSqft) ?? SQUARE_FOOTAGE_BANDS[SQUARE_FOOTAGE_BANDS.length - 1];
  return band ? { ok: true, value: band.key } : { ok: false, error: INVALID_SQUARE_FOOTAGE };
}

export const SQUARE_FOOTAGE_KEYS = SQUARE_FOOTAGE_BANDS.map((b) => b.key) as readonly SquareFootageKey[];

/**
 * Service families: the four bookable pricing cards (§2). The public booking form sends
 * the family name as serviceType (it is the Schedule Service link's `service` parameter);
 * the exact product follows from family + square-footage band, see productIdForFamily.
 * Commercial cleaning is "coming soon" and deliberately not a family here.
 */
export const SERVICE_FAMILIES = [
  { name: 'Basic Clean', idPrefix: 'basic' },
  { name: 'Deep Clean', idPrefix: 'deep' },
  { name: 'Recurring Clean', idPrefix: 'recurring-basic' },
  { name: 'Full Move Service', idPrefix: 'move' },
] as const;
export type ServiceFamily = (typeof SERVICE_FAMILIES)[number]['name'];
export const SERVICE_FAMILY_NAMES = SERVICE_FAMILIES.map((f) => f.name) as readonly ServiceFamily[];

export function isServiceFamily(value: string): value is ServiceFamily {
  return (SERVICE_FAMILY_NAMES as readonly string[]).includes(value);
}

/** Catalogue product of a family in a band, or undefined where none is priced (e.g. Recurring 2001+). */
export function productForFamily(family: ServiceFamily, band: SquareFootageKey): Product | undefined {
  const prefix = SERVICE_FAMILIES.find((f) => f.name === family)?.idPrefix;
  return prefix === undefined ? undefined : findProduct(productIdFor(prefix, band));
}

/** Starting price in integer cents of a family in a band; null when it is quoted instead. */
export function startingPriceCents(family: ServiceFamily, band: SquareFootageKey): number | null {
  return productForFamily(family, band)?.priceCents ?? null;
}
