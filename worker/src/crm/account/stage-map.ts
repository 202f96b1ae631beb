import { CRM_TICKET_STAGES } from '@app/shared/crm-schema';

/**
 * The product names deal and ticket stages by its own keys (the stage ids of docs/product.md §4); a HubSpot
 * account has ids of its own for them. This map translates at the HubSpot boundary: pushes
 * send the account's ids, pulls store the product's keys. It is built by the account check
 * (stages found by label in the configured pipelines) and stored with its result.
 */
export interface StageMapData {
  dealPipelineId: string;
  ticketPipelineId: string;
  /** Product key → the account's stage id. */
  deals: Record<string, string>;
  tickets: Record<string, string>;
  /** Every closed stage of the account's ticket pipeline (its own closed stages count as closed too). */
  closedTicketStages: string[];
}

export interface StageMap {
  readonly data: StageMapData;
  dealPipelineId: string;
  ticketPipelineId: string;
  /** The account's id of a product deal stage; throws for a stage the account lacks (the check would have said so). */
  dealStageId(key: string): string;
  /** The product key of an account deal stage; an unknown stage keeps its account id (the portal shows 'Unknown Stage'). */
  dealStageKey(accountStageId: string): string;
  ticketStageId(key: string): string;
  /** The product key of an account ticket stage; an unmapped closed stage becomes the product's 'Closed' (4, docs/product.md §4). */
  ticketStageKey(accountStageId: string): string;
}

const CLOSED_TICKET_KEY = CRM_TICKET_STAGES.find((s) => s.isClosed)!.key;

function invert(record: Record<string, string>): Map<string, string> {
  return new Map(Object.entries(record).map(([key, id]) => [id, key]));
}

export function createStageMap(data: StageMapData): StageMap {
  const dealKeys = invert(data.deals);
  const ticketKeys = invert(data.tickets);
  const closedTickets = new Set(data.closedTicketStages);
  const lookup = (kind: string, record: Record<string, string>, key: string) => {
    const id = record[key];
    if (!id) throw new Error(`the HubSpot account has no ${kind} stage for ${key}; run npm run crm:setup`);
    return id;
  };
  return {
    data,
    dealPipelineId: data.dealPipelineId,
    ticketPipelineId: data.ticketPipelineId,
    dealStageId: (key) => lookup('deal', data.deals, key),
    dealStageKey: (id) => dealKeys.get(id) ?? id,
    ticketStageId: (key) => lookup('ticket', data.tickets, key),
    ticketStageKey: (id) => ticketKeys.get(id) ?? (closedTickets.has(id) ? CLOSED_TICKET_KEY : id),
  };
}
