import { dollars } from './booking-deal-properties';
import { REQUEST_ID, type HubSpotGateway, type NewObject } from './hubspot-gateway';

/** HUBSPOT_DEFINED association types of a line item to its deal, and to its invoice. */
export const LINE_ITEM_TO_DEAL = 20;
export const LINE_ITEM_TO_INVOICE = 410;

/** A line item as a deal gets it: our stable id of it, its catalogue id when it has one, its name, its price. */
export interface DealLine {
  key: string;
  sku: string | null;
  name: string;
  cents: number | null;
}

/**
 * Makes the deal's line items `lines`: creates each (found again by its stable app_request_id on
 * a retry, never twice), then archives every other line item of the deal (the booking's, an
 * earlier quote's or plan change's). Idempotent, as a command kind's HubSpot writes must be.
 */
export async function replaceDealLineItems(hubspot: HubSpotGateway, dealHubspotId: string, lines: readonly DealLine[]): Promise<void> {
  const objects: NewObject[] = lines.map((line) => ({
    properties: { [REQUEST_ID]: line.key, ...(line.sku && { hs_sku: line.sku }), name: line.name, quantity: '1', price: dollars(line.cents) },
    associations: [{ toId: dealHubspotId, typeId: LINE_ITEM_TO_DEAL }],
  }));
  const created = await hubspot.createOrFind('line_items', objects);
  for (const line of lines) {
    if (!created.ids.has(line.key)) throw new Error(`line item ${line.key}: ${created.failures.get(line.key)?.message ?? 'no result'}`);
  }
  const keep = new Set(created.ids.values());
  const attached = (await hubspot.associatedIds('deals', 'line_items', [dealHubspotId])).get(dealHubspotId) ?? [];
  const others = attached.filter((id) => !keep.has(id));
  if (others.length > 0) await hubspot.archiveBatch('line_items', others);
}
