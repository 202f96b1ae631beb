import type { Db } from '@app/db/client';
import type { OutboxNotifier } from '@app/runtime/outbox/notifier';
import { DEAL_CHANGED, MOVE_PENDING, type DealMoveInput } from '@app/shared/deal-commands';
import { AppError, errors } from '../../../errors';
import type { CommandOutcome } from './command-repository';
import { recordMove } from './move-repository';

type CommandDeps = { db: Db; outbox: OutboxNotifier };

/**
 * What a recorded command answers (docs/staff-actions.md): its id once written, else the error
 * naming the field: an older version than the mirror's, a command still on its way, or the
 * kind's own refusal.
 */
export function commandResult(deps: CommandDeps, outcome: CommandOutcome): { commandId: string } {
  switch (outcome.kind) {
    case 'recorded':
      deps.outbox.notify();
      return { commandId: outcome.commandId };
    case 'deal_not_found':
      throw errors.notFound('We could not find that booking.');
    case 'stale':
      throw errors.conflictOn('seenModifiedAt', 'deal_changed', DEAL_CHANGED);
    case 'pending':
      throw errors.conflictOn('stageId', 'command_pending', MOVE_PENDING);
    case 'refused': {
      const { status, code, field, message } = outcome.refusal;
      throw new AppError(status, code, message, field);
    }
  }
}

/**
 * POST /api/internal/admin/deals/:id/moves: the move is recorded as a command and reaches
 * HubSpot through the outbox; refused, naming the field, when the transitions table does not
 * allow it or the stage lacks what it needs.
 */
export async function moveDeal(deps: CommandDeps, dealId: string, input: DealMoveInput, staffEmail: string): Promise<{ commandId: string }> {
  return commandResult(deps, await recordMove(deps.db, dealId, input, staffEmail));
}
