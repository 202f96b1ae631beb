import { z } from 'zod';
import type { Db } from '@app/db/client';
import { findProduct } from '@app/shared/catalogue';
import type { CrmAccount } from '../crm/account/crm-account';
import type { StageMap } from '../crm/account/stage-map';
import type { InputFailure } from '../crm/batch-outcome';
import { withPushBatch, type BookingToPush } from '../crm/booking-sync-repository';
import { HUBSPOT_BATCH_SIZE, inputFailureError, type HubSpotGateway, type Properties } from '../crm/hubspot-gateway';
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

function dealProperties(b: BookingToPush, stages: StageMap): Properties {
  return {
    app_request_id: b.dealId,
    dealname: b.dealName ?? `Cleaning for ${b.contact.email}`,
    pipeline: stages.dealPipelineId,
    dealstage: stages.dealStageId(b.stageId),
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
 * line item per product. Each step is answered input by input, and a booking counts as pushed
 * only when its contact, its deal and every line item are in HubSpot: the others keep their
 * reason and stay due (their own jobs retry them, or fail with HubSpot's reason when retrying
 * cannot help). Idempotent: deals and line items carry our id in the unique `app_request_id`
 * and a create that meets an existing one reads it back (no search, whose index lags).
 */
export function crmPushBookingJob(deps: { db: Db; hubspot: HubSpotGateway; account: CrmAccount; batchSize?: number }) {
  const { db, hubspot, account, batchSize = HUBSPOT_BATCH_SIZE } = deps;
  return defineJob({
    name: 'crm.push-booking',
    queue: 'crm',
    payloadSchema: z.object({ dealId: z.string().min(1) }),
    async process({ dealId }, { log }) {
      const stages = account.stages();
      const result = await withPushBatch(db, dealId, batchSize, async (batch) => {
        const failures = new Map<string, InputFailure>();
        const fail = (b: BookingToPush, failure: InputFailure | undefined, step: string) =>
          failures.set(b.dealId, failure ? { ...failure, message: `${step}: ${failure.message}` } : { message: `${step}: no result`, permanent: false });
        const bookings = batch.bookings;

        const contacts = await hubspot.upsertContactsByEmail(
          [...new Map(bookings.map((b) => [b.contact.email, b])).values()].map((b) => ({ email: b.contact.email, properties: contactProperties(b) })),
        );
        const contactHubspotIds = new Map<string, string>();
        for (const b of bookings) {
          const id = contacts.ids.get(b.contact.email.toLowerCase());
          if (id) contactHubspotIds.set(b.contact.id, id);
          else fail(b, contacts.failures.get(b.contact.email.toLowerCase()), 'contact');
        }
        await batch.saveContactHubspotIds(contactHubspotIds);

        const toCreate = bookings.filter((b) => !b.dealHubspotId && !failures.has(b.dealId));
        const deals = await hubspot.createOrFind(
          'deals',
          toCreate.map((b) => ({
            properties: dealProperties(b, stages),
            associations: [{ toId: contactHubspotIds.get(b.contact.id)!, typeId: DEAL_TO_CONTACT }],
          })),
        );
        for (const b of toCreate) if (!deals.ids.has(b.dealId)) fail(b, deals.failures.get(b.dealId), 'deal');
        await batch.saveDealHubspotIds(deals.ids);

        const dealHubspotId = (b: BookingToPush) => b.dealHubspotId ?? deals.ids.get(b.dealId);
        const items = bookings
          .filter((b) => dealHubspotId(b) && !failures.has(b.dealId))
          .flatMap((b) => b.skus.map((sku) => ({ booking: b, sku, key: lineItemKey(b.dealId, sku) })));
        const lineItems = await hubspot.createOrFind(
          'line_items',
          items.map(({ booking, sku, key }) => {
            const product = findProduct(sku);
            return {
              properties: { app_request_id: key, hs_sku: sku, name: product?.name ?? sku, quantity: '1', price: dollars(product?.priceCents ?? null) },
              associations: [{ toId: dealHubspotId(booking)!, typeId: LINE_ITEM_TO_DEAL }],
            };
          }),
        );
        for (const item of items) {
          if (!lineItems.ids.has(item.key) && !failures.has(item.booking.dealId)) fail(item.booking, lineItems.failures.get(item.key), `line item ${item.sku}`);
        }
        log.info({ bookings: bookings.length, deals: deals.ids.size, lineItems: lineItems.ids.size, failed: failures.size }, 'bookings pushed to HubSpot');
        return failures;
      });
      if (result.outcome !== 'pushed') return { outcome: result.outcome };
      // The others' failures are their own jobs' business; this job stands for its own booking only.
      const own = result.failures.get(dealId);
      if (own) throw inputFailureError(`push booking ${dealId}`, own);
      return { outcome: result.outcome, pushed: result.pushed, failed: result.failures.size };
    },
  });
}
