import { z } from 'zod';
import { BOOKING_MIN_DAYS_AHEAD } from './constants';
import { easternToday, formatCalendarDay, isCalendarDate, minBookingDate } from './eastern-time';
import { type Clock, emailField, preferredDateField, readClock, requiredText } from './form-fields';
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

export const PLAN_PAUSE_DATES_INVALID = 'Give the first and the last day of the pause, from tomorrow on.';
export const NOT_A_PLAN_VISIT = 'Only a visit of a recurring plan can ask to pause or change the plan.';

/**
 * A change asked of the customer's recurring plan rather than of this visit (beyond §3,
 * docs/recurring-plans.md): a pause from one day to another, or a change of every later visit
 * told in the reason. The office answers it as any change request, and changes the plan.
 */
function planRequestSchema(now?: Clock) {
  const day = z.string({ error: PLAN_PAUSE_DATES_INVALID }).refine((d) => isCalendarDate(d) && d > easternToday(readClock(now)), PLAN_PAUSE_DATES_INVALID);
  return z.discriminatedUnion(
    'ask',
    [
      z.object({ ask: z.literal('pause'), from: day, to: day }).strict().refine((p) => p.to >= p.from, { path: ['to'], message: PLAN_PAUSE_DATES_INVALID }),
      z.object({ ask: z.literal('change') }).strict(),
    ],
    { error: 'Choose to pause the plan or change it.' },
  );
}
export type PlanRequest = z.output<ReturnType<typeof planRequestSchema>>;

/** The plan request in the words the office reads, before the customer's reason. */
export function planRequestText(plan: PlanRequest, rule: string): string {
  return plan.ask === 'pause'
    ? `About the plan (${rule}): please pause my visits from ${formatCalendarDay(plan.from)} to ${formatCalendarDay(plan.to)}.`
    : `About the plan (${rule}): please change this and every later visit.`;
}

/**
 * Manage booking (POST /api/hubspot/portal/manageBooking), one branch per action so the
 * change type is required exactly for a change and the category must match the action.
 * Strict on the server. A changeType sent with a cancel is accepted and dropped. A change may
 * name the new day it asks for (`preferredDate`, beyond §3): at least 5 days ahead, as a new
 * booking (the clock is read at every parse). On a plan's visit a change may be asked of the
 * plan (`plan`, optional).
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
          plan: planRequestSchema(now).optional(),
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
