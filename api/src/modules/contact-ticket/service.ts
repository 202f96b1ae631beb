import type { Db } from '@app/db/client';
import type { ContactTicket } from '@app/shared/contact-ticket';
import type { OutboxPublisher } from '@app/worker/outbox/publisher';
import { insertContactTicket } from './repository';

/**
 * Accepts a validated contact-form message: stored with its outbox event, then offered to the
 * queue at once (best effort; the relay guarantees it). HubSpot is never called here.
 */
export async function createContactTicket(
  deps: { db: Db; outbox: OutboxPublisher },
  ticket: ContactTicket,
): Promise<{ contactTicketId: string }> {
  const { contactTicketId, event } = await insertContactTicket(deps.db, {
    name: ticket.name,
    email: ticket.email,
    phone: ticket.phone,
    bookingId: ticket.bookingId ?? null,
    reason: ticket.reason,
    description: ticket.description,
    agreed: ticket.agreed,
  });
  void deps.outbox.publish([event]);
  return { contactTicketId };
}
