import { z } from 'zod';
import type { Db } from '@app/db/client';
import { bookingSummarySchema, type BookingStatusResponse } from '@app/shared/api-responses';
import { bookingSkus, laterVisitCents, priceBooking, VISIT_TYPES } from '@app/shared/booking-price';
import type { BookingRequest } from '@app/shared/booking-request';
import { findProduct } from '@app/shared/catalogue';
import { FIRST_BOOKING_DISCOUNT_PERCENT } from '@app/shared/constants';
import { STAGE } from '@app/shared/deal-stages';
import { isServiceFamily, SQUARE_FOOTAGE_KEYS } from '@app/shared/services';
import { COMPANY } from '@app/runtime/company';
import { smsConsentWords } from '@app/shared/sms-consent';
import type { ModuleDeps } from '../registry';
import { findBookingForConfirmation, insertBooking } from './repository';

function splitName(name: string): { firstName: string; lastName: string } {
  const [first = '', ...rest] = name.trim().split(/\s+/);
  return { firstName: first, lastName: rest.join(' ') };
}

/**
 * Accepts a validated public booking request: prices it from the catalogue (never from the
 * browser; the first-booking discount is decided as it is stored), stores it with the words of
 * the text message terms the form showed, whether its text box was ticked, and its outbox events
 * (the HubSpot push, and the "request received" text when the box was ticked), then nudges the relay.
 */
export async function requestBooking(
  deps: Pick<ModuleDeps, 'db' | 'outbox' | 'customerTextsOff'> & { auth: Pick<ModuleDeps['auth'], 'smsBudget'> },
  request: BookingRequest,
): Promise<{ dealId: string; reference: string }> {
  // Undiscounted here; the repository applies the discount when the e-mail has no earlier deal.
  const price = priceBooking(request, { firstBooking: false });
  const { dealId, reference } = await insertBooking(deps.db, {
    email: request.email,
    phone: request.phone,
    ...splitName(request.name),
    ...request.address,
    squareFootage: request.squareFootage,
    serviceType: request.serviceType,
    skus: bookingSkus(request),
    // A custom quote (2001+ sq ft) has no amount until the assessment.
    subtotalCents: price.subtotalCents,
    firstBookingDiscountPercent: FIRST_BOOKING_DISCOUNT_PERCENT,
    frequency: request.frequency ?? null,
    visitType: request.visitType ?? null,
    preferredDate: request.preferredDate,
    timeOfDay: request.timeOfDay,
    name: `${request.serviceType} for ${request.name}`,
    stageId: STAGE.CLEAN_REQUESTED,
    quoteType: request.quoteType,
    contactMethod: request.contactMethod,
    rooms: request.rooms,
    description: request.description ?? null,
    payload: request,
    smsConsent: { version: request.consentVersion, words: smsConsentWords('booking', COMPANY, request.consentVersion).words, textsAgreed: request.textsAgreed },
  }, { budget: deps.auth.smsBudget, requestReceived: !deps.customerTextsOff.has('request_received') });
  // Wakes the worker's relay; the answer never waits on the queue.
  deps.outbox.notify();
  return { dealId, reference };
}

/** Deal ids the API creates are uuids (insertBooking); anything else cannot be one of ours. */
const dealIdSchema = z.uuid();

/**
 * A booking for its confirmation page: its reference, what was asked for, and whether the
 * worker has created the HubSpot deal yet. Deliberately nothing about the person (no name,
 * address, phone or e-mail): whoever holds the id learns only that. Null for a malformed or
 * unknown id.
 */
export async function bookingStatus(
  deps: { db: Db },
  dealId: unknown,
): Promise<BookingStatusResponse | null> {
  const parsed = dealIdSchema.safeParse(dealId);
  if (!parsed.success) return null;
  const deal = await findBookingForConfirmation(deps.db, parsed.data);
  if (!deal) return null;
  const addOnIds = deal.skus.filter((sku) => findProduct(sku)?.type === 'Add On');
  const squareFootage = SQUARE_FOOTAGE_KEYS.find((key) => key === deal.squareFootage);
  const visitType = VISIT_TYPES.find((type) => type === deal.visitType);
  // A Recurring Clean's later visits, by the one pricing rule (the discount is the first visit's).
  const later =
    deal.serviceType && isServiceFamily(deal.serviceType) && squareFootage !== undefined && deal.amountCents !== null
      ? laterVisitCents({ serviceType: deal.serviceType, squareFootage, visitType, addOns: addOnIds })
      : null;
  const summary = bookingSummarySchema.parse({
    service: deal.serviceType ?? 'Cleaning',
    visitType: deal.visitType,
    frequency: deal.frequency,
    squareFootage: deal.squareFootage,
    preferredDate: deal.preferredDate?.toISOString().slice(0, 10) ?? null,
    timeOfDay: deal.timeOfDay,
    addOns: addOnIds.map((sku) => findProduct(sku)?.name ?? sku),
    amountCents: deal.amountCents,
    discountPercent: deal.discountPercent,
    contactMethod: deal.bookingRequest?.contactMethod ?? null,
    quoteType: deal.bookingRequest?.quoteType ?? null,
    laterVisitCents: later,
    textsAgreed: deal.bookingRequest?.smsConsent?.textsAgreed ?? null,
  });
  return { dealId: parsed.data, reference: deal.reference, syncedToCrm: deal.hubspotId !== null, summary };
}
