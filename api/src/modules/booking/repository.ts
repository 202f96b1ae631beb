import type { Db } from '@app/db/client';
import type { Prisma } from '@app/db/generated/client';
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
  rooms: Prisma.InputJsonValue;
  description: string | null;
  payload: Prisma.InputJsonValue;
}

/**
 * Writes the request, its deal, the contact (created on first contact, never overwritten by
 * a public form) and the outbox event that will push it to HubSpot, all in one transaction.
 */
export async function insertBooking(db: Db, booking: NewBooking): Promise<{ dealId: string; event: OutboxRow }> {
  return db.$transaction(async (tx) => {
    const contact = await tx.contact.upsert({
      where: { email: booking.email },
      create: {
        email: booking.email,
        phone: booking.phone,
        firstName: booking.firstName,
        lastName: booking.lastName,
        ...booking.address,
        squareFootage: booking.squareFootage,
      },
      update: {},
      select: { id: true },
    });
    const deal = await tx.deal.create({
      data: {
        contactId: contact.id,
        name: booking.dealName,
        stageId: booking.stageId,
        preferredDate: new Date(`${booking.preferredDate}T00:00:00Z`),
        timeOfDay: booking.timeOfDay,
        ...booking.address,
        squareFootage: booking.squareFootage,
        serviceType: booking.serviceType,
        skus: [...booking.productIds],
        amountCents: booking.amountCents,
        source: 'public_form',
      },
      select: { id: true },
    });
    await tx.bookingRequest.create({
      data: {
        contactId: contact.id,
        dealId: deal.id,
        source: 'public_form',
        payload: booking.payload,
        quoteType: booking.quoteType,
        contactMethod: booking.contactMethod,
        rooms: booking.rooms,
        description: booking.description,
      },
    });
    const event = await tx.outboxEvent.create({
      data: { type: 'crm.push-booking', payload: { dealId: deal.id }, aggregateType: 'deal', aggregateId: deal.id },
      select: { id: true, type: true, payload: true },
    });
    return { dealId: deal.id, event };
  });
}
