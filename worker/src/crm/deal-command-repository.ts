import type { Db } from '@app/db/client';
import type { Prisma } from '@app/db/generated/client';
import type { CloseOutOutcome } from '@app/shared/close-out';
import type { DealCommandKind, DealFacts, FactChange } from '@app/shared/deal-commands';

/** A staff command as the worker applies it (docs/staff-actions.md). */
export interface CommandToApply {
  id: string;
  /** 'move', 'schedule' and 'close-out' are applied by the shared job; the others with their own module (jobs/deal-commands/). */
  kind: DealCommandKind;
  status: 'pending' | 'applied' | 'conflict' | 'failed';
  changes: Partial<DealFacts> & { stageId: string; outcome?: CloseOutOutcome };
  seen: DealFacts;
  seenModifiedAt: Date | null;
  reason: string | null;
  staffEmail: string;
  createdAt: Date;
  noteHubspotId: string | null;
  deal: { id: string; hubspotId: string | null; archivedAt: Date | null };
}

export async function loadCommand(db: Db, commandId: string): Promise<CommandToApply | null> {
  const row = await db.dealCommand.findUnique({
    where: { id: commandId },
    select: {
      id: true,
      kind: true,
      status: true,
      changes: true,
      seen: true,
      seenModifiedAt: true,
      reason: true,
      staffEmail: true,
      createdAt: true,
      noteHubspotId: true,
      deal: { select: { id: true, hubspotId: true, archivedAt: true } },
    },
  });
  if (!row) return null;
  return { ...row, kind: row.kind as DealCommandKind, changes: row.changes as CommandToApply['changes'], seen: row.seen as unknown as DealFacts };
}

/** Owner id ↔ HubSpot owner id, for the owners a command and HubSpot's deal name. */
export async function ownerIds(db: Db): Promise<{ toHubspot: Map<string, string>; fromHubspot: Map<string, string> }> {
  const owners = await db.owner.findMany({ select: { id: true, hubspotId: true } });
  return { toHubspot: new Map(owners.map((o) => [o.id, o.hubspotId])), fromHubspot: new Map(owners.map((o) => [o.hubspotId, o.id])) };
}

/**
 * Settles a pending command; a command already settled (another attempt won) is left alone.
 * `settled` runs in the same transaction, only when this call settled it: what the settling
 * makes visible (a quote the portal offers once applied) and its customer notice go together.
 */
export async function settleCommand(
  db: Db,
  commandId: string,
  outcome: { status: 'applied' } | { status: 'conflict'; conflict: FactChange[] } | { status: 'failed'; error: string },
  at: Date,
  settled?: (tx: Prisma.TransactionClient) => Promise<void>,
): Promise<void> {
  const settle = (tx: Db | Prisma.TransactionClient) =>
    tx.dealCommand.updateMany({
      where: { id: commandId, status: 'pending' },
      data: {
        status: outcome.status,
        settledAt: at,
        ...(outcome.status === 'conflict' && { conflict: outcome.conflict as unknown as object[] }),
        ...(outcome.status === 'failed' && { error: outcome.error }),
      },
    });
  if (!settled) {
    await settle(db);
    return;
  }
  await db.$transaction(async (tx) => {
    const { count } = await settle(tx);
    if (count > 0) await settled(tx);
  });
}

export async function saveCommandNote(db: Db, commandId: string, noteHubspotId: string): Promise<void> {
  await db.dealCommand.update({ where: { id: commandId }, data: { noteHubspotId } });
}
