import { findProduct } from '@app/shared/catalogue';
import { dollars } from './booking-deal-properties';
import { REQUEST_ID, type HubSpotGateway, type NewObject } from './hubspot-gateway';

/** HUBSPOT_DEFINED association types of a line item to its deal, and to its invoice. */
export const LINE_ITEM_TO_DEAL = 20;
export const LINE_ITEM_TO_INVOICE = 410;

/** A line item as a deal or an invoice gets it: our stable id of it, its catalogue id when it has one, its name, its price. */
export interface DealLine {
  key: string;
  sku: string | null;
  name: string;
  cents: number | null;
}

/** A catalogue product as a line: its name and catalogue price (null where it is quoted on site); its id when unknown to the catalogue. */
export function catalogueLine(sku: string): { sku: string; name: string; cents: number | null } {
  const product = findProduct(sku);
  return { sku, name: product?.name ?? sku, cents: product?.priceCents ?? null };
}

/** A line as the line item HubSpot makes of it, associated with its deal or invoice (`typeId`): one of each, found again by its key. */
export function lineItemObject(line: DealLine, toId: string, typeId: number): NewObject {
  return {
    properties: { [REQUEST_ID]: line.key, ...(line.sku && { hs_sku: line.sku }), name: line.name, quantity: '1', price: dollars(line.cents) },
    associations: [{ toId, typeId }],
  };
}

/**
 * Makes the deal's line items `lines`: creates each (found again by its stable app_request_id on
 * a retry, never twice), then archives every other line item of the deal (the booking's, an
 * earlier quote's or plan change's). Idempotent, as a command kind's HubSpot writes must be.
 */
export async function replaceDealLineItems(hubspot: HubSpotGateway, dealHubspotId: string, lines: readonly DealLine[]): Promise<void> {
  const created = await hubspot.createOrFind(
    'line_items',
    lines.map((line) => lineItemObject(line, dealHubspotId, LINE_ITEM_TO_DEAL)),
  );
  for (const line of lines) {
    if (!created.ids.has(line.key)) throw new Error(`line item ${line.key}: ${created.failures.get(line.key)?.message ?? 'no result'}`);
  }
  const keep = new Set(created.ids.values());
  const attached = (await hubspot.associatedIds('deals', 'line_items', [dealHubspotId])).get(dealHubspotId) ?? [];
  const others = attached.filter((id) => !keep.has(id));
  if (others.length > 0) await hubspot.archiveBatch('line_items', others);
}
