import type { Db } from '@app/db/client';
import { heldFromPortal } from '@app/db/identity';
import { portalHeldNote } from '@app/shared/texts';
import type { CrmAccount } from '../crm/account/crm-account';
import type { StageMap } from '../crm/account/stage-map';
import type { InputFailure } from '../crm/batch-outcome';
import { bookingDealProperties } from '../crm/booking-deal-properties';
import { withPushBatch, type BookingToPush, type ContactLink } from '../crm/booking-sync-repository';
import { catalogueLine, LINE_ITEM_TO_DEAL, lineItemObject } from '../crm/deal-line-items';
import { HUBSPOT_BATCH_SIZE, inputFailureError, type HubSpotGateway, type Properties } from '../crm/hubspot-gateway';
import { defineJob } from './job';

/** HUBSPOT_DEFINED association type id of a deal to its contact. */
const DEAL_TO_CONTACT = 3;

/** A new HubSpot contact: the local contact as its first submission made it. */
function contactProperties(c: BookingToPush['contact']): Properties {
  return {
    firstname: c.firstName ?? '',
    lastname: c.lastName ?? '',
    phone: c.phone ?? '',
    address: c.street ?? '',
    city: c.city ?? '',
    state: c.state ?? '',
    zip: c.zip ?? '',
    square_footage: c.squareFootage === null ? '' : String(c.squareFootage),
  };
}

function dealProperties(b: BookingToPush, stages: StageMap, loginPhone: string | null): Properties {
  return {
    ...bookingDealProperties(b, {
      dealname: b.name ?? `Cleaning for ${b.contact.email}`,
      dealstage: stages.dealStageId(b.stageId),
      // The address shape of docs/product.md §3: street, city, then state and zip joined.
      service_address: [b.street, b.city, [b.state, b.zip].filter(Boolean).join(' ')].filter(Boolean).join(', '),
    }),
    submitted_contact: b.source === 'public_form' ? [b.submittedName, b.submittedPhone].filter(Boolean).join(', ') : '',
    portal_note: heldFromPortal(b, loginPhone) ? portalHeldNote(b.submittedPhone, loginPhone) : '',
    app_request_id: b.dealId,
    pipeline: stages.dealPipelineId,
    ...scheduledVisitProperties(b),
  };
}

/**
 * What a deal made scheduled (a recurring plan's visit) carries from its create: so HubSpot,
 * and every page that reads deals, see it as a scheduled cleaning without a second request.
 * Nothing for a booking, which the office schedules later.
 */
function scheduledVisitProperties(b: BookingToPush): Properties {
  return {
    ...(b.scheduledAt && { scheduled_date: b.scheduledAt.toISOString() }),
    ...(b.durationMinutes !== null && { duration_minutes: String(b.durationMinutes) }),
    ...(b.owner && { hubspot_owner_id: b.owner.hubspotId }),
    ...(b.planId && { recurring_plan_id: b.planId }),
    ...(b.planOccurrence && { plan_occurrence_date: b.planOccurrence.toISOString().slice(0, 10) }),
  };
}

const lineItemKey = (dealId: string, sku: string) => `${dealId}:${sku}`;

/**
 * Pushes a booking (and any other bookings not yet in HubSpot, up to a batch) to HubSpot:
 * contacts created or found by e-mail (never changed), deals at 'Clean Requested' associated to
 * their contact with what the form said about the person, a line item per product. Each step is
 * answered input by input, and a booking counts as pushed only when its contact, its deal and
 * every line item are in HubSpot: the others keep their
 * reason and stay due (their own jobs retry them, or fail with HubSpot's reason when retrying
 * cannot help). Idempotent: deals and line items carry our id in the unique `app_request_id`
 * and a create that meets an existing one reads it back (no search, whose index lags).
 */
export function crmPushBookingJob(deps: { db: Db; hubspot: HubSpotGateway; account: CrmAccount; batchSize?: number }) {
  const { db, hubspot, account, batchSize = HUBSPOT_BATCH_SIZE } = deps;
  return defineJob('crm.push-booking', async ({ dealId }, { log }) => {
      const stages = account.stages();
      const result = await withPushBatch(db, dealId, batchSize, async (batch) => {
        const failures = new Map<string, InputFailure>();
        const fail = (b: BookingToPush, failure: InputFailure | undefined, step: string) =>
          failures.set(b.dealId, failure ? { ...failure, message: `${step}: ${failure.message}` } : { message: `${step}: no result`, permanent: false });
        const bookings = batch.bookings;

        // Contacts: linked ones are left as they are; the others are created, or found and
        // followed (a form never rewrites a HubSpot contact: docs/identity.md).
        const unlinked = [...new Map(bookings.filter((b) => !b.contact.hubspotId).map((b) => [b.contact.email, b.contact])).values()];
        const contacts = await hubspot.createOrFindContacts(unlinked.map((c) => ({ email: c.email, properties: contactProperties(c) })));
        const links = new Map<string, ContactLink>();
        for (const c of unlinked) {
          const key = c.email.toLowerCase();
          const id = contacts.ids.get(key);
          const crm = contacts.existing.get(key);
          if (id) links.set(c.id, { hubspotId: id, crm: crm ? { phone: crm.properties.phone ?? null, firstName: crm.properties.firstname ?? null, lastName: crm.properties.lastname ?? null } : null });
        }
        const loginPhones = await batch.linkContacts(links);
        const contactHubspotIds = new Map<string, string>();
        for (const b of bookings) {
          const id = b.contact.hubspotId ?? links.get(b.contact.id)?.hubspotId;
          if (id) contactHubspotIds.set(b.contact.id, id);
          else fail(b, contacts.failures.get(b.contact.email.toLowerCase()), 'contact');
        }
        const loginPhone = (b: BookingToPush) => (loginPhones.has(b.contact.id) ? (loginPhones.get(b.contact.id) ?? null) : b.contact.phone);

        const toCreate = bookings.filter((b) => !b.dealHubspotId && !failures.has(b.dealId));
        const deals = await hubspot.createOrFind(
          'deals',
          toCreate.map((b) => ({
            properties: dealProperties(b, stages, loginPhone(b)),
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
          items.map(({ booking, sku, key }) => lineItemObject({ key, ...catalogueLine(sku) }, dealHubspotId(booking)!, LINE_ITEM_TO_DEAL)),
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
  });
}
