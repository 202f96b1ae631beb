import type { DealMoveInput } from '@app/shared/deal-commands';
import { commandResult, type CommandDeps } from '../common/command-result';
import { recordMove } from './move-repository';

/**
 * POST /api/internal/admin/deals/:id/moves: the move is recorded as a command and reaches
 * HubSpot through the outbox; refused, naming the field, when the transitions table does not
 * allow it or the stage lacks what it needs.
 */
export async function moveDeal(deps: CommandDeps, dealId: string, input: DealMoveInput, staffEmail: string): Promise<{ commandId: string }> {
  return commandResult(deps, await recordMove(deps.db, dealId, input, staffEmail));
}
