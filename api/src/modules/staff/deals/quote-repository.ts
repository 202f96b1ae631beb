import type { Db } from '@app/db/client';
import { STAGE } from '@app/shared/deal-stages';
import { checkQuote, type MoveCheck } from '@app/shared/deal-transitions';
import { sentQuote, type Quote } from '@app/shared/quote';
import { withCommandChecks, writeCommand, type CommandRefusal } from './command-repository';

export type QuoteOutcome =
  | { kind: 'recorded'; commandId: string; totalCents: number }
  | CommandRefusal
  | { kind: 'answered' }
  | { kind: 'refused'; check: Exclude<MoveCheck, { ok: true }> };

/**
 * Records the office's quote as a 'quote' command (stage Awaiting Quote Approval, the quote's
 * total as the amount, and the quote itself) with its outbox event, in one transaction, after
 * the checks of every command (command-repository.ts) and the transitions table's (a quote
 * moves the deal to Awaiting Quote Approval; one awaiting approval may be quoted again). A quote
 * the customer has answered, with the answer still on its way to HubSpot, is not replaced.
 */
export async function recordQuote(db: Db, dealId: string, quote: Quote, seenModifiedAt: string | null, staffEmail: string): Promise<QuoteOutcome> {
  const sent = sentQuote(quote);
  return withCommandChecks(db, dealId, seenModifiedAt, async (tx, deal) => {
    const check = checkQuote(deal.seen.stageId, sent.totalCents);
    if (!check.ok) return { kind: 'refused' as const, check };
    const answered = await tx.quoteAnswer.findFirst({ where: { dealId, status: 'pending' }, select: { id: true } });
    if (answered) return { kind: 'answered' as const };
    const changes = { stageId: STAGE.AWAITING_QUOTE_APPROVAL, amountCents: sent.totalCents, quote: sent };
    const commandId = await writeCommand(tx, deal, { kind: 'quote', changes, reason: null, staffEmail });
    return { kind: 'recorded' as const, commandId, totalCents: sent.totalCents };
  });
}
