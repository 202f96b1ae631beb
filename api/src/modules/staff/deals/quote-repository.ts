import type { Db } from '@app/db/client';
import type { DealFacts } from '@app/shared/deal-commands';
import { STAGE } from '@app/shared/deal-stages';
import { checkQuote } from '@app/shared/deal-transitions';
import type { SentQuote } from '@app/shared/quote';
import { recordDealCommand, type CommandOutcome } from '../common/command-repository';

/** The customer answered the quote and the answer is on its way: a new quote would cross it. */
export const QUOTE_ANSWER_PENDING = 'The customer has just answered this quote. Look again once their answer is in HubSpot.';

/**
 * Records the office's quote as a 'quote' command (stage Awaiting Quote Approval, the quote's
 * total as the amount, and the quote itself) with its outbox event, after the checks of every
 * command (recordDealCommand) and the transitions table's (a quote moves the deal to Awaiting
 * Quote Approval; one awaiting approval may be quoted again). A quote the customer has
 * answered, with the answer still on its way to HubSpot, is not replaced.
 */
export function recordQuote(db: Db, dealId: string, sent: SentQuote, seen: { seenModifiedAt: string | null; seen?: DealFacts | undefined }, staffEmail: string): Promise<CommandOutcome> {
  return recordDealCommand(
    db,
    dealId,
    {
      kind: 'quote',
      ...seen,
      decide: async (tx, deal) => {
        const check = checkQuote(deal.stageId, sent.totalCents);
        if (!check.ok) return { status: 409, code: 'quote_not_allowed', field: 'stageId', message: check.message };
        const answered = await tx.quoteAnswer.findFirst({ where: { dealId, status: 'pending' }, select: { id: true } });
        if (answered) return { status: 409, code: 'quote_answered', field: 'seenModifiedAt', message: QUOTE_ANSWER_PENDING };
        return { changes: { stageId: STAGE.AWAITING_QUOTE_APPROVAL, amountCents: sent.totalCents, quote: sent } };
      },
    },
    staffEmail,
  );
}
