import { sentQuote, type DealQuote } from '@app/shared/quote';
import { commandResult, type CommandDeps } from '../common/command-result';
import { recordQuote } from './quote-repository';


/**
 * POST /api/internal/admin/deals/:id/quote (docs/staff-actions.md): the quote, priced here by
 * the shared rule (never what the page says it costs), is recorded as a command and reaches
 * HubSpot (amount, stage, line items) through the outbox.
 */
export async function sendQuote(deps: CommandDeps, dealId: string, input: DealQuote, staffEmail: string): Promise<{ commandId: string; totalCents: number }> {
  const { seenModifiedAt, seen, ...quote } = input;
  const sent = sentQuote(quote);
  const { commandId } = commandResult(deps, await recordQuote(deps.db, dealId, sent, { seenModifiedAt, seen }, staffEmail), 'seenModifiedAt');
  return { commandId, totalCents: sent.totalCents };
}
