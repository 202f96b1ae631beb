import { findProduct, type Product } from './catalogue';
import { FIRST_BOOKING_DISCOUNT_PERCENT } from './constants';
import { ADD_ONS, productForFamily, type ServiceFamily } from './services';
import type { SquareFootageKey } from './square-footage';

/**
 * The one pricing rule of a booking, used by the form's summary and by the api (which stores
 * what it computes, never what a browser says): the service's product for the home's size, the
 * chosen add-ons, and the first-booking discount. Above 2000 sq ft every booking is a quote
 * request: the pricing page says "Custom quote", so no amount is shown or stored.
 */

export const RECURRING_FREQUENCIES = ['weekly', 'bi-weekly', 'monthly'] as const;
export type RecurringFrequency = (typeof RECURRING_FREQUENCIES)[number];
export const FREQUENCY_LABELS: Record<RecurringFrequency, string> = { weekly: 'Weekly', 'bi-weekly': 'Bi-weekly', monthly: 'Monthly' };

export const VISIT_TYPES = ['basic', 'deep'] as const;
export type VisitType = (typeof VISIT_TYPES)[number];
export const VISIT_TYPE_LABELS: Record<VisitType, string> = { basic: 'Basic visit', deep: 'Deep visit' };

/** The family whose bookings choose a frequency and a visit type. */
export const RECURRING_FAMILY: ServiceFamily = 'Recurring Clean';

/** From this band up, a booking is quoted after the assessment instead of priced. */
export const QUOTED_FROM_SQFT: SquareFootageKey = 2001;

/** Add-ons a booking can choose: those with a price (the others are only ever quoted on site). */
export const BOOKABLE_ADD_ONS: readonly Product[] = ADD_ONS.filter((p) => p.priceCents !== null);
export const BOOKABLE_ADD_ON_IDS = BOOKABLE_ADD_ONS.map((p) => p.id) as readonly string[];

export interface BookingChoice {
  serviceType: ServiceFamily;
  squareFootage: SquareFootageKey;
  /** Recurring only: the kind of visit each time. */
  visitType?: VisitType | undefined;
  addOns?: readonly string[] | undefined;
}

/** The catalogue product of the chosen service and size (recurring: of its visit type); undefined when none exists. */
export function serviceProduct(choice: Pick<BookingChoice, 'serviceType' | 'squareFootage' | 'visitType'>): Product | undefined {
  if (choice.serviceType === RECURRING_FAMILY && choice.visitType === 'deep') return findProduct(`recurring-deep-${choice.squareFootage}`);
  return productForFamily(choice.serviceType, choice.squareFootage);
}

export const isQuoteRequest = (squareFootage: SquareFootageKey): boolean => squareFootage >= QUOTED_FROM_SQFT;

export interface PriceLine {
  id: string;
  name: string;
  cents: number;
}

export interface BookingPrice {
  /** A quote request: nothing is priced (2001+ sq ft, or no product for this service and size). */
  quote: boolean;
  /** Priced lines: the service, then each add-on; empty for a quote. */
  lines: PriceLine[];
  subtotalCents: number | null;
  discountPercent: number | null;
  discountCents: number;
  totalCents: number | null;
}

/** Whole cents of a percentage of an amount, rounded half up. */
const percentOf = (cents: number, percent: number) => Math.round((cents * percent) / 100);

/**
 * The catalogue lines of a choice at their prices: the service's product for the size, then
 * each add-on. Null when the service has no priced product in that band (Recurring 2001+).
 * Unlike a booking, the office's quote prices every band (shared/quote.ts).
 */
export function catalogueLines(choice: BookingChoice): PriceLine[] | null {
  const product = serviceProduct(choice);
  if (product?.priceCents == null) return null;
  const addOns = (choice.addOns ?? []).map((id) => findProduct(id)).filter((p): p is Product => p !== undefined);
  return [product, ...addOns].map((p) => ({ id: p.id, name: p.name, cents: p.priceCents ?? 0 }));
}

/** The first-booking discount of a subtotal: its percent (null when none) and its cents. */
export function firstBookingDiscount(subtotalCents: number, firstBooking: boolean): { discountPercent: number | null; discountCents: number } {
  const discountPercent = firstBooking ? FIRST_BOOKING_DISCOUNT_PERCENT : null;
  return { discountPercent, discountCents: discountPercent === null ? 0 : percentOf(subtotalCents, discountPercent) };
}

/**
 * Prices a booking. `firstBooking` says whether the discount applies: the api decides it from
 * the e-mail's earlier bookings; the form shows the discount as what a first booking gets.
 */
export function priceBooking(choice: BookingChoice, { firstBooking }: { firstBooking: boolean }): BookingPrice {
  const lines = isQuoteRequest(choice.squareFootage) ? null : catalogueLines(choice);
  if (lines === null) {
    return { quote: true, lines: [], subtotalCents: null, discountPercent: null, discountCents: 0, totalCents: null };
  }
  const subtotalCents = lines.reduce((sum, line) => sum + line.cents, 0);
  const { discountPercent, discountCents } = firstBookingDiscount(subtotalCents, firstBooking);
  return { quote: false, lines, subtotalCents, discountPercent, discountCents, totalCents: subtotalCents - discountCents };
}

/**
 * What each later visit of a Recurring Clean costs: the same lines (the visit's product for the
 * size, and its add-ons) at catalogue prices. The first-booking discount (§1, §9: 10% off the first
 * booking) is taken off the first visit only, so a later visit is priced as a booking that is not
 * the first. Null for any other service, and for a quote request.
 */
export function laterVisitCents(choice: BookingChoice): number | null {
  if (choice.serviceType !== RECURRING_FAMILY) return null;
  return priceBooking(choice, { firstBooking: false }).totalCents;
}

/**
 * The catalogue ids a booking's deal lists (HubSpot external_skus, one line item each): the
 * priced service, then the add-ons. A quote lists no service product, so HubSpot never shows a
 * price for it; the deal's service type, size and visit type say what was asked for.
 */
export function bookingSkus(choice: BookingChoice): string[] {
  const product = isQuoteRequest(choice.squareFootage) ? undefined : serviceProduct(choice);
  return [...(product?.priceCents != null ? [product.id] : []), ...(choice.addOns ?? [])];
}
