import { dealStageLabel } from '@app/shared/deal-stages';
import { formatEastern } from '@app/shared/eastern-time';
import { formatUsd } from '@app/shared/money';
import { sentQuoteSchema, type SentQuote } from '@app/shared/quote';
import { dollars } from '../../crm/booking-deal-properties';
import type { CommandToApply } from '../../crm/deal-command-repository';
import { writeQuoteReady } from '../../crm/quote-notice-repository';
import { REQUEST_ID, type HubSpotGateway, type NewObject } from '../../crm/hubspot-gateway';
import type { CommandKind } from './command-kind';

/** HUBSPOT_DEFINED association type of a line item to its deal. */
const LINE_ITEM_TO_DEAL = 20;

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

/**
 * Makes the deal's line items the quote's: creates each line (found again by its stable
 * app_request_id on a retry, never twice), then archives every other line item of the deal
 * (the booking's, an earlier quote's).
 */
async function replaceLineItems(hubspot: HubSpotGateway, command: CommandToApply, dealHubspotId: string): Promise<void> {
  const lines = quoteLines(quoteOf(command));
  const objects: NewObject[] = lines.map((line, i) => ({
    properties: { [REQUEST_ID]: quoteLineKey(command.id, i), ...(line.sku && { hs_sku: line.sku }), name: line.name, quantity: '1', price: dollars(line.cents) },
    associations: [{ toId: dealHubspotId, typeId: LINE_ITEM_TO_DEAL }],
  }));
  const created = await hubspot.createOrFind('line_items', objects);
  for (const [i] of lines.entries()) {
    const key = quoteLineKey(command.id, i);
    if (!created.ids.has(key)) throw new Error(`quote line item ${key}: ${created.failures.get(key)?.message ?? 'no result'}`);
  }
  const keep = new Set(created.ids.values());
  const attached = (await hubspot.associatedIds('deals', 'line_items', [dealHubspotId])).get(dealHubspotId) ?? [];
  const others = attached.filter((id) => !keep.has(id));
  if (others.length > 0) await hubspot.archiveBatch('line_items', others);
}

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
  apply: ({ hubspot }, command, dealHubspotId) => replaceLineItems(hubspot, command, dealHubspotId),
  note: (command) => quoteNote(command),
  applied: async (tx, command, { policy, now }) => {
    await writeQuoteReady(tx, policy, { dealId: command.deal.id, quoteId: command.id }, now);
  },
};
