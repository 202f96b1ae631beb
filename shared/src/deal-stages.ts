/** HubSpot deal pipeline stages, id → label (docs/product.md §4). */
export const DEAL_STAGES = [
  { id: '1606828760', label: 'Clean Requested' },
  { id: '1632009934', label: 'Pending Estimate Call' },
  { id: '1606828761', label: 'Creating Quote' },
  { id: '1606828762', label: 'Awaiting Quote Approval' },
  { id: '1632009935', label: 'Invoice Payment Needed' },
  { id: '1606828763', label: 'Scheduling In Progress' },
  { id: '1609338596', label: 'Cleaning Scheduled' },
  { id: '1606828764', label: 'Cleaning Done' },
  { id: '1606828765', label: 'Canceled' },
  { id: '1606828766', label: 'Quote Canceled' },
] as const;

export type DealStage = (typeof DEAL_STAGES)[number];
export type DealStageId = DealStage['id'];

export const STAGE = {
  CLEAN_REQUESTED: '1606828760',
  PENDING_ESTIMATE_CALL: '1632009934',
  CREATING_QUOTE: '1606828761',
  AWAITING_QUOTE_APPROVAL: '1606828762',
  INVOICE_PAYMENT_NEEDED: '1632009935',
  SCHEDULING_IN_PROGRESS: '1606828763',
  CLEANING_SCHEDULED: '1609338596',
  CLEANING_DONE: '1606828764',
  CANCELED: '1606828765',
  QUOTE_CANCELED: '1606828766',
} as const satisfies Record<string, DealStageId>;

/** Whether a stage id is one of the pipeline's (HubSpot may hold one we do not know). */
export function isKnownStage(stageId: string): stageId is DealStageId {
  return LABELS.has(stageId);
}

/** Stages whose deals belong to the portal history (docs/product.md §4). */
export const HISTORY_STAGES: ReadonlySet<string> = new Set([STAGE.CLEANING_DONE, STAGE.CANCELED, STAGE.QUOTE_CANCELED]);

const LABELS: ReadonlyMap<string, string> = new Map(DEAL_STAGES.map((s) => [s.id, s.label]));

/** Label of a known stage id, or undefined for an unknown one. */
export function dealStageLabel(stageId: string): string | undefined {
  return LABELS.get(stageId);
}

/** What a stage means to the customer, for the portal's badge colours. */
export type StageTone = 'scheduled' | 'action' | 'pending' | 'done' | 'canceled';
const TONES: ReadonlyMap<string, StageTone> = new Map([
  [STAGE.CLEANING_SCHEDULED, 'scheduled'],
  // The customer has something to do: approve the quote, pay the invoice.
  [STAGE.AWAITING_QUOTE_APPROVAL, 'action'],
  [STAGE.INVOICE_PAYMENT_NEEDED, 'action'],
  [STAGE.CLEANING_DONE, 'done'],
  [STAGE.CANCELED, 'canceled'],
  [STAGE.QUOTE_CANCELED, 'canceled'],
]);

/** A stage's tone; every other stage (and an unknown one) is waiting on us: 'pending'. */
export function stageTone(stageId: string): StageTone {
  return TONES.get(stageId) ?? 'pending';
}
