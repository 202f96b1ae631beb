import { BOOKABLE_ADD_ON_IDS, FREQUENCY_LABELS, RECURRING_FAMILY, VISIT_TYPE_LABELS } from '@app/shared/booking-price';
import { bandLabel, type DealRequest } from '@app/shared/deal-request';
import { formatUsd } from '@app/shared/money';
import { isServiceFamily, SQUARE_FOOTAGE_KEYS, type ServiceFamily } from '@app/shared/services';
import type { SquareFootageKey } from '@app/shared/square-footage';
import type { DealDetails } from '@app/shared/staff-board';
import type { QuoteFields } from './deal-quote';

/**
 * Where the office's quote starts (the customer's request) and what the office changed from it,
 * line by line, in the words the form shows beside each changed line (and reads out with it).
 */

const isBand = (value: number | null | undefined): value is SquareFootageKey => (SQUARE_FOOTAGE_KEYS as readonly unknown[]).includes(value);
const familyOf = (value: string | null | undefined): ServiceFamily | null => (value && isServiceFamily(value) ? value : null);

/** The form's first values: what the request asked for; for a deal without one, its service and the catalogue's first band. */
export function requestedQuote(deal: Pick<DealDetails, 'serviceType' | 'request'>): QuoteFields {
  const asked = deal.request;
  return {
    serviceType: familyOf(asked?.serviceType) ?? familyOf(deal.serviceType) ?? 'Basic Clean',
    squareFootage: isBand(asked?.squareFootage) ? asked.squareFootage : 1000,
    visitType: asked?.visitType ?? 'basic',
    frequency: asked?.frequency ?? 'bi-weekly',
    addOns: (asked?.addOns ?? []).map((a) => a.id).filter((id) => BOOKABLE_ADD_ON_IDS.includes(id)),
    firstBookingDiscount: asked?.firstBookingDiscount ?? false,
    adjustment: '',
    adjustmentReason: '',
  };
}

/** What a line of the quote says when it differs from the request; absent where it does not (or the request did not say). */
export interface QuoteChanges {
  serviceType?: string;
  squareFootage?: string;
  visitType?: string;
  frequency?: string;
  firstBookingDiscount?: string;
  /** Per add-on id. */
  addOns: Record<string, string>;
  total?: string;
}

export const ADD_ON_ADDED = 'Changed: not in the request';
export const ADD_ON_REMOVED = 'Changed: the customer asked for it';
export const DISCOUNT_ADDED = 'Changed: the booking did not get it';
export const DISCOUNT_REMOVED = 'Changed: the booking had it';

/** The lines of `fields` that differ from `asked` (nothing when there is no request to compare with). */
export function quoteChanges(asked: DealRequest | null, fields: QuoteFields, totalCents: number | null): QuoteChanges {
  const changes: QuoteChanges = { addOns: {} };
  if (!asked) return changes;
  if (asked.serviceType && asked.serviceType !== fields.serviceType) changes.serviceType = `Changed from ${asked.serviceType}`;
  if (asked.squareFootage !== null && asked.squareFootage !== fields.squareFootage) changes.squareFootage = `Changed from ${bandLabel(asked.squareFootage)}`;
  if (fields.serviceType === RECURRING_FAMILY) {
    if (asked.visitType && asked.visitType !== fields.visitType) changes.visitType = `Changed from ${VISIT_TYPE_LABELS[asked.visitType]}`;
    if (asked.frequency && asked.frequency !== fields.frequency) changes.frequency = `Changed from ${FREQUENCY_LABELS[asked.frequency]}`;
  }
  const askedAddOns = new Set(asked.addOns.map((a) => a.id));
  for (const id of BOOKABLE_ADD_ON_IDS) {
    const chosen = fields.addOns.includes(id);
    if (chosen && !askedAddOns.has(id)) changes.addOns[id] = ADD_ON_ADDED;
    if (!chosen && askedAddOns.has(id)) changes.addOns[id] = ADD_ON_REMOVED;
  }
  if (asked.firstBookingDiscount !== fields.firstBookingDiscount) changes.firstBookingDiscount = asked.firstBookingDiscount ? DISCOUNT_REMOVED : DISCOUNT_ADDED;
  if (asked.estimate && totalCents !== null && totalCents !== asked.estimate.totalCents) changes.total = `Changed from ${formatUsd(asked.estimate.totalCents)}, the estimate the customer saw`;
  return changes;
}
