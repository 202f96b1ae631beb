import type { Db } from '@app/db/client';
import { TICKET_CLOSED_STAGES } from '@app/shared/constants';
import { dealStageLabel, STAGE } from '@app/shared/deal-stages';
import { checkMove, nextStages } from '@app/shared/deal-transitions';
import { RESCHEDULE_CHANGE_TYPE } from '@app/shared/manage-booking';
import {
  ANSWER_TICKET_STAGE,
  CANCEL_TAKES_NO_DATE,
  RECLEAN_NEEDS_NOTE,
  RECLEAN_TAKES_NO_DATE,
  REQUEST_CLOSED,
  RESCHEDULE_NEEDS_DATE,
  type RequestAnswerInput,
} from '@app/shared/request-answers';
import { recordDealCommand, type CommandOutcome, type Refusal } from '../common/command-repository';

/** Refused for an unhappy customer's ticket. */
export const UNHAPPY_NOT_ANSWERED = 'An unhappy customer is called, not answered here: close the ticket in HubSpot once it is resolved.';

const refuse = (status: 400 | 409, code: string, field: string, message: string): Refusal => ({ status, code, field, message });

/**
 * Records the office's answer to a change or cancel request or a re-clean claim as a
 * 'request-answer' command of its deal (recordDealCommand checks the version seen and that no
 * other command is on its way), after the answer's own checks: the request is still open; a
 * cancellation may go to Canceled by the transitions table; a reschedule to another day has its
 * new date, and its deal has not ended; an approved re-clean claim sets nothing on the done
 * cleaning and carries the note that tells the customer when the office comes back. The command
 * carries the ticket, the answer and what it sets on the deal. Null for a request we do not hold.
 */
export async function recordAnswer(db: Db, ticketId: string, input: RequestAnswerInput, staffEmail: string): Promise<CommandOutcome | null> {
  // A ticket deleted in HubSpot (archived by the sweep) is no request any more.
  const found = await db.ticket.findFirst({ where: { id: ticketId, archivedAt: null, deal: { archivedAt: null } }, select: { dealId: true } });
  if (!found) return null;
  return recordDealCommand(
    db,
    found.dealId,
    {
      kind: 'request-answer',
      seenModifiedAt: input.seenModifiedAt,
      seen: input.seen,
      reason: input.reason,
      decide: async (tx, deal, seen) => {
        const ticket = await tx.ticket.findUniqueOrThrow({ where: { id: ticketId }, select: { category: true, changeType: true, pipelineStage: true } });
        if (ticket.pipelineStage !== null && TICKET_CLOSED_STAGES.has(ticket.pipelineStage)) return refuse(409, 'request_closed', 'answer', REQUEST_CLOSED);
        // Staff call an unhappy customer and close the ticket in HubSpot: there is nothing to approve or decline.
        if (ticket.category === 'UnhappyCustomer') return refuse(409, 'not_answerable', 'answer', UNHAPPY_NOT_ANSWERED);
        const base = { ticketId, answer: input.answer, ticketStage: ANSWER_TICKET_STAGE[input.answer] };
        if (input.answer === 'decline') return { changes: base };

        if (ticket.category === 'RecleanClaim') {
          if (input.scheduledAt !== undefined) return refuse(400, 'validation_failed', 'scheduledAt', RECLEAN_TAKES_NO_DATE);
          if (!input.reason) return refuse(400, 'validation_failed', 'reason', RECLEAN_NEEDS_NOTE);
          return { changes: base };
        }

        if (ticket.category === 'CancellationRequest') {
          if (input.scheduledAt !== undefined) return refuse(400, 'validation_failed', 'scheduledAt', CANCEL_TAKES_NO_DATE);
          const check = checkMove(deal.stageId, STAGE.CANCELED, { ...seen, scheduledAt: deal.scheduledAt });
          if (!check.ok) return refuse(409, 'move_not_allowed', 'answer', check.message);
          return { changes: { ...base, stageId: STAGE.CANCELED } };
        }

        // A change of service or size may be approved without a new date; another day needs one.
        if (input.scheduledAt === undefined) {
          return ticket.changeType === null || ticket.changeType === RESCHEDULE_CHANGE_TYPE ? refuse(400, 'validation_failed', 'scheduledAt', RESCHEDULE_NEEDS_DATE) : { changes: base };
        }
        // Moving the date is not a change of stage, but an ended deal has no cleaning left to move.
        if (nextStages(deal.stageId).length === 0) {
          return refuse(409, 'move_not_allowed', 'answer', `A deal in ${dealStageLabel(deal.stageId) ?? deal.stageId} cannot be rescheduled.`);
        }
        return { changes: { ...base, scheduledAt: new Date(input.scheduledAt).toISOString() } };
      },
    },
    staffEmail,
  );
}
