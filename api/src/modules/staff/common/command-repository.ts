import { randomUUID } from 'node:crypto';
import { Prisma, type Db } from '@app/db/client';
import { outboxEvent } from '@app/runtime/outbox/events';
import type { DealFacts } from '@app/shared/deal-commands';

/** The deal as a command's checks read it, in the command's transaction. */
export interface CommandDeal {
  id: string;
  stageId: string;
  facts: DealFacts;
}

/** What a kind's own checks decide: the command to write, or a refusal of its own. */
export type CommandPlan<Refusal> = { record: { changes: Prisma.InputJsonObject; reason: string | null } } | { refuse: Refusal };

export type CommandOutcome<Refusal> =
  | { kind: 'recorded'; commandId: string }
  | { kind: 'deal_not_found' }
  | { kind: 'stale'; current: string | null }
  | { kind: 'pending' }
  | Refusal;

/**
 * Records a staff command of a deal with its outbox event, in one transaction, after the checks
 * every kind shares (docs/staff-actions.md): the page showed the version the mirror holds, and
 * no other command of the deal is on its way. `plan` makes the kind's own checks in the same
 * transaction and says what the command sets; a refusal of its own writes nothing. The mirror
 * itself changes only once HubSpot has the change (crm.apply-deal-command).
 */
export async function recordDealCommand<Refusal extends { kind: string }>(
  db: Db,
  dealId: string,
  command: { kind: 'move' | 'request-answer'; seenModifiedAt: string | null; staffEmail: string },
  plan: (tx: Prisma.TransactionClient, deal: CommandDeal) => Promise<CommandPlan<Refusal>>,
): Promise<CommandOutcome<Refusal>> {
  try {
    return await db.$transaction(async (tx): Promise<CommandOutcome<Refusal>> => {
      const deal = await tx.deal.findFirst({
        where: { id: dealId, archivedAt: null },
        select: { stageId: true, scheduledAt: true, ownerId: true, amountCents: true, hubspotUpdatedAt: true },
      });
      if (!deal) return { kind: 'deal_not_found' };
      const version = deal.hubspotUpdatedAt?.toISOString() ?? null;
      const seenVersion = command.seenModifiedAt === null ? null : new Date(command.seenModifiedAt).toISOString();
      if (version !== seenVersion) return { kind: 'stale', current: version };
      if (await tx.dealCommand.findFirst({ where: { dealId, status: 'pending' }, select: { id: true } })) return { kind: 'pending' };
      const seen: DealFacts = { stageId: deal.stageId, scheduledAt: deal.scheduledAt?.toISOString() ?? null, ownerId: deal.ownerId, amountCents: deal.amountCents };
      const planned = await plan(tx, { id: dealId, stageId: deal.stageId, facts: seen });
      if ('refuse' in planned) return planned.refuse;
      const { changes, reason } = planned.record;
      const commandId = randomUUID();
      await tx.dealCommand.create({
        data: { id: commandId, dealId, kind: command.kind, changes, seen: { ...seen }, seenModifiedAt: deal.hubspotUpdatedAt, reason, staffEmail: command.staffEmail },
      });
      await tx.outboxEvent.create({ data: outboxEvent('crm.apply-deal-command', { commandId }, { aggregateId: commandId }), select: { id: true } });
      return { kind: 'recorded', commandId };
    });
  } catch (error) {
    // Two commands of one deal at once: the one-pending index lets one in.
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') return { kind: 'pending' };
    throw error;
  }
}
