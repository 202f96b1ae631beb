import type { RequestAnswerInput } from '@app/shared/request-answers';
import { errors } from '../../../errors';
import { commandResult, type CommandDeps } from '../common/command-result';
import { recordAnswer } from './answer-repository';

/**
 * POST /api/internal/admin/requests/:id/answer (docs/staff-actions.md): the answer is recorded
 * as a command of the request's deal and reaches HubSpot through the outbox; refused, naming
 * the field, when the request is closed already or the answer lacks what it needs.
 */
export async function answerRequest(deps: CommandDeps, ticketId: string, input: RequestAnswerInput, staffEmail: string): Promise<{ commandId: string }> {
  const outcome = await recordAnswer(deps.db, ticketId, input, staffEmail);
  if (!outcome || outcome.kind === 'deal_not_found') throw errors.notFound('We could not find that request.');
  return commandResult(deps, outcome, 'answer');
}
