import type { Db } from '@app/db/client';
import type { DealMoveInput } from '@app/shared/deal-commands';
import { checkMove, type MoveCheck } from '@app/shared/deal-transitions';
import { withCommandChecks, writeCommand, type CommandRefusal } from './command-repository';

export type MoveOutcome =
  | { kind: 'recorded'; commandId: string }
  | CommandRefusal
  | { kind: 'owner_not_found' }
  | { kind: 'owner_inactive' }
  | { kind: 'refused'; check: Exclude<MoveCheck, { ok: true }> };

/**
 * Records a staff member's move of a deal as a command with its outbox event, in one
 * transaction, after the checks the api can make on the mirror: those of every command
 * (command-repository.ts), the cleaner is on the roster, and the move is in the transitions
 * table with what its stage needs (shared/deal-transitions.ts). The mirror itself changes only
 * once HubSpot has the change (crm.apply-deal-command).
 */
export async function recordMove(db: Db, dealId: string, input: DealMoveInput, staffEmail: string): Promise<MoveOutcome> {
  return withCommandChecks(db, dealId, input.seenModifiedAt, async (tx, deal) => {
    if (input.ownerId) {
      const owner = await tx.owner.findUnique({ where: { id: input.ownerId }, select: { active: true } });
      if (!owner) return { kind: 'owner_not_found' as const };
      if (!owner.active) return { kind: 'owner_inactive' as const };
    }
    const changes = {
      stageId: input.stageId,
      ...(input.scheduledAt !== undefined && { scheduledAt: new Date(input.scheduledAt).toISOString() }),
      ...(input.ownerId !== undefined && { ownerId: input.ownerId }),
      ...(input.amountCents !== undefined && { amountCents: input.amountCents }),
    };
    const after = { ...deal.seen, ...changes };
    const check = checkMove(deal.seen.stageId, input.stageId, {
      amountCents: after.amountCents,
      scheduledAt: after.scheduledAt ? new Date(after.scheduledAt) : null,
      ownerId: after.ownerId,
    });
    if (!check.ok) return { kind: 'refused' as const, check };
    const commandId = await writeCommand(tx, deal, { kind: 'move', changes, reason: input.reason || null, staffEmail });
    return { kind: 'recorded' as const, commandId };
  });
}
