import { randomUUID } from 'node:crypto';
import { sqlPool, type Db } from '@app/db/client';
import { createGroupCommit, isPostgresDataError } from '@app/db/group-commit';

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
 * Writes a batch of public bookings, each with its contact, deal, request row and outbox event,
 * in one statement: the rows come in as one array per column and are unnested. A contact is
 * created on first contact and never overwritten by a public form; `DO UPDATE` rather than
 * `DO NOTHING` so the statement always sees its id, even when another request creates the same
 * contact at the same moment. Contacts are upserted once per e-mail and in e-mail order, so
 * two batches never lock the same contacts in opposite orders.
 */
const INSERT_BOOKINGS = `
  WITH input AS (
    SELECT * FROM unnest(
      $1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[],
      $10::int[], $11::text[], $12::text[], $13::text[], $14::date[], $15::text[], $16::text[], $17::jsonb[],
      $18::int[], $19::text[], $20::jsonb[], $21::text[], $22::text[], $23::jsonb[], $24::text[], $25::uuid[], $26::jsonb[]
    ) AS i(contact_id, email, phone, first_name, last_name, street, city, state, zip,
           square_footage, deal_id, deal_name, stage_id, preferred_date, time_of_day, service_type, skus,
           amount_cents, request_id, payload, quote_type, contact_method, rooms, description, event_id, event_payload)
  ), c AS (
    INSERT INTO contact (id, email, phone, first_name, last_name, street, city, state, zip, square_footage, updated_at)
    SELECT DISTINCT ON (email) contact_id, email, phone, first_name, last_name, street, city, state, zip, square_footage, now()
    FROM input ORDER BY email
    ON CONFLICT (email) DO UPDATE SET email = EXCLUDED.email
    RETURNING id, email
  ), d AS (
    INSERT INTO deal (id, contact_id, name, stage_id, preferred_date, time_of_day, street, city, state, zip,
                      square_footage, service_type, skus, amount_cents, source, updated_at)
    SELECT i.deal_id, c.id, i.deal_name, i.stage_id, i.preferred_date, i.time_of_day, i.street, i.city, i.state, i.zip,
           i.square_footage, i.service_type, ARRAY(SELECT jsonb_array_elements_text(i.skus)), i.amount_cents,
           'public_form'::deal_source, now()
    FROM input i JOIN c ON c.email = i.email
    RETURNING id, contact_id
  ), r AS (
    INSERT INTO booking_request (id, contact_id, deal_id, source, payload, quote_type, contact_method, rooms, description)
    SELECT i.request_id, d.contact_id, d.id, 'public_form'::deal_source, i.payload, i.quote_type, i.contact_method, i.rooms, i.description
    FROM input i JOIN d ON d.id = i.deal_id
  )
  INSERT INTO outbox_event (id, type, payload, aggregate_type, aggregate_id)
  SELECT i.event_id, 'crm.push-booking', i.event_payload, 'deal', d.id FROM input i JOIN d ON d.id = i.deal_id`;

interface BookingRow {
  booking: NewBooking;
  dealId: string;
  eventId: string;
}

/** Column arrays for INSERT_BOOKINGS, in its parameter order. */
function bookingColumns(rows: readonly BookingRow[]): unknown[][] {
  const columns: unknown[][] = Array.from({ length: 26 }, () => []);
  for (const { booking: b, dealId, eventId } of rows) {
    const { street, city, state, zip } = b.address;
    const values = [
      randomUUID(), b.email, b.phone, b.firstName, b.lastName, street, city, state, zip, b.squareFootage,
      dealId, b.dealName, b.stageId, b.preferredDate, b.timeOfDay, b.serviceType, JSON.stringify(b.productIds), b.amountCents,
      randomUUID(), JSON.stringify(b.payload), b.quoteType, b.contactMethod, JSON.stringify(b.rooms), b.description,
      eventId, JSON.stringify({ dealId }),
    ];
    values.forEach((value, i) => columns[i]!.push(value));
  }
  return columns;
}

/** Batches written at once; the API's pool (DATABASE_POOL_SIZE, 20 by default) keeps the rest for other queries. */
const MAX_BATCHES_IN_FLIGHT = 4;
const MAX_BATCH = 200;
const writers = new WeakMap<Db, (row: BookingRow) => Promise<void>>();

function bookingWriter(db: Db): (row: BookingRow) => Promise<void> {
  let writer = writers.get(db);
  if (!writer) {
    const pool = sqlPool(db);
    writer = createGroupCommit<BookingRow, void>({
      maxInFlight: MAX_BATCHES_IN_FLIGHT,
      maxBatch: MAX_BATCH,
      isItemError: isPostgresDataError,
      write: async (rows) => {
        // Named: planned once per connection.
        await pool.query({ name: 'insert-public-bookings', text: INSERT_BOOKINGS, values: bookingColumns(rows) });
        return rows.map(() => undefined);
      },
    });
    writers.set(db, writer);
  }
  return writer;
}

/**
 * Writes the request, its deal, the contact and the outbox event that will push it to HubSpot,
 * atomically. Resolves once committed. Concurrent requests share one statement and one commit
 * (group commit): this is the hot path of the intake benchmark (bench/intake.ts).
 */
export async function insertBooking(db: Db, booking: NewBooking): Promise<{ dealId: string }> {
  const dealId = randomUUID();
  await bookingWriter(db)({ booking, dealId, eventId: randomUUID() });
  return { dealId };
}

/** The HubSpot id of a deal (null until synced), or null when there is no such deal. */
export async function findDealSyncState(db: Db, dealId: string): Promise<{ hubspotId: string | null } | null> {
  return db.deal.findUnique({ where: { id: dealId }, select: { hubspotId: true } });
}
