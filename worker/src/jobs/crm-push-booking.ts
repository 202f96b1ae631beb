import { z } from 'zod';
import type { Db } from '@app/db/client';
import { findProduct } from '@app/shared/catalogue';
import { withPushBatch, type BookingToPush } from '../crm/booking-sync-repository';
import { HUBSPOT_BATCH_SIZE, HubSpotConflictError, type HubSpotGateway, type Properties } from '../crm/hubspot-gateway';
import { defineJob } from './job';

/** HUBSPOT_DEFINED association type ids. */
const DEAL_TO_CONTACT = 3;
const LINE_ITEM_TO_DEAL = 20;

const dollars = (cents: number | null) => (cents === null ? '' : (cents / 100).toFixed(2));

function contactProperties(b: BookingToPush): Properties {
  return {
    email: b.contact.email,
    firstname: b.contact.firstName ?? '',
    lastname: b.contact.lastName ?? '',
    phone: b.contact.phone ?? '',
    address: b.street ?? '',
    city: b.city ?? '',
    state: b.state ?? '',
    zip: b.zip ?? '',
    square_footage: b.squareFootage === null ? '' : String(b.squareFootage),
  };
}

function dealProperties(b: BookingToPush): Properties {
  return {
    app_request_id: b.dealId,
    dealname: b.dealName ?? `Cleaning for ${b.contact.email}`,
    pipeline: 'default',
    dealstage: b.stageId,
    amount: dollars(b.amountCents),
    service_type: b.serviceType ?? '',
    external_skus: b.skus.join(';'),
    preferred_date: b.preferredDate ? b.preferredDate.toISOString().slice(0, 10) : '',
    time_of_day: b.timeOfDay ?? '',
    // The spec's address shape: street, city, then state and zip joined.
    service_address: [b.street, b.city, [b.state, b.zip].filter(Boolean).join(' ')].filter(Boolean).join(', '),
    square_footage: b.squareFootage === null ? '' : String(b.squareFootage),
  };
}

const lineItemKey = (dealId: string, sku: string) => `${dealId}:${sku}`;

/**
 * Pushes a booking (and any other bookings not yet in HubSpot, up to a batch) to HubSpot:
 * contacts upserted by e-mail, deals at 'Clean Requested' associated to their contact, a
 * line item per product. Idempotent at every step: deals and line items carry our own id in
 * the unique `app_request_id` property and are looked up before anything is created, so a
 * retry after any failure resumes where the previous attempt stopped without duplicates.
 */
export function crmPushBookingJob(deps: { db: Db; hubspot: HubSpotGateway; batchSize?: number }) {
  const { db, hubspot, batchSize = HUBSPOT_BATCH_SIZE } = deps;
  return defineJob({
    name: 'crm.push-booking',
    queue: 'crm',
    payloadSchema: z.object({ dealId: z.string().min(1) }),
    async process({ dealId }, { log }) {
      try {
        const outcome = await withPushBatch(db, dealId, batchSize, async (batch) => {
          const bookings = batch.bookings;

          const contactIdsByEmail = await hubspot.upsertContactsByEmail(
            [...new Map(bookings.map((b) => [b.contact.email, b])).values()].map((b) => ({ email: b.contact.email, properties: contactProperties(b) })),
          );
          const contactHubspotIds = new Map(
            bookings.flatMap((b) => {
              const id = contactIdsByEmail.get(b.contact.email);
              return id ? [[b.contact.id, id] as const] : [];
            }),
          );
          await batch.saveContactHubspotIds(contactHubspotIds);

          const withoutDeal = bookings.filter((b) => !b.dealHubspotId);
          const found = await hubspot.findIdsByProperty('deals', 'app_request_id', withoutDeal.map((b) => b.dealId));
          const toCreate = withoutDeal.filter((b) => !found.has(b.dealId));
          const createdIds = await hubspot.createBatch(
            'deals',
            toCreate.map((b) => {
              const contactId = contactHubspotIds.get(b.contact.id);
              return { properties: dealProperties(b), associations: contactId ? [{ toId: contactId, typeId: DEAL_TO_CONTACT }] : [] };
            }),
          );
          toCreate.forEach((b, i) => createdIds[i] && found.set(b.dealId, createdIds[i]!));
          await batch.saveDealHubspotIds(found);

          const dealHubspotId = (b: BookingToPush) => b.dealHubspotId ?? found.get(b.dealId);
          const items = bookings.flatMap((b) => b.skus.map((sku) => ({ booking: b, sku, key: lineItemKey(b.dealId, sku) })));
          const existingItems = await hubspot.findIdsByProperty('line_items', 'app_request_id', items.map((i) => i.key));
          const newItems = items.filter((i) => !existingItems.has(i.key) && dealHubspotId(i.booking));
          await hubspot.createBatch(
            'line_items',
            newItems.map(({ booking, sku, key }) => {
              const product = findProduct(sku);
              return {
                properties: { app_request_id: key, hs_sku: sku, name: product?.name ?? sku, quantity: '1', price: dollars(product?.priceCents ?? null) },
                associations: [{ toId: dealHubspotId(booking)!, typeId: LINE_ITEM_TO_DEAL }],
              };
            }),
          );
          log.info({ bookings: bookings.length, dealsCreated: toCreate.length, lineItemsCreated: newItems.length }, 'bookings pushed to HubSpot');
        });
        return { outcome };
      } catch (error) {
        // Another worker created the same object between our search and our create: the next
        // attempt finds it. A plain Error retries with backoff.
        if (error instanceof HubSpotConflictError) throw new Error(`retry after concurrent create: ${error.message}`, { cause: error });
        throw error;
      }
    },
  });
}
