import type { Db } from '@app/db/client';
import type { OutboxNotifier } from '@app/runtime/outbox/notifier';
import { DEAL_CHANGED, MOVE_PENDING } from '@app/shared/deal-commands';
import { AppError, errors } from '../../../errors';
import type { CommandOutcome } from './command-repository';

/**
 * What a recorded command answers (docs/staff-actions.md): its id once written (and the relay
 * nudged), else the error naming the field: an older version than the mirror's, a command still
 * on its way (named by `pendingField`, the field the page acted on), or the kind's own refusal.
 */
export function commandResult(deps: { outbox: OutboxNotifier }, outcome: CommandOutcome, pendingField = 'stageId'): { commandId: string } {
  switch (outcome.kind) {
    case 'recorded':
      deps.outbox.notify();
      return { commandId: outcome.commandId };
    case 'deal_not_found':
      throw errors.notFound('We could not find that booking.');
    case 'stale':
      throw errors.conflictOn('seenModifiedAt', 'deal_changed', DEAL_CHANGED);
    case 'pending':
      throw errors.conflictOn(pendingField, 'command_pending', MOVE_PENDING);
    case 'refused': {
      const { status, code, field, message } = outcome.refusal;
      throw new AppError(status, code, message, field);
    }
  }
}

export type CommandDeps = { db: Db; outbox: OutboxNotifier };
