import { randomUUID } from 'node:crypto';
import { Prisma, type Db } from '@app/db/client';
import { outboxEvent } from '@app/runtime/outbox/events';
import type { DealFacts, DealMoveInput } from '@app/shared/deal-commands';
import { checkMove, type MoveCheck } from '@app/shared/deal-transitions';

export type MoveOutcome =
  | { kind: 'recorded'; commandId: string }
  | { kind: 'deal_not_found' }
  | { kind: 'stale'; current: string | null }
  | { kind: 'pending' }
  | { kind: 'owner_not_found' }
  | { kind: 'owner_inactive' }
  | { kind: 'refused'; check: Exclude<MoveCheck, { ok: true }> };

/**
 * Records a staff member's move of a deal as a command with its outbox event, in one
 * transaction, after the checks the api can make on the mirror: the page showed the version
 * the mirror holds, no other command of the deal is on its way, the cleaner is on the roster,
 * and the move is in the transitions table with what its stage needs (shared/deal-transitions.ts).
 * The mirror itself changes only once HubSpot has the change (crm.apply-deal-command).
 */
export async function recordMove(db: Db, dealId: string, input: DealMoveInput, staffEmail: string): Promise<MoveOutcome> {
  try {
    return await db.$transaction(async (tx) => {
      const deal = await tx.deal.findFirst({
        where: { id: dealId, archivedAt: null },
        select: { stageId: true, scheduledAt: true, ownerId: true, amountCents: true, hubspotUpdatedAt: true },
      });
      if (!deal) return { kind: 'deal_not_found' as const };
      const version = deal.hubspotUpdatedAt?.toISOString() ?? null;
      const seenVersion = input.seenModifiedAt === null ? null : new Date(input.seenModifiedAt).toISOString();
      if (version !== seenVersion) return { kind: 'stale' as const, current: version };
      if (await tx.dealCommand.findFirst({ where: { dealId, status: 'pending' }, select: { id: true } })) return { kind: 'pending' as const };
      if (input.ownerId) {
        const owner = await tx.owner.findUnique({ where: { id: input.ownerId }, select: { active: true } });
        if (!owner) return { kind: 'owner_not_found' as const };
        if (!owner.active) return { kind: 'owner_inactive' as const };
      }
      const seen: DealFacts = { stageId: deal.stageId, scheduledAt: deal.scheduledAt?.toISOString() ?? null, ownerId: deal.ownerId, amountCents: deal.amountCents };
      const changes = {
        stageId: input.stageId,
        ...(input.scheduledAt !== undefined && { scheduledAt: new Date(input.scheduledAt).toISOString() }),
        ...(input.ownerId !== undefined && { ownerId: input.ownerId }),
        ...(input.amountCents !== undefined && { amountCents: input.amountCents }),
      };
      const after = { ...seen, ...changes };
      const check = checkMove(deal.stageId, input.stageId, {
        amountCents: after.amountCents,
        scheduledAt: after.scheduledAt ? new Date(after.scheduledAt) : null,
        ownerId: after.ownerId,
      });
      if (!check.ok) return { kind: 'refused' as const, check };
      const commandId = randomUUID();
      await tx.dealCommand.create({
        data: {
          id: commandId,
          dealId,
          kind: 'move',
          changes,
          seen: { ...seen },
          seenModifiedAt: deal.hubspotUpdatedAt,
          reason: input.reason || null,
          staffEmail,
        },
      });
      await tx.outboxEvent.create({ data: outboxEvent('crm.apply-deal-command', { commandId }, { aggregateId: commandId }), select: { id: true } });
      return { kind: 'recorded' as const, commandId };
    });
  } catch (error) {
    // Two moves of one deal at once: the one-pending index lets one in.
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') return { kind: 'pending' };
    throw error;
  }
}
