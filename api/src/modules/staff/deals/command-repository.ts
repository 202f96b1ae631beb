import { randomUUID } from 'node:crypto';
import { Prisma, type Db, type DbTransaction } from '@app/db/client';
import { outboxEvent } from '@app/runtime/outbox/events';
import type { DealFacts } from '@app/shared/deal-commands';

/** Why a command was refused before its own checks: every kind of command makes these. */
export type CommandRefusal = { kind: 'deal_not_found' } | { kind: 'stale'; current: string | null } | { kind: 'pending' };

/** The deal as the command sees it: its watched fields (what the staff member saw) and version. */
export interface CommandDeal {
  id: string;
  seen: DealFacts;
  hubspotUpdatedAt: Date | null;
}

/**
 * Runs `work` in one transaction once the deal passes the checks every staff command makes
 * (docs/staff-actions.md): it is still in the mirror, the page showed the version the mirror
 * holds (`seenModifiedAt`), and no other command of the deal is on its way. Two commands of one
 * deal at once: the one-pending index lets one in, the other reads as pending.
 */
export async function withCommandChecks<T>(
  db: Db,
  dealId: string,
  seenModifiedAt: string | null,
  work: (tx: DbTransaction, deal: CommandDeal) => Promise<T>,
): Promise<T | CommandRefusal> {
  try {
    return await db.$transaction(async (tx) => {
      const deal = await tx.deal.findFirst({
        where: { id: dealId, archivedAt: null },
        select: { stageId: true, scheduledAt: true, ownerId: true, amountCents: true, hubspotUpdatedAt: true },
      });
      if (!deal) return { kind: 'deal_not_found' as const };
      const version = deal.hubspotUpdatedAt?.toISOString() ?? null;
      const seenVersion = seenModifiedAt === null ? null : new Date(seenModifiedAt).toISOString();
      if (version !== seenVersion) return { kind: 'stale' as const, current: version };
      if (await tx.dealCommand.findFirst({ where: { dealId, status: 'pending' }, select: { id: true } })) return { kind: 'pending' as const };
      const seen: DealFacts = { stageId: deal.stageId, scheduledAt: deal.scheduledAt?.toISOString() ?? null, ownerId: deal.ownerId, amountCents: deal.amountCents };
      return work(tx, { id: dealId, seen, hubspotUpdatedAt: deal.hubspotUpdatedAt });
    });
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') return { kind: 'pending' };
    throw error;
  }
}

/** The command row and its crm.apply-deal-command outbox event, in the caller's transaction: its id. */
export async function writeCommand(
  tx: DbTransaction,
  deal: CommandDeal,
  command: { kind: 'move' | 'quote'; changes: Record<string, unknown>; reason: string | null; staffEmail: string },
): Promise<string> {
  const commandId = randomUUID();
  await tx.dealCommand.create({
    data: {
      id: commandId,
      dealId: deal.id,
      kind: command.kind,
      changes: command.changes as Prisma.InputJsonObject,
      seen: { ...deal.seen },
      seenModifiedAt: deal.hubspotUpdatedAt,
      reason: command.reason,
      staffEmail: command.staffEmail,
    },
  });
  await tx.outboxEvent.create({ data: outboxEvent('crm.apply-deal-command', { commandId }, { aggregateId: commandId }), select: { id: true } });
  return commandId;
}
