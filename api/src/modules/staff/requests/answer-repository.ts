import type { Db } from '@app/db/client';
import { TICKET_CLOSED_STAGES } from '@app/shared/constants';
import { dealStageLabel, STAGE } from '@app/shared/deal-stages';
import { checkMove, nextStages, type MoveCheck } from '@app/shared/deal-transitions';
import { RESCHEDULE_CHANGE_TYPE } from '@app/shared/manage-booking';
import { ANSWER_TICKET_STAGE, type RequestAnswerInput } from '@app/shared/request-answers';
import { recordDealCommand, type CommandOutcome, type CommandPlan } from '../common/command-repository';

type Refusal =
  | { kind: 'request_closed' }
  | { kind: 'needs_date' }
  | { kind: 'takes_no_date' }
  | { kind: 'refused'; check: Exclude<MoveCheck, { ok: true }> };

export type AnswerOutcome = CommandOutcome<Refusal> | { kind: 'request_not_found' };

/**
 * Records the office's answer to a change or cancel request as a 'request-answer' command of
 * its deal (command-repository.ts checks the version seen and that no other command is on its
 * way), after the answer's own checks: the request is still open; a cancellation may go to
 * Canceled by the transitions table; a reschedule to another day has its new date, and its deal
 * has not ended. The command carries the ticket, the answer and what it sets on the deal.
 */
export async function recordAnswer(db: Db, ticketId: string, input: RequestAnswerInput, staffEmail: string): Promise<AnswerOutcome> {
  // A ticket deleted in HubSpot (archived by the sweep) is no request any more.
  const found = await db.ticket.findFirst({ where: { id: ticketId, archivedAt: null, deal: { archivedAt: null } }, select: { dealId: true } });
  if (!found) return { kind: 'request_not_found' };
  return recordDealCommand<Refusal>(db, found.dealId, { kind: 'request-answer', seenModifiedAt: input.seenModifiedAt, staffEmail }, async (tx, deal): Promise<CommandPlan<Refusal>> => {
    const ticket = await tx.ticket.findUniqueOrThrow({ where: { id: ticketId }, select: { category: true, changeType: true, pipelineStage: true } });
    if (ticket.pipelineStage !== null && TICKET_CLOSED_STAGES.has(ticket.pipelineStage)) return { refuse: { kind: 'request_closed' } };
    const base = { ticketId, answer: input.answer, ticketStage: ANSWER_TICKET_STAGE[input.answer] };
    const reason = input.reason || null;
    if (input.answer === 'decline') return { record: { changes: base, reason } };

    if (ticket.category === 'CancellationRequest') {
      if (input.scheduledAt !== undefined) return { refuse: { kind: 'takes_no_date' } };
      const check = checkMove(deal.stageId, STAGE.CANCELED, { ...deal.facts, scheduledAt: deal.facts.scheduledAt ? new Date(deal.facts.scheduledAt) : null });
      if (!check.ok) return { refuse: { kind: 'refused', check } };
      return { record: { changes: { ...base, stageId: STAGE.CANCELED }, reason } };
    }

    // A change of service or size may be approved without a new date; another day needs one.
    if (input.scheduledAt === undefined) {
      return ticket.changeType === null || ticket.changeType === RESCHEDULE_CHANGE_TYPE ? { refuse: { kind: 'needs_date' } } : { record: { changes: base, reason } };
    }
    // Moving the date is not a change of stage, but an ended deal has no cleaning left to move.
    if (nextStages(deal.stageId).length === 0) {
      const label = dealStageLabel(deal.stageId) ?? deal.stageId;
      return { refuse: { kind: 'refused', check: { ok: false, reason: 'not-allowed', message: `A deal in ${label} cannot be rescheduled.` } } };
    }
    return { record: { changes: { ...base, scheduledAt: new Date(input.scheduledAt).toISOString() }, reason } };
  });
}
