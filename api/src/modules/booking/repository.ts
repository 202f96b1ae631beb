import { randomUUID } from 'node:crypto';
import type { Db } from '@app/db/client';
import type { OutboxRow } from '@app/worker/outbox/relay-repository';

export interface NewBooking {
  email: string;
  phone: string;
  firstName: string;
  lastName: string;
  address: { street: string; city: string; state: string; zip: string };
  squareFootage: number;
  serviceType: string;
  productIds: readonly string[];
  amountCents: number | null;
  preferredDate: string;
  timeOfDay: string;
  dealName: string;
  stageId: string;
  quoteType: string;
  contactMethod: string;
  rooms: unknown;
  description: string | null;
  payload: unknown;
}

/**
 * Writes the request, its deal, the contact (created on first contact, never overwritten by
 * a public form) and the outbox event that will push it to HubSpot: one SQL statement, so it
 * is atomic and costs one round trip (this is the hot path of the intake benchmark).
 * `DO UPDATE` rather than `DO NOTHING` on the contact so the statement always sees its id,
 * even when another request creates the same contact at the same moment.
 */
export async function insertBooking(db: Db, b: NewBooking): Promise<{ dealId: string; event: OutboxRow }> {
  const dealId = randomUUID();
  const eventId = randomUUID();
  const eventPayload = { dealId };
  const { street, city, state, zip } = b.address;
  await db.$executeRaw`
    WITH c AS (
      INSERT INTO contact (id, email, phone, first_name, last_name, street, city, state, zip, square_footage, updated_at)
      VALUES (${randomUUID()}, ${b.email}, ${b.phone}, ${b.firstName}, ${b.lastName}, ${street}, ${city}, ${state}, ${zip}, ${b.squareFootage}, now())
      ON CONFLICT (email) DO UPDATE SET email = EXCLUDED.email
      RETURNING id
    ), d AS (
      INSERT INTO deal (id, contact_id, name, stage_id, preferred_date, time_of_day, street, city, state, zip,
                        square_footage, service_type, skus, amount_cents, source, updated_at)
      SELECT ${dealId}, c.id, ${b.dealName}, ${b.stageId}, ${b.preferredDate}::date, ${b.timeOfDay}, ${street}, ${city}, ${state}, ${zip},
             ${b.squareFootage}, ${b.serviceType}, ${[...b.productIds]}::text[], ${b.amountCents}::int, 'public_form'::deal_source, now()
      FROM c
      RETURNING id, contact_id
    ), r AS (
      INSERT INTO booking_request (id, contact_id, deal_id, source, payload, quote_type, contact_method, rooms, description)
      SELECT ${randomUUID()}, d.contact_id, d.id, 'public_form'::deal_source, ${JSON.stringify(b.payload)}::jsonb,
             ${b.quoteType}, ${b.contactMethod}, ${JSON.stringify(b.rooms)}::jsonb, ${b.description}
      FROM d
    )
    INSERT INTO outbox_event (id, type, payload, aggregate_type, aggregate_id)
    SELECT ${eventId}::uuid, 'crm.push-booking', ${JSON.stringify(eventPayload)}::jsonb, 'deal', d.id FROM d`;
  return { dealId, event: { id: eventId, type: 'crm.push-booking', payload: eventPayload } };
}

/** The HubSpot id of a deal (null until synced), or null when there is no such deal. */
export async function findDealSyncState(db: Db, dealId: string): Promise<{ hubspotId: string | null } | null> {
  return db.deal.findUnique({ where: { id: dealId }, select: { hubspotId: true } });
}
