import { randomUUID } from 'node:crypto';
import type { Db } from '@app/db/client';
import { outboxEvent } from '@app/runtime/outbox/events';

export interface NewContactTicket {
  name: string;
  email: string;
  phone: string;
  bookingId: string | null;
  reason: string;
  description: string;
  agreed: boolean;
}

/**
 * Writes the contact-form message and the outbox event that turns it into a HubSpot support
 * ticket: one statement, so both or neither. No local contact row: the job reads only this
 * row and upserts the HubSpot contact by e-mail, and a question must not make its sender a
 * portal customer.
 */
export async function insertContactTicket(db: Db, t: NewContactTicket): Promise<{ contactTicketId: string }> {
  const contactTicketId = randomUUID();
  const event = outboxEvent('crm.push-support-ticket', { contactTicketId }, { aggregateId: contactTicketId });
  await db.$executeRaw`
    WITH t AS (
      INSERT INTO contact_ticket (id, name, email, phone, booking_id, reason, description, agreed)
      VALUES (${contactTicketId}, ${t.name}, ${t.email}, ${t.phone}, ${t.bookingId}, ${t.reason}, ${t.description}, ${t.agreed})
      RETURNING id
    )
    INSERT INTO outbox_event (id, type, payload, aggregate_type, aggregate_id)
    SELECT ${event.id}::uuid, ${event.type}, ${JSON.stringify(event.payload)}::jsonb, ${event.aggregateType}, t.id FROM t`;
  return { contactTicketId };
}
