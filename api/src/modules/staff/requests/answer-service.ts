import type { Db } from '@app/db/client';
import type { OutboxNotifier } from '@app/runtime/outbox/notifier';
import { DEAL_CHANGED, MOVE_PENDING } from '@app/shared/deal-commands';
import { CANCEL_TAKES_NO_DATE, REQUEST_CLOSED, RESCHEDULE_NEEDS_DATE, type RequestAnswerInput } from '@app/shared/request-answers';
import { errors } from '../../../errors';
import { recordAnswer } from './answer-repository';

/**
 * POST /api/internal/admin/requests/:id/answer (docs/staff-actions.md): the answer is recorded
 * as a command of the request's deal and reaches HubSpot through the outbox; refused here,
 * naming the field, when the request is closed already or the answer lacks what it needs.
 */
export async function answerRequest(deps: { db: Db; outbox: OutboxNotifier }, ticketId: string, input: RequestAnswerInput, staffEmail: string): Promise<{ commandId: string }> {
  const outcome = await recordAnswer(deps.db, ticketId, input, staffEmail);
  switch (outcome.kind) {
    case 'recorded':
      deps.outbox.notify();
      return { commandId: outcome.commandId };
    case 'request_not_found':
    case 'deal_not_found':
      throw errors.notFound('We could not find that request.');
    case 'stale':
      throw errors.conflictOn('seenModifiedAt', 'deal_changed', DEAL_CHANGED);
    case 'pending':
      throw errors.conflictOn('answer', 'command_pending', MOVE_PENDING);
    case 'request_closed':
      throw errors.conflictOn('answer', 'request_closed', REQUEST_CLOSED);
    case 'needs_date':
      throw errors.validation('scheduledAt', RESCHEDULE_NEEDS_DATE);
    case 'takes_no_date':
      throw errors.validation('scheduledAt', CANCEL_TAKES_NO_DATE);
    case 'refused':
      throw errors.conflictOn('answer', 'move_not_allowed', outcome.check.message);
  }
}
