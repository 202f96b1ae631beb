import type { Db, Prisma } from '@app/db/client';
import { joinName } from '@app/shared/customer-context';
import { STAGE } from '@app/shared/deal-stages';
import { officeBookingPrice, officeBookingStart, timeOfDayOf, type OfficeBooking } from '@app/shared/office-booking';
import type { ScheduleWarning } from '@app/shared/schedule';
import { outboxEvent } from '@app/runtime/outbox/events';
import { recordDealCommandIn, type CommandOutcome } from '../common/command-repository';
import { scheduleDecision, warningsFor } from './schedule-repository';

type Tx = Prisma.TransactionClient;

export type OfficeBookingOutcome =
  | { kind: 'booked'; dealId: string; reference: string; commandId: string }
  | { kind: 'contact_not_found' }
  | { kind: 'refused'; outcome: Exclude<CommandOutcome, { kind: 'recorded' }> };

/** The schedule command refused the plan: everything written before it in the transaction is rolled back. */
class PlanRefused extends Error {
  constructor(readonly outcome: Exclude<CommandOutcome, { kind: 'recorded' }>) {
    super('the plan was refused');
  }
}

/** A contact by our id or its HubSpot id (as the customer page names it). */
async function findContact(db: Db | Tx, id: string) {
  return db.contact.findFirst({
    where: { OR: [{ id }, { hubspotId: id }] },
    select: { id: true, firstName: true, lastName: true, email: true, street: true, city: true, state: true, zip: true },
  });
}

const startOf = (booking: Pick<OfficeBooking, 'date' | 'startTime'>) => officeBookingStart(booking).toISOString();

/**
 * The office books a cleaning for an existing customer, in one transaction (Postgres first: it
 * holds through a HubSpot outage): the deal, at Scheduling In Progress, priced by the quote's
 * rule and at the customer's address, its booking request (source `office`, who booked it), the
 * outbox event that pushes it to HubSpot as a deal of the contact (crm.push-booking, the one
 * every booking takes), then the 'schedule' command with its own checks (cleaner on the roster,
 * warnings accepted), which the worker applies once the deal is in HubSpot. A refused plan
 * writes nothing.
 */
export async function bookForContact(db: Db, contactId: string, booking: OfficeBooking, staffEmail: string): Promise<OfficeBookingOutcome> {
  try {
    return await db.$transaction(async (tx) => {
      const contact = await findContact(tx, contactId);
      if (!contact) return { kind: 'contact_not_found' as const };
      const price = officeBookingPrice(booking);
      const deal = await tx.deal.create({
        data: {
          contactId: contact.id,
          name: `${booking.serviceType} for ${joinName(contact.firstName, contact.lastName) || contact.email}`,
          stageId: STAGE.SCHEDULING_IN_PROGRESS,
          preferredDate: new Date(`${booking.date}T00:00:00Z`),
          timeOfDay: timeOfDayOf(booking.startTime),
          street: contact.street,
          city: contact.city,
          state: contact.state,
          zip: contact.zip,
          squareFootage: booking.squareFootage,
          serviceType: booking.serviceType,
          skus: price.lines.map((line) => line.id),
          frequency: price.frequency,
          visitType: price.visitType,
          amountCents: price.totalCents,
          discountPercent: price.discountPercent,
          source: 'office',
        },
        select: { id: true, reference: true },
      });
      await tx.bookingRequest.create({
        data: { contactId: contact.id, dealId: deal.id, source: 'office', payload: { ...booking, price, bookedBy: staffEmail } },
        select: { id: true },
      });
      await tx.outboxEvent.create({ data: outboxEvent('crm.push-booking', { dealId: deal.id }, { aggregateId: deal.id }), select: { id: true } });
      const planned = await recordDealCommandIn(
        tx,
        deal.id,
        {
          kind: 'schedule',
          seenModifiedAt: null,
          decide: scheduleDecision({ scheduledAt: startOf(booking), durationMinutes: booking.durationMinutes, ownerId: booking.ownerId, acceptWarnings: booking.acceptWarnings }),
        },
        staffEmail,
      );
      if (planned.kind !== 'recorded') throw new PlanRefused(planned);
      return { kind: 'booked' as const, dealId: deal.id, reference: deal.reference, commandId: planned.commandId };
    });
  } catch (error) {
    if (error instanceof PlanRefused) return { kind: 'refused', outcome: error.outcome };
    throw error;
  }
}

/** What stands out in a booking's plan before it is saved (the schedule's warnings); null for an unknown contact. */
export async function officeBookingWarnings(db: Db, contactId: string, booking: OfficeBooking): Promise<ScheduleWarning[] | null> {
  if (!(await findContact(db, contactId))) return null;
  // A new deal: no other cleaning to leave out, and the day asked is the day booked.
  const asked = { id: '', preferredDate: new Date(`${booking.date}T00:00:00Z`), timeOfDay: timeOfDayOf(booking.startTime) };
  return warningsFor(db, asked, { scheduledAt: startOf(booking), durationMinutes: booking.durationMinutes, ownerId: booking.ownerId });
}
