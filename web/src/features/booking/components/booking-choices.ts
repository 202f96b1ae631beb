import { laterVisitCents, priceBooking, RECURRING_FAMILY, RECURRING_FREQUENCIES, VISIT_TYPES, type BookingPrice, type RecurringFrequency, type VisitType } from '@app/shared/booking-price';
import { isServiceFamily, sqftSelectValue, type ServiceFamily } from '@app/shared/services';
import type { SquareFootageKey } from '@app/shared/square-footage';

/** What the booking form holds right now, as its inputs have it (strings; '' until chosen). */
export interface BookingDraft {
  serviceType: string;
  squareFootage: string;
  frequency: string;
  visitType: string;
  addOns: readonly string[];
  preferredDate: string;
  timeOfDay: string;
}

/** The draft as far as it is chosen: a known service, a size band, recurring choices, add-ons. */
export interface DraftChoice {
  service: ServiceFamily | null;
  band: SquareFootageKey | null;
  frequency: RecurringFrequency | null;
  visitType: VisitType | null;
  addOns: readonly string[];
  /** The estimate as a first booking gets it; null until service and size are chosen (and, recurring, the visit type). */
  price: BookingPrice | null;
  /** A priced Recurring Clean: what each later visit costs (the discount is the first visit's only); else null. */
  laterVisitCents: number | null;
}

export function readDraft(draft: BookingDraft): DraftChoice {
  const service = isServiceFamily(draft.serviceType) ? draft.serviceType : null;
  const sized = draft.squareFootage === '' ? null : sqftSelectValue(draft.squareFootage);
  const band = sized?.ok ? sized.value : null;
  const recurring = service === RECURRING_FAMILY;
  const visitType = recurring ? (VISIT_TYPES.find((v) => v === draft.visitType) ?? null) : null;
  const frequency = recurring ? (RECURRING_FREQUENCIES.find((f) => f === draft.frequency) ?? null) : null;
  const ready = service !== null && band !== null && (!recurring || visitType !== null);
  const choice = ready ? { serviceType: service, squareFootage: band, visitType: visitType ?? undefined, addOns: draft.addOns } : null;
  return {
    service,
    band,
    frequency,
    visitType,
    addOns: draft.addOns,
    price: choice ? priceBooking(choice, { firstBooking: true }) : null,
    laterVisitCents: choice ? laterVisitCents(choice) : null,
  };
}
