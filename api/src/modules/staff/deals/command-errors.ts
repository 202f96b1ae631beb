import { DEAL_CHANGED, MOVE_PENDING } from '@app/shared/deal-commands';
import { errors, type AppError } from '../../../errors';
import type { CommandRefusal } from './command-repository';

/**
 * The answer to a command refused by the checks every command makes (docs/staff-actions.md):
 * 404 for a deal not in the mirror, 409 `deal_changed` naming seenModifiedAt, 409
 * `command_pending` naming `pendingField` (the field the page acts on).
 */
export function commandRefused(refusal: CommandRefusal, pendingField: string): AppError {
  switch (refusal.kind) {
    case 'deal_not_found':
      return errors.notFound('We could not find that booking.');
    case 'stale':
      return errors.conflictOn('seenModifiedAt', 'deal_changed', DEAL_CHANGED);
    case 'pending':
      return errors.conflictOn(pendingField, 'command_pending', MOVE_PENDING);
  }
}
