import type { Db } from '@app/db/client';
import type { ContactTicket } from '@app/shared/contact-ticket';
import type { OutboxNotifier } from '@app/runtime/outbox/notifier';
import { insertContactTicket } from './repository';

/**
 * Accepts a validated contact-form message: stored with its outbox event, then the relay is
 * nudged to push it at once. HubSpot is never called here.
 */
export async function createContactTicket(
  deps: { db: Db; outbox: OutboxNotifier },
  ticket: ContactTicket,
): Promise<{ contactTicketId: string }> {
  const { contactTicketId } = await insertContactTicket(deps.db, {
    name: ticket.name,
    email: ticket.email,
    phone: ticket.phone,
    bookingId: ticket.bookingId ?? null,
    reason: ticket.reason,
    description: ticket.description,
    agreed: ticket.agreed,
  });
  deps.outbox.notify();
  return { contactTicketId };
}
