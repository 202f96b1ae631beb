import { dealStageLabel } from '@app/shared/deal-stages';
import { formatEastern } from '@app/shared/eastern-time';
import { formatUsd } from '@app/shared/money';
import { sentQuoteSchema, type SentQuote } from '@app/shared/quote';
import type { CommandToApply } from '../../crm/deal-command-repository';
import { writeQuoteReady } from '../../crm/quote-notice-repository';
import { replaceDealLineItems, type DealLine } from '../../crm/deal-line-items';
import type { CommandKind } from './command-kind';

const quoteOf = (command: CommandToApply): SentQuote => sentQuoteSchema.parse((command.changes as { quote?: unknown }).quote);

/** A quote line as HubSpot gets it: its catalogue id when it has one, its name, its price. */
interface QuoteLine {
  sku: string | null;
  name: string;
  cents: number;
}

/** The quote's lines: each catalogue line, then the discount and the adjustment (negative prices when they take off). */
export function quoteLines(quote: SentQuote): QuoteLine[] {
  return [
    ...quote.lines.map((line) => ({ sku: line.id, name: line.name, cents: line.cents })),
    ...(quote.discountCents > 0 ? [{ sku: null, name: `First-booking discount (${quote.discountPercent}%)`, cents: -quote.discountCents }] : []),
    ...(quote.adjustmentCents !== 0 ? [{ sku: null, name: `Adjustment: ${quote.adjustmentReason ?? ''}`.trim(), cents: quote.adjustmentCents }] : []),
  ];
}

/** Our id of a quote's line item: stable across retries, new with each quote. */
export const quoteLineKey = (commandId: string, index: number) => `quote:${commandId}:${index + 1}`;

/** The quote's lines as the deal's line items, each with its stable id. */
const quoteDealLines = (command: CommandToApply): DealLine[] => quoteLines(quoteOf(command)).map((line, i) => ({ key: quoteLineKey(command.id, i), ...line }));

/** The deal's record of the quote: the lines, the total, who sent it and when (Eastern Time). */
export function quoteNote(command: Pick<CommandToApply, 'changes' | 'staffEmail' | 'createdAt'>): string {
  const quote = sentQuoteSchema.parse((command.changes as { quote?: unknown }).quote);
  const lines = quoteLines(quote).map((line) => `${line.name} ${formatUsd(line.cents)}`);
  const stage = dealStageLabel(command.changes.stageId) ?? command.changes.stageId;
  return `Quote of ${formatUsd(quote.totalCents)} sent (${lines.join('; ')}) by ${command.staffEmail} in the staff workspace on ${formatEastern(command.createdAt)}. Moved to ${stage}.`;
}

/**
 * A 'quote' command: the amount and stage as a move sets them, the quote's products, and its line
 * items; once applied (the portal offers it from then on), the customer's e-mail asking to approve it.
 */
export const quoteKind: CommandKind = {
  properties: (command) => ({ external_skus: quoteOf(command).lines.map((line) => line.id).join(';') }),
  apply: ({ hubspot }, command, dealHubspotId) => replaceDealLineItems(hubspot, dealHubspotId, quoteDealLines(command)),
  note: (command) => quoteNote(command),
  applied: async (tx, command, { policy, now }) => {
    await writeQuoteReady(tx, policy, { dealId: command.deal.id, quoteId: command.id }, now);
  },
};
