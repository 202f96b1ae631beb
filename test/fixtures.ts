import { randomBytes } from 'node:crypto';
import type { Db } from '@app/db/client';

/**
 * A booking as the API stores it (contact, deal at Clean Requested, request, outbox event),
 * written directly, for worker tests that start where the API's transaction ends.
 */
export async function insertBooking(
  db: Db,
  options: { email?: string; skus?: string[]; amountCents?: number | null; submittedPhone?: string } = {},
): Promise<{ dealId: string; contactId: string; email: string; outboxId: string }> {
  const email = options.email ?? `customer.${randomBytes(4).toString('hex')}@example.com`;
  const contact = await db.contact.upsert({
    where: { email },
    create: { email, phone: '+14045551234', firstName: 'Pat', lastName: 'Customer', street: '12 Peachtree St NE', city: 'Atlanta', state: 'GA', zip: '30303', squareFootage: 1500 },
    update: {},
  });
  const deal = await db.deal.create({
    data: {
      contactId: contact.id,
      name: 'Deep Clean for Pat Customer',
      stageId: '1606828760',
      preferredDate: new Date('2026-12-01T00:00:00Z'),
      timeOfDay: 'morning',
      street: '12 Peachtree St NE',
      city: 'Atlanta',
      state: 'GA',
      zip: '30303',
      squareFootage: 1500,
      serviceType: 'Deep Clean',
      skus: options.skus ?? ['deep-1500'],
      amountCents: options.amountCents === undefined ? 34_900 : options.amountCents,
      source: 'public_form',
      submittedName: 'Pat Customer',
      // The contact's own phone unless told otherwise: the same person booking again.
      submittedPhone: options.submittedPhone ?? contact.phone,
    },
  });
  const event = await db.outboxEvent.create({
    data: { type: 'crm.push-booking', payload: { dealId: deal.id }, aggregateType: 'deal', aggregateId: deal.id },
  });
  return { dealId: deal.id, contactId: contact.id, email, outboxId: event.id };
}
