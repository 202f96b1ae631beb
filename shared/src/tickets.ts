import { TICKET_CLOSED_STAGES } from './constants';
import { isWithinChangeLock } from './eastern-time';
import {
  CANCELLATION_IN_PROGRESS,
  CHANGE_LOCKED_24H,
  RESCHEDULE_IN_PROGRESS,
  recentlyModifiedMessage,
} from './texts';

/** Ticket categories of a change or cancel request (§3). */
export const TICKET_CATEGORIES = ['Reschedule Request', 'Cancellation Request'] as const;
export type TicketCategory = (typeof TICKET_CATEGORIES)[number];

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

/** Splits a deal's tickets into the first active and the first closed request. */
export function pickRequests<T extends TicketLike>(tickets: readonly T[]): { activeRequest: T | null; closedRequest: T | null } {
  return {
    activeRequest: tickets.find(isTicketActive) ?? null,
    closedRequest: tickets.find(isTicketClosed) ?? null,
  };
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
}

/**
 * Change/Cancel state of one deal (§4): an active request disables them with an
 * "in progress" text; otherwise the 24-hour lock disables them with its message. A closed
 * request alone leaves them enabled with the 'Recently modified' note.
 * `scheduled` is the appointment instant (null when unknown: no lock applies).
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
  if (active) return { disabled: true, message: inProgressMessage(active.properties.hs_ticket_category), note: null };
  if (scheduled && isWithinChangeLock(scheduled, now)) return { disabled: true, message: CHANGE_LOCKED_24H, note };
  return { disabled: false, message: null, note };
}
