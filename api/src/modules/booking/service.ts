import { z } from 'zod';
import type { Db } from '@app/db/client';
import type { BookingStatusResponse } from '@app/shared/api-responses';
import { bookingProductId, type BookingRequest } from '@app/shared/booking-request';
import { findProduct } from '@app/shared/catalogue';
import { STAGE } from '@app/shared/deal-stages';
import type { OutboxNotifier } from '@app/runtime/outbox/notifier';
import { findDealSyncState, insertBooking } from './repository';

function splitName(name: string): { firstName: string; lastName: string } {
  const [first = '', ...rest] = name.trim().split(/\s+/);
  return { firstName: first, lastName: rest.join(' ') };
}

/**
 * Accepts a validated public booking request: prices it from the catalogue (never from the
 * browser), stores it with its outbox event, then nudges the relay so the sync starts at once.
 */
export async function requestBooking(
  deps: { db: Db; outbox: OutboxNotifier },
  request: BookingRequest,
): Promise<{ dealId: string }> {
  const productId = bookingProductId(request);
  const product = productId ? findProduct(productId) : undefined;
  const { dealId } = await insertBooking(deps.db, {
    email: request.email,
    phone: request.phone,
    ...splitName(request.name),
    address: request.address,
    squareFootage: request.squareFootage,
    serviceType: request.serviceType,
    productIds: product ? [product.id] : [],
    // A custom quote (no product for this size) has no starting amount until the quote call.
    amountCents: product?.priceCents ?? null,
    preferredDate: request.preferredDate,
    timeOfDay: request.timeOfDay,
    dealName: `${request.serviceType} for ${request.name}`,
    stageId: STAGE.CLEAN_REQUESTED,
    quoteType: request.quoteType,
    contactMethod: request.contactMethod,
    rooms: request.rooms,
    description: request.description ?? null,
    payload: request,
  });
  // Wakes the worker's relay; the answer never waits on the queue.
  deps.outbox.notify();
  return { dealId };
}

/** Deal ids the API creates are uuids (insertBooking); anything else cannot be one of ours. */
const dealIdSchema = z.uuid();

/**
 * Sync state of a booking for its confirmation page: whether the worker has created the
 * HubSpot deal yet. Deliberately nothing else (no name, address or stage): whoever holds the
 * id learns only that. Null for a malformed or unknown id.
 */
export async function bookingStatus(
  deps: { db: Db },
  dealId: unknown,
): Promise<BookingStatusResponse | null> {
  const parsed = dealIdSchema.safeParse(dealId);
  if (!parsed.success) return null;
  const state = await findDealSyncState(deps.db, parsed.data);
  return state ? { dealId: parsed.data, syncedToCrm: state.hubspotId !== null } : null;
}
