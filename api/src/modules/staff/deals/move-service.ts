import type { Db } from '@app/db/client';
import type { OutboxNotifier } from '@app/runtime/outbox/notifier';
import type { DealMoveInput } from '@app/shared/deal-commands';
import type { StageNeed } from '@app/shared/deal-transitions';
import { OWNER_INACTIVE } from '@app/shared/staff-admin';
import { errors } from '../../../errors';
import { commandRefused } from './command-errors';
import { recordMove } from './move-repository';

/** The request field that carries what a stage needs. */
const NEED_FIELD: Record<StageNeed, keyof DealMoveInput> = { amount: 'amountCents', date: 'scheduledAt', cleaner: 'ownerId' };

/**
 * POST /api/internal/admin/deals/:id/moves (docs/staff-actions.md): the move is recorded as a
 * command and reaches HubSpot through the outbox; refused here, naming the field, when the
 * transitions table does not allow it or the stage lacks what it needs.
 */
export async function moveDeal(deps: { db: Db; outbox: OutboxNotifier }, dealId: string, input: DealMoveInput, staffEmail: string): Promise<{ commandId: string }> {
  const outcome = await recordMove(deps.db, dealId, input, staffEmail);
  switch (outcome.kind) {
    case 'recorded':
      deps.outbox.notify();
      return { commandId: outcome.commandId };
    case 'deal_not_found':
    case 'stale':
    case 'pending':
      throw commandRefused(outcome, 'stageId');
    case 'owner_not_found':
      throw errors.validation('ownerId', 'Choose a cleaner from the roster.');
    case 'owner_inactive':
      throw errors.conflictOn('ownerId', 'owner_inactive', OWNER_INACTIVE);
    case 'refused': {
      const { check } = outcome;
      if (check.reason === 'missing') throw errors.validation(NEED_FIELD[check.missing[0]!], check.message);
      throw errors.conflictOn('stageId', 'move_not_allowed', check.message);
    }
  }
}
