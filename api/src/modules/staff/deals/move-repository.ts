import type { Db } from '@app/db/client';
import type { DealMoveInput } from '@app/shared/deal-commands';
import { checkPlainMove, type StageNeed } from '@app/shared/deal-transitions';
import { ownerRefusal, recordDealCommand, type CommandOutcome } from '../common/command-repository';

/** The request field that carries what a stage needs. */
const NEED_FIELD: Record<StageNeed, keyof DealMoveInput> = { amount: 'amountCents', date: 'scheduledAt', cleaner: 'ownerId' };

/**
 * Records a staff member's move of a deal as a command (recordDealCommand), once the cleaner is
 * on the roster and the move is in the transitions table with what its stage needs, to a stage
 * no other action owns (shared/deal-transitions.ts).
 */
export function recordMove(db: Db, dealId: string, input: DealMoveInput, staffEmail: string): Promise<CommandOutcome> {
  return recordDealCommand(
    db,
    dealId,
    {
      kind: 'move',
      seenModifiedAt: input.seenModifiedAt,
      seen: input.seen,
      reason: input.reason,
      decide: async (tx, deal, seen) => {
        if (input.ownerId) {
          const refusal = await ownerRefusal(tx, input.ownerId);
          if (refusal) return refusal;
        }
        const changes = {
          stageId: input.stageId,
          ...(input.scheduledAt !== undefined && { scheduledAt: new Date(input.scheduledAt).toISOString() }),
          ...(input.ownerId !== undefined && { ownerId: input.ownerId }),
          ...(input.amountCents !== undefined && { amountCents: input.amountCents }),
        };
        const after = { ...seen, ...changes };
        const check = checkPlainMove(deal.stageId, input.stageId, {
          amountCents: after.amountCents,
          scheduledAt: after.scheduledAt ? new Date(after.scheduledAt) : null,
          ownerId: after.ownerId,
        });
        if (check.ok) return { changes };
        if (check.reason === 'missing') return { status: 400, code: 'validation_failed', field: NEED_FIELD[check.missing[0]!], message: check.message };
        return { status: 409, code: 'move_not_allowed', field: 'stageId', message: check.message };
      },
    },
    staffEmail,
  );
}
