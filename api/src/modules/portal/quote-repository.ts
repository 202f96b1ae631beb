import { Prisma, type Db } from '@app/db/client';
import { lastQuote } from '@app/db/quotes';
import { outboxEvent } from '@app/runtime/outbox/events';
import { STAGE } from '@app/shared/deal-stages';
import type { QuoteAnswerInput, QuoteRow } from '@app/shared/quote';
import { findOwnedDeal, withOwnedDeal } from './repository';

/** The contact's deal's last quote (null when none was sent), or null for a deal that is not theirs. */
export async function ownedDealQuote(db: Db, contactId: string, dealId: string): Promise<{ stageId: string; quote: QuoteRow | null } | null> {
  const deal = await findOwnedDeal(db, contactId, dealId);
  if (!deal) return null;
  return { stageId: deal.stageId, quote: await lastQuote(db, dealId) };
}

export type AnswerOutcome =
  | { kind: 'recorded'; quote: QuoteRow }
  | { kind: 'missing' }
  | { kind: 'answered' }
  | { kind: 'not_awaiting' };

/**
 * Records the customer's answer to their deal's last quote with its outbox event
 * (crm.apply-quote-answer), under a lock on the deal: only a deal awaiting approval with a quote
 * HubSpot has, and only once per quote (the unique quote_command_id is the last word when two
 * answers race past the lock's reads).
 */
export async function recordQuoteAnswer(db: Db, contactId: string, dealId: string, input: QuoteAnswerInput): Promise<AnswerOutcome> {
  try {
    return await withOwnedDeal(db, contactId, dealId, async (tx, deal) => {
      if (!deal) return { kind: 'missing' as const };
      const quote = await lastQuote(tx, dealId);
      if (quote?.answer) return { kind: 'answered' as const };
      if (!quote || deal.stageId !== STAGE.AWAITING_QUOTE_APPROVAL) return { kind: 'not_awaiting' as const };
      const answer = await tx.quoteAnswer.create({
        data: { dealId, quoteCommandId: quote.id, contactId, answer: input.answer, reason: input.reason || null },
        select: { id: true, answer: true, reason: true, status: true, error: true, createdAt: true },
      });
      await tx.outboxEvent.create({ data: outboxEvent('crm.apply-quote-answer', { answerId: answer.id }, { aggregateId: answer.id }), select: { id: true } });
      return { kind: 'recorded' as const, quote: { ...quote, answer } };
    });
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') return { kind: 'answered' };
    throw error;
  }
}
