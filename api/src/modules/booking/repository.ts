import { randomUUID } from 'node:crypto';
import { sqlPool, type Db } from '@app/db/client';
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

const INSERT_BOOKING = `
  WITH c AS (
    INSERT INTO contact (id, email, phone, first_name, last_name, street, city, state, zip, square_footage, updated_at)
    VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, now())
    ON CONFLICT (email) DO UPDATE SET email = EXCLUDED.email
    RETURNING id
  ), d AS (
    INSERT INTO deal (id, contact_id, name, stage_id, preferred_date, time_of_day, street, city, state, zip,
                      square_footage, service_type, skus, amount_cents, source, updated_at)
    SELECT $11, c.id, $12, $13, $14::date, $15, $6, $7, $8, $9,
           $10, $16, $17::text[], $18::int, 'public_form'::deal_source, now()
    FROM c
    RETURNING id, contact_id
  ), r AS (
    INSERT INTO booking_request (id, contact_id, deal_id, source, payload, quote_type, contact_method, rooms, description)
    SELECT $19, d.contact_id, d.id, 'public_form'::deal_source, $20::jsonb, $21, $22, $23::jsonb, $24
    FROM d
  )
  INSERT INTO outbox_event (id, type, payload, aggregate_type, aggregate_id)
  SELECT $25::uuid, 'crm.push-booking', $26::jsonb, 'deal', d.id FROM d`;

/**
 * Writes the request, its deal, the contact (created on first contact, never overwritten by
 * a public form) and the outbox event that will push it to HubSpot: one SQL statement, so it
 * is atomic and costs one round trip. `DO UPDATE` rather than `DO NOTHING` on the contact so
 * the statement always sees its id, even when another request creates the same contact at
 * the same moment. This is the hot path of the intake benchmark, so it runs as a named
 * prepared statement on the pool under Prisma (planned once per connection, none of Prisma's
 * per-query work).
 */
export async function insertBooking(db: Db, b: NewBooking): Promise<{ dealId: string; event: OutboxRow }> {
  const dealId = randomUUID();
  const eventId = randomUUID();
  const eventPayload = { dealId };
  const { street, city, state, zip } = b.address;
  await sqlPool(db).query({
    name: 'insert-public-booking',
    text: INSERT_BOOKING,
    values: [
      randomUUID(), b.email, b.phone, b.firstName, b.lastName, street, city, state, zip, b.squareFootage,
      dealId, b.dealName, b.stageId, b.preferredDate, b.timeOfDay, b.serviceType, [...b.productIds], b.amountCents,
      randomUUID(), JSON.stringify(b.payload), b.quoteType, b.contactMethod, JSON.stringify(b.rooms), b.description,
      eventId, JSON.stringify(eventPayload),
    ],
  });
  return { dealId, event: { id: eventId, type: 'crm.push-booking', payload: eventPayload } };
}

/** The HubSpot id of a deal (null until synced), or null when there is no such deal. */
export async function findDealSyncState(db: Db, dealId: string): Promise<{ hubspotId: string | null } | null> {
  return db.deal.findUnique({ where: { id: dealId }, select: { hubspotId: true } });
}
