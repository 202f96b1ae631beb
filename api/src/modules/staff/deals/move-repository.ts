import type { Db } from '@app/db/client';
import type { DealMoveInput } from '@app/shared/deal-commands';
import { checkMove, type MoveCheck } from '@app/shared/deal-transitions';
import { recordDealCommand, type CommandOutcome } from '../common/command-repository';

type MoveRefusal = { kind: 'owner_not_found' } | { kind: 'owner_inactive' } | { kind: 'refused'; check: Exclude<MoveCheck, { ok: true }> };
export type MoveOutcome = CommandOutcome<MoveRefusal>;

/**
 * Records a staff member's move of a deal as a command (command-repository.ts checks the
 * version seen and that no other command is on its way), after the move's own checks: the
 * cleaner is on the roster, and the move is in the transitions table with what its stage needs
 * (shared/deal-transitions.ts).
 */
export async function recordMove(db: Db, dealId: string, input: DealMoveInput, staffEmail: string): Promise<MoveOutcome> {
  return recordDealCommand<MoveRefusal>(db, dealId, { kind: 'move', seenModifiedAt: input.seenModifiedAt, staffEmail }, async (tx, deal) => {
    if (input.ownerId) {
      const owner = await tx.owner.findUnique({ where: { id: input.ownerId }, select: { active: true } });
      if (!owner) return { refuse: { kind: 'owner_not_found' as const } };
      if (!owner.active) return { refuse: { kind: 'owner_inactive' as const } };
    }
    const changes = {
      stageId: input.stageId,
      ...(input.scheduledAt !== undefined && { scheduledAt: new Date(input.scheduledAt).toISOString() }),
      ...(input.ownerId !== undefined && { ownerId: input.ownerId }),
      ...(input.amountCents !== undefined && { amountCents: input.amountCents }),
    };
    const after = { ...deal.facts, ...changes };
    const check = checkMove(deal.stageId, input.stageId, {
      amountCents: after.amountCents,
      scheduledAt: after.scheduledAt ? new Date(after.scheduledAt) : null,
      ownerId: after.ownerId,
    });
    if (!check.ok) return { refuse: { kind: 'refused' as const, check } };
    return { record: { changes, reason: input.reason || null } };
  });
}
