import { z } from 'zod';
import { BOOKING_MIN_DAYS_AHEAD } from './constants';
import { minBookingDate } from './eastern-time';
import { type Clock, emailField, preferredDateField, requiredText } from './form-fields';
import { TICKET_CATEGORIES, type TicketCategory } from './tickets';
import {
  BOOKING_ID_REQUIRED,
  CHANGE_TYPE_REQUIRED,
  MANAGE_ACTION_REQUIRED,
  MANAGE_REASON_REQUIRED,
  TICKET_CATEGORY_MISMATCH,
} from './texts';

export const MANAGE_ACTIONS = ['cancel', 'change'] as const;
export type ManageAction = (typeof MANAGE_ACTIONS)[number];

export const CHANGE_TYPES = ['Reschedule to another day', 'Change service type', 'Update square footage', 'Other'] as const;
export type ChangeType = (typeof CHANGE_TYPES)[number];

/** The ticket category each action files (§3): change → Reschedule, cancel → Cancellation. */
export function ticketCategoryForAction(action: ManageAction): TicketCategory {
  return action === 'cancel' ? TICKET_CATEGORIES[1] : TICKET_CATEGORIES[0];
}

const base = {
  email: emailField,
  dealId: requiredText(BOOKING_ID_REQUIRED, 64),
  reason: requiredText(MANAGE_REASON_REQUIRED, 1000),
};

/** The modal sends changeType '' for a cancel; '', null and absent all mean "none". */
const noChangeType = z
  .union([z.literal(''), z.enum(CHANGE_TYPES)])
  .nullish()
  .transform(() => undefined);

/**
 * Manage booking (POST /api/hubspot/portal/manageBooking), one branch per action so the
 * change type is required exactly for a change and the category must match the action.
 * Strict on the server. A changeType sent with a cancel is accepted and dropped. A change may
 * name the new day it asks for (`preferredDate`, beyond §3): at least 5 days ahead, as a new
 * booking (the clock is read at every parse).
 */
export function manageBookingSchemaAt(now?: Clock) {
  return z.discriminatedUnion(
    'action',
    [
      z
        .object({
          ...base,
          action: z.literal('cancel'),
          changeType: noChangeType,
          hs_ticket_category: z.literal('Cancellation Request', { error: TICKET_CATEGORY_MISMATCH }),
        })
        .strict(),
      z
        .object({
          ...base,
          action: z.literal('change'),
          changeType: z.enum(CHANGE_TYPES, { error: CHANGE_TYPE_REQUIRED }),
          hs_ticket_category: z.literal('Reschedule Request', { error: TICKET_CATEGORY_MISMATCH }),
          preferredDate: preferredDateField(minBookingDate, BOOKING_MIN_DAYS_AHEAD, now).optional(),
        })
        .strict(),
    ],
    { error: MANAGE_ACTION_REQUIRED },
  );
}
export const manageBookingSchema = manageBookingSchemaAt();
/** The change type that asks for another day: the modal offers a new date for it. */
export const RESCHEDULE_CHANGE_TYPE: ChangeType = 'Reschedule to another day';
export type ManageBooking = z.output<typeof manageBookingSchema>;
export type ManageBookingInput = z.input<typeof manageBookingSchema>;
