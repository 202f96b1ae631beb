import { TICKET_CLOSED_STAGES } from './constants';
import { isWithinChangeLock } from './eastern-time';
import {
  CANCELLATION_IN_PROGRESS,
  CHANGE_LOCKED_24H,
  CLEANING_TIME_PASSED,
  RESCHEDULE_IN_PROGRESS,
  recentlyModifiedMessage,
} from './texts';

/** Ticket categories of a change or cancel request (§3). */
export const TICKET_CATEGORIES = ['Reschedule Request', 'Cancellation Request'] as const;
export type TicketCategory = (typeof TICKET_CATEGORIES)[number];

/** The category of a customer's re-clean claim on a done cleaning (beyond §3: shared/reclean-claim.ts). */
export const RECLEAN_CLAIM_CATEGORY = 'Re-clean Claim';

/** The category of the staff ticket a rating of 1 to 3 opens (shared/cleaning-rating.ts): not a customer's request. */
export const UNHAPPY_CUSTOMER_CATEGORY = 'Unhappy Customer';

/**
 * Every category our tickets have, keyed by the name the database's enum gives it, with the
 * label HubSpot (and the database) stores: the one list the api, the worker and the CRM setup read.
 */
export const TICKET_CATEGORY_LABELS = {
  RescheduleRequest: TICKET_CATEGORIES[0],
  CancellationRequest: TICKET_CATEGORIES[1],
  RecleanClaim: RECLEAN_CLAIM_CATEGORY,
  UnhappyCustomer: UNHAPPY_CUSTOMER_CATEGORY,
} as const;
export type TicketCategoryKey = keyof typeof TICKET_CATEGORY_LABELS;

/** What people call a ticket of each category, in a sentence ('your change request'). */
export const TICKET_CATEGORY_NOUNS = {
  RescheduleRequest: 'change request',
  CancellationRequest: 'cancellation request',
  RecleanClaim: 're-clean claim',
  UnhappyCustomer: 'rating',
} as const satisfies Record<TicketCategoryKey, string>;
export type TicketNoun = (typeof TICKET_CATEGORY_NOUNS)[TicketCategoryKey];

const KEY_OF_LABEL: ReadonlyMap<string, TicketCategoryKey> = new Map(
  Object.entries(TICKET_CATEGORY_LABELS).map(([key, label]) => [label, key as TicketCategoryKey]),
);

/** The database's name of a HubSpot category label; undefined for a category that is not ours. */
export function ticketCategoryKey(label: string | null | undefined): TicketCategoryKey | undefined {
  return label ? KEY_OF_LABEL.get(label) : undefined;
}

/** A ticket's noun from its HubSpot label: anything but a cancellation or a claim is a change, like the manage modal's two actions. */
export function ticketNoun(label: string | null | undefined): TicketNoun {
  return TICKET_CATEGORY_NOUNS[ticketCategoryKey(label) ?? 'RescheduleRequest'];
}

/** The part of a ticket these rules read (entities.ts Ticket satisfies it). */
export interface TicketLike {
  properties: { hs_ticket_category?: string | null; hs_pipeline_stage?: string | null };
}

/** Closed when the pipeline stage is 4, 1613485805 or 1613485806 (§4); active otherwise. */
export function isTicketClosed(ticket: TicketLike): boolean {
  const stage = ticket.properties.hs_pipeline_stage;
  return stage != null && TICKET_CLOSED_STAGES.has(String(stage).trim());
}

export function isTicketActive(ticket: TicketLike): boolean {
  return !isTicketClosed(ticket);
}

/** A re-clean claim, which is not a change or cancel request: it never locks Change and Cancel. */
export function isRecleanClaim(ticket: TicketLike): boolean {
  return ticket.properties.hs_ticket_category === RECLEAN_CLAIM_CATEGORY;
}

/** Splits a deal's change and cancel requests into the first active and the first closed one (re-clean claims left out). */
export function pickRequests<T extends TicketLike>(tickets: readonly T[]): { activeRequest: T | null; closedRequest: T | null } {
  const requests = tickets.filter((t) => !isRecleanClaim(t));
  return {
    activeRequest: requests.find(isTicketActive) ?? null,
    closedRequest: requests.find(isTicketClosed) ?? null,
  };
}

/** The deal's latest re-clean claim (tickets come newest first), or null. */
export function pickClaim<T extends TicketLike>(tickets: readonly T[]): T | null {
  return tickets.find(isRecleanClaim) ?? null;
}

function inProgressMessage(category: string | null | undefined): string {
  // Anything but an explicit cancellation is a change, like the manage modal's two actions.
  return category === 'Cancellation Request' ? CANCELLATION_IN_PROGRESS : RESCHEDULE_IN_PROGRESS;
}

export interface ManageButtonsState {
  /** Change and Cancel both disabled. */
  disabled: boolean;
  /** Why they are disabled; null when enabled. */
  message: string | null;
  /** 'Recently modified (category)' when only a closed request exists; shown even when locked. */
  note: string | null;
  /** The cleaning's time has passed (CLEANING_TIME_PASSED): nothing is left to change. */
  passed: boolean;
}

/** The appointment has begun or gone by: a change or a cancellation can no longer be made. */
export function isPassedAppointment(scheduled: Date | null, now: Date = new Date()): boolean {
  return scheduled !== null && scheduled.getTime() <= now.getTime();
}

/**
 * Change/Cancel state of one deal (§4): a cleaning whose time has passed (not yet closed out)
 * disables them first, saying so; then an active request disables them with an "in progress"
 * text; otherwise the 24-hour lock disables them with its message. A closed request alone leaves
 * them enabled with the 'Recently modified' note. `scheduled` is the appointment instant (null
 * when unknown: no lock applies). Only deals still upcoming (§4 split) offer the buttons at all.
 */
export function manageButtonsState(input: {
  activeRequest?: TicketLike | null;
  closedRequest?: TicketLike | null;
  scheduled: Date | null;
  now?: Date;
}): ManageButtonsState {
  const { activeRequest, closedRequest, scheduled, now = new Date() } = input;
  const active = activeRequest && isTicketActive(activeRequest) ? activeRequest : null;
  const note =
    !active && closedRequest ? recentlyModifiedMessage(closedRequest.properties.hs_ticket_category ?? 'Request') : null;
  if (isPassedAppointment(scheduled, now)) return { disabled: true, message: CLEANING_TIME_PASSED, note: active ? null : note, passed: true };
  if (active) return { disabled: true, message: inProgressMessage(active.properties.hs_ticket_category), note: null, passed: false };
  if (scheduled && isWithinChangeLock(scheduled, now)) return { disabled: true, message: CHANGE_LOCKED_24H, note, passed: false };
  return { disabled: false, message: null, note, passed: false };
}
