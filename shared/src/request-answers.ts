import { z } from 'zod';
import { dealFactsSchema } from './deal-facts';
import { ticketNoun } from './tickets';

/**
 * The office's answer to a customer's change or cancel request or re-clean claim
 * (docs/staff-actions.md), given in the staff workspace: a command like a move, applied to the deal and the ticket in HubSpot
 * by the worker. Its shape, the ticket stages it ends in and the words people read about it.
 */

export const REQUEST_ANSWERS = ['approve', 'decline'] as const;
export type RequestAnswer = (typeof REQUEST_ANSWERS)[number];

/** Where an answered request's ticket ends (crm-schema.ts CRM_TICKET_STAGES, docs/product.md §4). */
export const TICKET_STAGE_COMPLETED = '1613485805';
export const TICKET_STAGE_DECLINED = '1613485806';
export const ANSWER_TICKET_STAGE: Readonly<Record<RequestAnswer, string>> = { approve: TICKET_STAGE_COMPLETED, decline: TICKET_STAGE_DECLINED };

export const REASON_MAX = 500;

const isoInstant = z.iso.datetime({ offset: true, message: 'Give the date and time as an ISO instant.' });

/**
 * POST /api/internal/admin/requests/:id/answer. Approving a reschedule sets the new start
 * (`scheduledAt`); approving a cancellation cancels the deal; approving a re-clean claim needs
 * the note the customer will read (the api checks it, knowing the ticket); declining needs the
 * reason the customer will read. `seenModifiedAt` is the deal's version the page showed.
 */
export const requestAnswerSchema = z
  .object({
    answer: z.enum(REQUEST_ANSWERS, { message: 'Choose approve or decline.' }),
    scheduledAt: isoInstant.optional(),
    reason: z.string().trim().max(REASON_MAX, `Keep the reason under ${REASON_MAX} characters.`).optional(),
    seenModifiedAt: isoInstant.nullable(),
    seen: dealFactsSchema.optional(),
  })
  .strict()
  .superRefine((input, ctx) => {
    if (input.answer === 'decline' && !input.reason) {
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'Tell the customer why the request is declined.' });
    }
    if (input.answer === 'decline' && input.scheduledAt !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['scheduledAt'], message: 'A declined request keeps the cleaning’s date: leave the date out.' });
    }
  });
export type RequestAnswerInput = z.infer<typeof requestAnswerSchema>;

/** What an answer command carries (deal_command.changes): the ticket, the answer, and what it sets on the deal. */
export const requestAnswerChangesSchema = z.object({
  /** Our ticket id. */
  ticketId: z.string(),
  answer: z.enum(REQUEST_ANSWERS),
  /** The ticket stage it closes the request in. */
  ticketStage: z.string(),
  /** Canceled, for an approved cancellation. */
  stageId: z.string().optional(),
  /** The new start, for an approved reschedule. */
  scheduledAt: z.string().optional(),
});
export type RequestAnswerChanges = z.infer<typeof requestAnswerChangesSchema>;

/** The request was answered (here or in HubSpot) before this answer. */
export const REQUEST_CLOSED = 'This request is already answered: it is closed in HubSpot. Nothing was changed.';
/** Approving a reschedule to another day needs the new date. */
export const RESCHEDULE_NEEDS_DATE = 'Choose the new date and start time.';
/** A cancellation moves no date. */
export const CANCEL_TAKES_NO_DATE = 'Approving a cancellation sets no date: leave the date out.';
/** Approving a re-clean claim keeps the done cleaning as it is: the visit is arranged with the customer. */
export const RECLEAN_TAKES_NO_DATE = 'Approving a re-clean claim sets no date here: arrange the visit with the customer and say when in the note.';
/** Approving a re-clean claim tells the customer what happens next. */
export const RECLEAN_NEEDS_NOTE = 'Tell the customer when you will come back (they read it in the portal).';

/**
 * What the customer reads on the cleaning about the office's answer beyond §4's 'Recently
 * modified (category)': the reason, when the newest closed request was declined and no other
 * request is open. Null otherwise.
 */
export function declinedRequestNote(requests: {
  activeRequest?: { properties: { hs_pipeline_stage?: string | null } } | null;
  closedRequest?: { properties: { hs_ticket_category?: string | null; hs_pipeline_stage?: string | null }; decline_reason?: string | null } | null;
}): string | null {
  const { activeRequest, closedRequest } = requests;
  if (activeRequest || !closedRequest || closedRequest.properties.hs_pipeline_stage !== TICKET_STAGE_DECLINED) return null;
  return requestDeclinedMessage(closedRequest.properties.hs_ticket_category, closedRequest.decline_reason);
}

/** Our wording: what the customer reads on the cleaning once the office declined their request or claim. */
export function requestDeclinedMessage(category: string | null | undefined, reason: string | null | undefined): string {
  const what = ticketNoun(category);
  return reason ? `We could not accept your ${what}: ${reason}` : `We could not accept your ${what}.`;
}
