import { BUDGETED_TEXT_SQL } from '@app/db/sms-budget';
import { randomUUID } from 'node:crypto';
import { sqlPool, type Db } from '@app/db/client';
import { createGroupCommit, isPostgresDataError } from '@app/db/group-commit';
import { outboxEvent } from '@app/runtime/outbox/events';
import { writeSettled } from '@app/db/settle-write';
import type { SmsBudget } from '../portal-auth/service';
import { columnList, INTAKE_COLUMNS, inputList, recordColumns } from './intake-columns';
import { DEAL_INTAKE_COLUMNS, REQUEST_INTAKE_COLUMNS, type BookingIntakeValues } from '@app/db/booking-fields';

/**
 * A public booking to write: its stored fields as prisma/booking-fields.ts declares them, and
 * what the statement needs besides (the contact, the price before the discount, the consent).
 */
export type NewBooking = BookingIntakeValues & {
  email: string;
  phone: string;
  firstName: string;
  lastName: string;
  /** Before any discount; null for a quote request. */
  subtotalCents: number | null;
  /** The first-booking discount (percent) the booking gets if its e-mail has no earlier deal. */
  firstBookingDiscountPercent: number;
  /** The text message terms the form showed (shared/src/sms-consent.ts) and whether its text box was ticked, kept with the request. */
  smsConsent: { version: string; words: string; textsAgreed: boolean };
};

/**
 * Writes a batch of public bookings, each with its contact, deal, request row, the text message
 * consent it was sent with (sms_consent, at the statement's time) and outbox event,
 * in one statement: the rows come in as one JSON array (a single parameter, which Postgres
 * unpacks with jsonb_to_recordset). A contact is created on first contact and never
 * overwritten by a public form (docs/identity.md): the name and phone typed on the form stay
 * on the deal, which the portal shows only to that login phone; `DO UPDATE` rather than `DO NOTHING` so the statement always
 * sees its id, even when another request creates the same contact at the same moment.
 * Contacts are upserted once per e-mail and in e-mail order, so two batches never lock the
 * same contacts in opposite orders.
 *
 * The "request received" notice is written here too (docs/customer-messages.md#channels): its
 * e-mail to the form's address (email_message and its email.send event, once per address a day,
 * like the text), and its text (shared/src/customer-messages.ts), as an
 * sms_message row and its sms.send event: once per phone a day (a form resubmitted, or someone
 * typing a stranger's number again and again, texts nobody twice), and only while the company's
 * text budget has room ($2 an hour, $3 a day, the budget login codes are refused beyond), and
 * not when that kind is switched off (CUSTOMER_TEXTS_OFF) or the form's text box was left
 * unticked (then no text is written at all: the row comes without an sms id).
 *
 * The first-booking discount is decided here, against committed deals: a priced booking whose
 * e-mail has no earlier deal (of any source) gets it, and within one batch only the first of an
 * e-mail's bookings. The amount stored is after the discount. The deal's reference (ATL-7K3F)
 * comes from the column's default.
 *
 * The booking's own columns (deal and booking_request) come from their declaration,
 * prisma/booking-fields.ts; the contact's, the consent's and the events' are listed here.
 */
export const INSERT_BOOKINGS = `
  WITH input AS (
    SELECT * FROM jsonb_to_recordset($1::jsonb) AS i(
      contact_id text, email text, phone text, first_name text, last_name text, ${recordColumns(INTAKE_COLUMNS)},
      deal_id text, subtotal_cents int, first_discount int, seq int, request_id text, event_id uuid, event_type text, event_aggregate text, event_payload jsonb,
      sms_id text, sms_event_id uuid, sms_event_type text, sms_event_aggregate text, sms_event_payload jsonb, consent_id text, consent_version text, consent_words text, consent_texts boolean,
      notice_id uuid, email_id uuid, email_event_id uuid)
  ), f AS (
    SELECT i.deal_id,
      CASE WHEN i.subtotal_cents IS NOT NULL
            AND row_number() OVER (PARTITION BY i.email ORDER BY i.seq) = 1
            AND NOT EXISTS (SELECT 1 FROM deal d0 JOIN contact c0 ON c0.id = d0.contact_id WHERE c0.email = i.email)
           THEN i.first_discount END AS discount_percent
    FROM input i
  ), c AS (
    INSERT INTO contact (id, email, phone, first_name, last_name, street, city, state, zip, square_footage, updated_at)
    SELECT DISTINCT ON (email) contact_id, email, phone, first_name, last_name, street, city, state, zip, square_footage, now()
    FROM input ORDER BY email
    ON CONFLICT (email) DO UPDATE SET email = EXCLUDED.email
    RETURNING id, email
  ), d AS (
    INSERT INTO deal (id, contact_id, ${columnList(DEAL_INTAKE_COLUMNS)}, amount_cents, discount_percent, source,
                      submitted_name, submitted_phone, updated_at)
    SELECT i.deal_id, c.id, ${inputList(DEAL_INTAKE_COLUMNS)},
           i.subtotal_cents - coalesce(round(i.subtotal_cents * f.discount_percent / 100.0)::int, 0),
           f.discount_percent, 'public_form'::deal_source,
           concat_ws(' ', i.first_name, i.last_name), i.phone, now()
    FROM input i JOIN c ON c.email = i.email JOIN f ON f.deal_id = i.deal_id
    RETURNING id, contact_id, reference
  ), r AS (
    INSERT INTO booking_request (id, contact_id, deal_id, source, ${columnList(REQUEST_INTAKE_COLUMNS)})
    SELECT i.request_id, d.contact_id, d.id, 'public_form'::deal_source, ${inputList(REQUEST_INTAKE_COLUMNS)}
    FROM input i JOIN d ON d.id = i.deal_id
  ), k AS (
    INSERT INTO sms_consent (id, form, phone, email, contact_id, booking_request_id, version, words, texts_agreed, agreed_at)
    SELECT i.consent_id, 'booking'::sms_consent_form, i.phone, i.email, d.contact_id, i.request_id, i.consent_version, i.consent_words, i.consent_texts, now()
    FROM input i JOIN d ON d.id = i.deal_id
  ), o AS (
    INSERT INTO outbox_event (id, type, payload, aggregate_type, aggregate_id)
    SELECT i.event_id, i.event_type, i.event_payload, i.event_aggregate, d.id FROM input i JOIN d ON d.id = i.deal_id
  ), usage AS (
    SELECT count(*) FILTER (WHERE created_at > now() - interval '1 hour') AS last_hour, count(*) AS last_day
    FROM sms_message WHERE created_at > now() - interval '1 day' AND ${BUDGETED_TEXT_SQL}
  ), p AS (
    SELECT i.deal_id, row_number() OVER (PARTITION BY i.phone ORDER BY i.seq) AS phone_seq, row_number() OVER (ORDER BY i.seq) AS batch_seq
    FROM input i
  ), n AS (
    INSERT INTO customer_notice (id, kind, deal_id, dedupe_key)
    SELECT i.notice_id, 'request_received'::notice_kind, d.id, 'request_received:' || d.id
    FROM input i JOIN d ON d.id = i.deal_id
    RETURNING id, deal_id
  ), ep AS (
    SELECT i.deal_id, row_number() OVER (PARTITION BY lower(i.email) ORDER BY i.seq) AS email_seq FROM input i
  ), em AS (
    INSERT INTO email_message (id, notice_id, purpose, to_address, deal_id)
    SELECT i.email_id, n.id, 'request_received'::notice_kind, i.email, d.id
    FROM input i JOIN d ON d.id = i.deal_id JOIN n ON n.deal_id = d.id JOIN ep ON ep.deal_id = i.deal_id
    WHERE ep.email_seq = 1
      AND NOT EXISTS (SELECT 1 FROM email_message m WHERE m.to_address = i.email AND m.purpose = 'request_received' AND m.created_at > now() - interval '1 day')
    RETURNING id
  ), ee AS (
    INSERT INTO outbox_event (id, type, payload, aggregate_type, aggregate_id)
    SELECT i.email_event_id, 'email.send', jsonb_build_object('emailId', em.id::text), 'email_message', em.id::text
    FROM em JOIN input i ON i.email_id = em.id
  ), t AS (
    INSERT INTO sms_message (id, purpose, to_phone, deal_id, dedupe_key, notice_id)
    SELECT i.sms_id, 'request_received'::sms_purpose, i.phone, d.id, 'request_received:' || d.id, n.id
    FROM input i JOIN d ON d.id = i.deal_id JOIN n ON n.deal_id = d.id JOIN p ON p.deal_id = i.deal_id CROSS JOIN usage u
    WHERE i.sms_id IS NOT NULL AND p.phone_seq = 1
      AND u.last_hour + p.batch_seq <= $2 AND u.last_day + p.batch_seq <= $3
      AND NOT EXISTS (SELECT 1 FROM sms_message s WHERE s.to_phone = i.phone AND s.purpose = 'request_received' AND s.created_at > now() - interval '1 day')
    RETURNING id, deal_id, to_phone
  ), te AS (
    INSERT INTO outbox_event (id, type, payload, aggregate_type, aggregate_id)
    SELECT i.sms_event_id, i.sms_event_type, i.sms_event_payload, i.sms_event_aggregate, t.id
    FROM t JOIN input i ON i.sms_id = t.id
  )
  SELECT id, reference FROM d`;

interface BookingRow {
  booking: NewBooking;
  dealId: string;
  eventId: string;
  /** The company's text budget, and whether the text is sent at all (the same for every row of a process). */
  texts: BookingTexts;
}

export interface BookingTexts {
  budget: SmsBudget;
  /** False when CUSTOMER_TEXTS_OFF names request_received. */
  requestReceived: boolean;
}

/** The JSON parameter of INSERT_BOOKINGS: one object per row, keyed by its record columns. */
function bookingRecords(rows: readonly BookingRow[]): string {
  return JSON.stringify(
    rows.map(({ booking: b, dealId, eventId, texts }, seq) => {
      const push = outboxEvent('crm.push-booking', { dealId }, { id: eventId, aggregateId: dealId });
      // Unticked text box: no "request received" text (and the worker sends no other but login codes).
      const smsId = texts.requestReceived && b.smsConsent.textsAgreed ? randomUUID() : null;
      const text = smsId ? outboxEvent('sms.send', { messageId: smsId }, { aggregateId: smsId }) : null;
      const record: Record<string, unknown> = {
      contact_id: randomUUID(), email: b.email, phone: b.phone, first_name: b.firstName, last_name: b.lastName,
      deal_id: dealId, subtotal_cents: b.subtotalCents, first_discount: b.firstBookingDiscountPercent, seq, request_id: randomUUID(),
      event_id: push.id, event_type: push.type, event_aggregate: push.aggregateType, event_payload: push.payload,
      sms_id: smsId, sms_event_id: text?.id ?? null, sms_event_type: text?.type ?? null, sms_event_aggregate: text?.aggregateType ?? null, sms_event_payload: text?.payload ?? null,
      consent_id: randomUUID(), consent_version: b.smsConsent.version, consent_words: b.smsConsent.words, consent_texts: b.smsConsent.textsAgreed,
      notice_id: randomUUID(), email_id: randomUUID(), email_event_id: randomUUID(),
      };
      for (const { key, column } of INTAKE_COLUMNS) record[column] = b[key];
      return record;
    }),
  );
}

/**
 * One batch at a time: everything that arrives while it is written goes in the next one.
 * Measured with bench:intake (50 clients, 2 cores): with 4 batches in flight most batches
 * held a single booking (average 5) and a request often waited behind three of them; with one,
 * batches average ~20 bookings, Postgres spends ~0.2 instead of ~0.3 ms of CPU per booking,
 * and p99 fell from 55-80 ms to 40-50 ms. It also leaves the rest of the pool to other queries.
 */
const MAX_BATCHES_IN_FLIGHT = 1;
const MAX_BATCH = 200;
const writers = new WeakMap<Db, (row: BookingRow) => Promise<string>>();

interface DealReference {
  id: string;
  reference: string;
}

/** Each row's reference, in the batch's order; a row missing from `written` is an error (one statement writes all or none). */
function referencesOf(rows: readonly BookingRow[], written: readonly DealReference[]): string[] {
  const references = new Map(written.map((row) => [row.id, row.reference]));
  return rows.map((row) => {
    const reference = references.get(row.dealId);
    if (!reference) throw new Error(`booking ${row.dealId} was not written`);
    return reference;
  });
}

/** Writes one booking (in the next batch); resolves with its reference. */
function bookingWriter(db: Db): (row: BookingRow) => Promise<string> {
  let writer = writers.get(db);
  if (!writer) {
    const pool = sqlPool(db);
    writer = createGroupCommit<BookingRow, string>({
      maxInFlight: MAX_BATCHES_IN_FLIGHT,
      maxBatch: MAX_BATCH,
      isItemError: isPostgresDataError,
      // A batch whose connection is lost is settled before anyone is answered: 201 only if it
      // committed, 503 only if nothing of it did (see writeSettled). Meanwhile the bookings
      // behind it wait (one batch in flight), up to SETTLE_WITHIN_MS while Postgres is away.
      write: (rows) =>
        writeSettled(pool, {
          what: `${rows.length} bookings`,
          write: async (client) => {
            // Named: planned once per connection.
            const written = await client.query<DealReference>({ name: 'insert-public-bookings', text: INSERT_BOOKINGS, values: [bookingRecords(rows), rows[0]!.texts.budget.perHour, rows[0]!.texts.budget.perDay] });
            return referencesOf(rows, written.rows);
          },
          committed: async (fresh) => {
            const written = await fresh.query<DealReference>('SELECT id, reference FROM deal WHERE id = ANY($1::text[])', [rows.map((row) => row.dealId)]);
            return written.rows.length === 0 ? null : referencesOf(rows, written.rows);
          },
        }),
    });
    writers.set(db, writer);
  }
  return writer;
}

/**
 * Writes the request, its deal, the contact, the outbox event that will push it to HubSpot and
 * the "request received" text,
 * atomically. Resolves once committed. Concurrent requests share one statement and one commit
 * (group commit): this is the hot path of the intake benchmark (bench/intake.ts).
 */
export async function insertBooking(db: Db, booking: NewBooking, texts: BookingTexts): Promise<{ dealId: string; reference: string }> {
  const dealId = randomUUID();
  const reference = await bookingWriter(db)({ booking, dealId, eventId: randomUUID(), texts });
  return { dealId, reference };
}

/** A public request as its confirmation page shows it (its HubSpot id is null until synced), or null when there is no such deal. */
export async function findBookingForConfirmation(db: Db, dealId: string) {
  return db.deal.findUnique({
    where: { id: dealId },
    select: {
      hubspotId: true,
      reference: true,
      serviceType: true,
      visitType: true,
      frequency: true,
      squareFootage: true,
      preferredDate: true,
      timeOfDay: true,
      skus: true,
      amountCents: true,
      discountPercent: true,
      bookingRequest: { select: { contactMethod: true, quoteType: true, smsConsent: { select: { textsAgreed: true } } } },
    },
  });
}
