import type { Db } from '@app/db/client';
import type { Prisma } from '@app/db/generated/client';

/** A customer's answer to a quote as the worker applies it (crm.apply-quote-answer). */
export interface AnswerToApply {
  id: string;
  answer: 'approved' | 'declined';
  reason: string | null;
  status: 'pending' | 'applied' | 'conflict' | 'failed';
  createdAt: Date;
  noteHubspotId: string | null;
  contact: { email: string };
  quote: { id: string; createdAt: Date; changes: unknown };
  deal: { id: string; hubspotId: string | null; archivedAt: Date | null };
}

export async function loadAnswer(db: Db, answerId: string): Promise<AnswerToApply | null> {
  const row = await db.quoteAnswer.findUnique({
    where: { id: answerId },
    select: {
      id: true,
      answer: true,
      reason: true,
      status: true,
      createdAt: true,
      noteHubspotId: true,
      contact: { select: { email: true } },
      quote: { select: { id: true, createdAt: true, changes: true } },
      deal: { select: { id: true, hubspotId: true, archivedAt: true } },
    },
  });
  return row && { ...row, answer: row.answer === 'approved' ? 'approved' : 'declined' };
}

/** Whether the office sent the deal another quote after this one (it replaces the one answered). */
export async function newerQuoteSent(db: Db, answer: AnswerToApply): Promise<boolean> {
  const newer = await db.dealCommand.findFirst({ where: { dealId: answer.deal.id, kind: 'quote', createdAt: { gt: answer.quote.createdAt }, status: { in: ['pending', 'applied'] } }, select: { id: true } });
  return newer !== null;
}

/**
 * Settles a pending answer; one already settled (another attempt won) is left alone. `then` runs in
 * the same transaction, only for the attempt that settles it (an approved quote's invoice).
 */
export async function settleAnswer(
  db: Db,
  answerId: string,
  outcome: { status: 'applied' } | { status: 'failed'; error: string },
  at: Date,
  then?: (tx: Prisma.TransactionClient) => Promise<unknown>,
): Promise<void> {
  await db.$transaction(async (tx) => {
    const settled = await tx.quoteAnswer.updateMany({
      where: { id: answerId, status: 'pending' },
      data: { status: outcome.status, settledAt: at, ...(outcome.status === 'failed' && { error: outcome.error }) },
    });
    if (settled.count > 0 && then) await then(tx);
  });
}

export async function saveAnswerNote(db: Db, answerId: string, noteHubspotId: string): Promise<void> {
  await db.quoteAnswer.update({ where: { id: answerId }, data: { noteHubspotId } });
}
