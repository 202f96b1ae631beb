import type { Db } from '@app/db/client';
import type { OutboxNotifier } from '@app/runtime/outbox/notifier';
import type { DealQuote } from '@app/shared/quote';
import { errors } from '../../../errors';
import { commandRefused } from './command-errors';
import { recordQuote } from './quote-repository';

/** The customer answered the quote and the answer is on its way: a new quote would cross it. */
export const QUOTE_ANSWER_PENDING = 'The customer has just answered this quote. Look again once their answer is in HubSpot.';

/**
 * POST /api/internal/admin/deals/:id/quote (docs/staff-actions.md): the quote, priced here by
 * the shared rule (never what the page says it costs), is recorded as a command and reaches
 * HubSpot (amount, stage, line items) through the outbox.
 */
export async function sendQuote(
  deps: { db: Db; outbox: OutboxNotifier },
  dealId: string,
  input: DealQuote,
  staffEmail: string,
): Promise<{ commandId: string; totalCents: number }> {
  const { seenModifiedAt, ...quote } = input;
  const outcome = await recordQuote(deps.db, dealId, quote, seenModifiedAt, staffEmail);
  switch (outcome.kind) {
    case 'recorded':
      deps.outbox.notify();
      return { commandId: outcome.commandId, totalCents: outcome.totalCents };
    case 'deal_not_found':
    case 'stale':
    case 'pending':
      throw commandRefused(outcome, 'seenModifiedAt');
    case 'answered':
      throw errors.conflictOn('seenModifiedAt', 'quote_answered', QUOTE_ANSWER_PENDING);
    case 'refused':
      throw errors.conflictOn('stageId', 'quote_not_allowed', outcome.check.message);
  }
}
