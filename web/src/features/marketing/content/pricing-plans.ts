import { findProduct } from '@app/shared/catalogue';
import { startingPriceCents, type ServiceFamily } from '@app/shared/services';
import { SQUARE_FOOTAGE_BANDS, type SquareFootageKey } from '@app/shared/square-footage';
import type { BookingSelection } from '../../../lib/booking-link';
import { featuresOf } from '../../../lib/service-features';

/** One priced row of a card: a square-footage band and its starting price (null: custom quote). */
export interface PriceRow {
  band: string;
  cents: (number | null)[];
}

export interface PricingPlan {
  family: ServiceFamily;
  summary: string;
  /** Column headings when a card prices more than one kind of visit. */
  columns?: string[];
  rows: PriceRow[];
  booking: BookingSelection;
}

// Above 2000 sq ft every home is quoted after the assessment (docs/product.md §9: 2001+ is a custom quote here).
const QUOTED_FROM: SquareFootageKey = 2001;
const BANDS = SQUARE_FOOTAGE_BANDS.map((band) => band.key);

function priceOf(family: ServiceFamily, band: SquareFootageKey): number | null {
  return band >= QUOTED_FROM ? null : startingPriceCents(family, band);
}

function recurringDeep(band: SquareFootageKey): number | null {
  return band >= QUOTED_FROM ? null : (findProduct(`recurring-deep-${band}`)?.priceCents ?? null);
}

function plan(family: ServiceFamily, summary: string, extra?: Pick<PricingPlan, 'columns'> & { second?: (band: SquareFootageKey) => number | null }): PricingPlan {
  const rows = SQUARE_FOOTAGE_BANDS.map((band) => ({
    band: `${band.label} sq ft`,
    cents: extra?.second ? [priceOf(family, band.key), extra.second(band.key)] : [priceOf(family, band.key)],
  }));
  const starting = startingPriceCents(family, BANDS[0] ?? 1000);
  if (starting === null) throw new Error(`${family} has no starting price`);
  return {
    family,
    summary,
    ...(extra?.columns ? { columns: extra.columns } : {}),
    rows,
    booking: { service: family, price: starting / 100, features: featuresOf(family), sqft: BANDS },
  };
}

/** The four bookable cards of docs/product.md §2 with the §9 starting prices. */
export const PRICING_PLANS: readonly PricingPlan[] = [
  plan('Basic Clean', 'A thorough top-to-bottom tidy for homes that are already in good shape.'),
  plan('Deep Clean', 'Detail work for a first visit, a new season or a home that needs extra care.'),
  plan('Recurring Clean', 'The same trusted checklist on a schedule that suits you. Priced per visit.', {
    columns: ['Basic visit', 'Deep visit'],
    second: recurringDeep,
  }),
  plan('Full Move Service', 'An empty-home clean for moving in or out, so the keys change hands on a clean slate.'),
];
