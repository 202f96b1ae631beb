import { z } from 'zod';
import { STAGE } from './deal-stages';
import { defaultDurationMinutes } from './schedule';
import { isTicketClosed, type TicketLike } from './tickets';
import { TICKET_STAGE_COMPLETED, TICKET_STAGE_DECLINED, requestDeclinedMessage } from './request-answers';
import {
  RECLEAN_CLAIM_CLOSED,
  RECLEAN_CLAIM_IN_PROGRESS,
  RECLEAN_MISSED_REQUIRED,
  RECLEAN_MISSED_TOO_LONG,
  RECLEAN_NOT_DONE,
  recleanApprovedMessage,
  recleanWindowClosedMessage,
} from './texts';

/**
 * The re-clean claim (the satisfaction guarantee in the portal, docs/product.md §7): within the
 * company's guarantee window after a done cleaning, the customer says what was missed and the
 * office answers the claim like a change request (docs/staff-actions.md). One place for when a
 * claim may be made, what it carries and what the customer reads about it.
 *
 * The window counts from the cleaning's scheduled end (its start plus its planned duration, or
 * the package's when none was planned), not from when the office closed it out: the customer
 * knows when the cleaners left, a close-out may come a day late, and a deal moved to Cleaning
 * Done in HubSpot has no close-out time at all. A done cleaning without a date has no window.
 */

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** The longest description of what was missed. */
export const RECLEAN_MISSED_MAX = 1000;

/** The deal as the window reads it. */
export interface ClaimableDeal {
  stageId: string;
  scheduledAt: Date | null;
  durationMinutes: number | null;
  serviceType: string | null;
}

/** When the cleaning was planned to end: its start plus its duration (the package's when none was planned). */
export function cleaningEndsAt(deal: Omit<ClaimableDeal, 'stageId'>): Date | null {
  if (!deal.scheduledAt) return null;
  const minutes = deal.durationMinutes ?? defaultDurationMinutes(deal.serviceType);
  return new Date(deal.scheduledAt.getTime() + minutes * MINUTE_MS);
}

/** Until when a claim may be made on the deal: `windowHours` after a done cleaning's end; null for any other deal. */
export function recleanClaimDeadline(deal: ClaimableDeal, windowHours: number): Date | null {
  if (deal.stageId !== STAGE.CLEANING_DONE) return null;
  const end = cleaningEndsAt(deal);
  return end ? new Date(end.getTime() + windowHours * HOUR_MS) : null;
}

export type RecleanRefusal = { code: 'not_done' | 'claim_window_closed' | 'claim_in_progress'; message: string };

/**
 * Why a claim may not be made now, or null when it may: the cleaning is done and dated, the
 * window has not passed (the deadline itself is outside it), and no claim of the deal is open
 * (one open claim per cleaning; after the office answered one, another may follow in the window).
 */
export function recleanClaimRefusal(input: { deal: ClaimableDeal; claim: TicketLike | null; windowHours: number; now: Date }): RecleanRefusal | null {
  const deadline = recleanClaimDeadline(input.deal, input.windowHours);
  if (!deadline) return { code: 'not_done', message: RECLEAN_NOT_DONE };
  if (input.claim && !isTicketClosed(input.claim)) return { code: 'claim_in_progress', message: RECLEAN_CLAIM_IN_PROGRESS };
  if (input.now.getTime() >= deadline.getTime()) return { code: 'claim_window_closed', message: recleanWindowClosedMessage(input.windowHours) };
  return null;
}

/** A claim as the portal reads it: its ticket, with the office's words once answered. */
export interface ClaimTicket extends TicketLike {
  decline_reason?: string | null | undefined;
  approval_note?: string | null | undefined;
}

/** What a done cleaning's card says about the guarantee: whether it offers a claim now, until when, and what became of the latest claim. */
export interface RecleanView {
  /** "Something was missed" is offered. */
  offered: boolean;
  /** The end of the window; null when the deal has none. */
  until: Date | null;
  /** The latest claim's state in the customer's words; null when there is none. */
  note: string | null;
}

/** The card's view of the guarantee, from the deadline the api computed and the deal's latest claim. */
export function recleanView(input: { until: Date | null; claim: ClaimTicket | null; now: Date }): RecleanView {
  const { until, claim, now } = input;
  const open = claim !== null && !isTicketClosed(claim);
  return { offered: until !== null && !open && now.getTime() < until.getTime(), until, note: claim ? claimNote(claim) : null };
}

function claimNote(claim: ClaimTicket): string {
  const stage = claim.properties.hs_pipeline_stage;
  if (!isTicketClosed(claim)) return RECLEAN_CLAIM_IN_PROGRESS;
  if (stage === TICKET_STAGE_DECLINED) return requestDeclinedMessage(claim.properties.hs_ticket_category, claim.decline_reason);
  if (stage === TICKET_STAGE_COMPLETED) return recleanApprovedMessage(claim.approval_note);
  return RECLEAN_CLAIM_CLOSED;
}

/** POST /api/portal/deals/:id/reclean-claim: what was missed. Strict on the server. */
export const recleanClaimSchema = z
  .object({
    missed: z
      .string({ error: RECLEAN_MISSED_REQUIRED })
      .trim()
      .min(1, { error: RECLEAN_MISSED_REQUIRED })
      .max(RECLEAN_MISSED_MAX, { error: RECLEAN_MISSED_TOO_LONG }),
  })
  .strict();
export type RecleanClaimInput = z.input<typeof recleanClaimSchema>;
export type RecleanClaim = z.output<typeof recleanClaimSchema>;

/** The answer to a claim: its ticket, which its photos are then sent to (shared/claim-photos.ts). */
export const recleanClaimAnswerSchema = z.object({ success: z.literal(true), message: z.string(), ticketId: z.string() });
export type RecleanClaimAnswer = z.infer<typeof recleanClaimAnswerSchema>;
