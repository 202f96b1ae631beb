import { z } from 'zod';
import { priceBooking, RECURRING_FAMILY, RECURRING_FREQUENCIES, VISIT_TYPES, type RecurringFrequency, type VisitType } from './booking-price';
import { findProduct } from './catalogue';
import { CONTACT_METHODS, QUOTE_TYPES } from './form-fields';
import { isServiceFamily, SERVICE_FAMILIES, SQUARE_FOOTAGE_KEYS, type ServiceFamily } from './services';
import { SQUARE_FOOTAGE_BANDS, type SquareFootageKey } from './square-footage';

/**
 * What the customer asked for and agreed to when they booked, as the office reads it on the
 * cleaning's page and as the quote form starts from (GET /api/internal/admin/deals/:id, field
 * `request`). Read from the booking request row (its payload as accepted, the assessment type,
 * the contact method, the consent kept with it), never from the deal's columns, which follow
 * HubSpot and the office's quotes.
 */

const instant = z.iso.datetime({ offset: true });

/** A priced line of the request's estimate (the catalogue's name and price). */
const lineSchema = z.object({ id: z.string(), name: z.string(), cents: z.number().int() });

export const dealRequestSchema = z.object({
  /** The public booking form, or the portal's "schedule a new clean". */
  source: z.enum(['public_form', 'portal']),
  submittedAt: instant,
  /** The service family asked for (null when the request named none we know). */
  serviceType: z.string().nullable(),
  /** The size band's key (1000, 1500, 2000, 2001); null when unknown. */
  squareFootage: z.number().int().nullable(),
  frequency: z.enum(RECURRING_FREQUENCIES).nullable(),
  visitType: z.enum(VISIT_TYPES).nullable(),
  addOns: z.array(lineSchema),
  /** Whether the booking got the first-booking discount (decided by the api as it stored it). */
  firstBookingDiscount: z.boolean(),
  /**
   * The estimate the customer was shown on booking (the confirmation page's): the catalogue
   * lines, the discount and the total. Null for a custom quote (2001+ sq ft).
   */
  estimate: z
    .object({ lines: z.array(lineSchema), subtotalCents: z.number().int(), discountPercent: z.number().nullable(), discountCents: z.number().int(), totalCents: z.number().int() })
    .nullable(),
  /** The free pre-visit assessment: in person or virtual. */
  quoteType: z.enum(QUOTE_TYPES).nullable(),
  /** How they want to be contacted. */
  contactMethod: z.enum(CONTACT_METHODS).nullable(),
  /** The consent given with a public booking (the agreement, and the separate text box); null for a portal request. */
  consent: z
    .object({
      /** The terms' version the form showed (shared/src/sms-consent.ts). */
      version: z.string(),
      /** The words the customer agreed to, as kept with the request. */
      words: z.string(),
      /** The optional "text me" box: ticked or not. */
      textsAgreed: z.boolean().nullable(),
      agreedAt: instant,
    })
    .nullable(),
});
export type DealRequest = z.output<typeof dealRequestSchema>;

/** The office's words for the request's answers (the booking form's labels). */
export const ASSESSMENT_TYPE_LABELS: Readonly<Record<(typeof QUOTE_TYPES)[number], string>> = { 'in-person': 'In person', virtual: 'Virtual (video call)' };
export const CONTACT_METHOD_LABELS: Readonly<Record<(typeof CONTACT_METHODS)[number], string>> = { phone: 'Phone call', text: 'Text message', email: 'Email' };

/** "1001-1500 sq ft", as the booking form lists the bands. */
export function bandLabel(key: number): string {
  const band = SQUARE_FOOTAGE_BANDS.find((b) => b.key === key);
  return band ? `${band.label} sq ft` : `${key} sq ft`;
}

const asBand = (value: unknown): SquareFootageKey | null => (SQUARE_FOOTAGE_KEYS as readonly unknown[]).includes(value) ? (value as SquareFootageKey) : null;
const asOneOf = <T extends string>(values: readonly T[], value: unknown): T | null => ((values as readonly unknown[]).includes(value) ? (value as T) : null);

/** The family, visit type and band of a portal request's product id ('recurring-deep-1500'). */
function productChoice(productId: string): { serviceType: ServiceFamily; visitType: VisitType | null; squareFootage: SquareFootageKey | null } | null {
  const band = asBand(Number(productId.slice(productId.lastIndexOf('-') + 1)));
  if (productId.startsWith('recurring-deep-')) return { serviceType: RECURRING_FAMILY, visitType: 'deep', squareFootage: band };
  const family = SERVICE_FAMILIES.find((f) => productId.startsWith(`${f.idPrefix}-`));
  if (!family) return null;
  return { serviceType: family.name, visitType: family.name === RECURRING_FAMILY ? 'basic' : null, squareFootage: band };
}

/** The stored request, as the repository reads it. */
export interface StoredRequest {
  source: string;
  createdAt: Date;
  payload: unknown;
  quoteType: string | null;
  contactMethod: string | null;
  smsConsent: { version: string; words: string; textsAgreed: boolean | null; agreedAt: Date } | null;
}

/**
 * The request of a deal as the office reads it. The payload was checked by the intake schema
 * when it was accepted; it is read here field by field, so a row kept from before a field
 * existed shows that field as unknown rather than failing the page. `discountPercent` is the
 * deal's first-booking discount, decided when the booking was stored.
 */
export function dealRequestOf(stored: StoredRequest, deal: { discountPercent: number | null }): DealRequest | null {
  if (stored.source !== 'public_form' && stored.source !== 'portal') return null;
  const payload = (typeof stored.payload === 'object' && stored.payload !== null ? stored.payload : {}) as Record<string, unknown>;
  const askedAddOns = Array.isArray(payload.addOns) ? payload.addOns.filter((id): id is string => typeof id === 'string') : [];
  const addOns = askedAddOns.flatMap((id) => {
    const product = findProduct(id);
    return product?.type === 'Add On' ? [{ id, name: product.name, cents: product.priceCents ?? 0 }] : [];
  });
  const askedService = typeof payload.serviceType === 'string' ? payload.serviceType : null;
  const portal = stored.source === 'portal' && askedService ? productChoice(askedService) : null;
  const serviceType = portal?.serviceType ?? (askedService && isServiceFamily(askedService) ? askedService : null);
  const squareFootage = portal?.squareFootage ?? asBand(payload.squareFootage);
  const recurring = serviceType === RECURRING_FAMILY;
  const frequency: RecurringFrequency | null = recurring ? asOneOf(RECURRING_FREQUENCIES, payload.frequency) : null;
  const visitType: VisitType | null = recurring ? (portal?.visitType ?? asOneOf(VISIT_TYPES, payload.visitType)) : null;
  const discounted = deal.discountPercent !== null && deal.discountPercent > 0;
  return {
    source: stored.source,
    submittedAt: stored.createdAt.toISOString(),
    serviceType,
    squareFootage,
    frequency,
    visitType,
    addOns,
    firstBookingDiscount: discounted,
    estimate: serviceType && isServiceFamily(serviceType) && squareFootage !== null ? estimateOf(serviceType, squareFootage, visitType, addOns.map((a) => a.id), discounted) : null,
    quoteType: asOneOf(QUOTE_TYPES, stored.quoteType ?? payload.quoteType),
    contactMethod: asOneOf(CONTACT_METHODS, stored.contactMethod ?? payload.contactMethod),
    consent: stored.smsConsent
      ? { version: stored.smsConsent.version, words: stored.smsConsent.words, textsAgreed: stored.smsConsent.textsAgreed, agreedAt: stored.smsConsent.agreedAt.toISOString() }
      : null,
  };
}

/** The booking's own price rule (priceBooking, as the api priced it when it stored the request): what the confirmation page showed. */
function estimateOf(serviceType: ServiceFamily, squareFootage: SquareFootageKey, visitType: VisitType | null, addOns: string[], discounted: boolean): DealRequest['estimate'] {
  const price = priceBooking({ serviceType, squareFootage, visitType: visitType ?? undefined, addOns }, { firstBooking: discounted });
  if (price.quote || price.subtotalCents === null || price.totalCents === null) return null;
  return { lines: price.lines, subtotalCents: price.subtotalCents, discountPercent: price.discountPercent, discountCents: price.discountCents, totalCents: price.totalCents };
}
