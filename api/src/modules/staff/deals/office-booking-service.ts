import type { OfficeBooking } from '@app/shared/office-booking';
import type { ScheduleWarning } from '@app/shared/schedule';
import { errors } from '../../../errors';
import { commandResult, type CommandDeps } from '../common/command-result';
import { bookForContact, officeBookingWarnings } from './office-booking-repository';

const NOT_FOUND = 'We could not find that customer.';

/**
 * POST /api/internal/admin/customers/:id/bookings: the booking written (deal, push, schedule
 * command) and the relay nudged; a refused plan answers as a schedule does (the field to fix).
 */
export async function bookForCustomer(deps: CommandDeps, contactId: string, booking: OfficeBooking, staffEmail: string) {
  const outcome = await bookForContact(deps.db, contactId, booking, staffEmail);
  if (outcome.kind === 'contact_not_found') throw errors.notFound(NOT_FOUND);
  if (outcome.kind === 'refused') return commandResult(deps, outcome.outcome, 'ownerId') as never;
  deps.outbox.notify();
  return { dealId: outcome.dealId, reference: outcome.reference, commandId: outcome.commandId };
}

/** POST /api/internal/admin/customers/:id/bookings/check: what the office should know before it books. */
export async function officeBookingCheck(deps: Pick<CommandDeps, 'db'>, contactId: string, booking: OfficeBooking): Promise<ScheduleWarning[]> {
  const warnings = await officeBookingWarnings(deps.db, contactId, booking);
  if (!warnings) throw errors.notFound(NOT_FOUND);
  return warnings;
}
