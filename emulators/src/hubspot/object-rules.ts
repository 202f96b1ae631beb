import type { Pipeline, PropertyValues } from './model';
import { invalidProperties, invalidProperty } from './property-schema';
import { deriveEmailHeaders } from './email-headers';
import { ACTIVITY_TYPES, singular } from './object-types';

/**
 * Rules HubSpot applies to a record as a whole (not to one value): which pipeline a deal or
 * ticket is in and whether its stage belongs to that pipeline, values HubSpot fills in, and the
 * message of a unique-value conflict.
 */

const PIPELINE_PROPERTIES: Readonly<Record<string, { pipeline: string; stage: string; fallback: string; stageRequired: boolean }>> = {
  deals: { pipeline: 'pipeline', stage: 'dealstage', fallback: 'default', stageRequired: false },
  tickets: { pipeline: 'hs_pipeline', stage: 'hs_pipeline_stage', fallback: '0', stageRequired: true },
};

/** Values a new record gets when the request leaves them out: the default pipeline. */
export function creationDefaults(type: string): PropertyValues {
  const rule = PIPELINE_PROPERTIES[type];
  return rule ? { [rule.pipeline]: rule.fallback } : {};
}

/**
 * What a new record of a type must have. An activity is placed on the timeline by hs_timestamp,
 * which HubSpot requires on create. A communication also names its channel and where it was
 * logged from (HubSpot's Communications guide: the channel is one of its three, and "this must
 * be set to CRM"); HubSpot does not document its answer when they are left out, so the emulator
 * refuses them like a missing hs_timestamp.
 */
const REQUIRED_ON_CREATE: Readonly<Record<string, readonly string[]>> = {
  // "The only property required for creating a draft invoice is hs_currency" (HubSpot's Invoices guide).
  invoices: ['hs_currency'],
  communications: ['hs_timestamp', 'hs_communication_channel_type', 'hs_communication_logged_from'],
};

/** Refuses a new record without the properties its type requires (all missing ones listed); a meeting without hs_timestamp takes its start time. */
export function checkRequiredOnCreate(type: string, values: PropertyValues): void {
  if (type === 'meetings' && !values.hs_timestamp && values.hs_meeting_start_time) values.hs_timestamp = values.hs_meeting_start_time;
  const required = REQUIRED_ON_CREATE[type] ?? (ACTIVITY_TYPES.has(type) ? ['hs_timestamp'] : []);
  const missing = required.filter((name) => !values[name]);
  if (missing.length > 0) throw invalidProperties(missing.map((name) => ({ name, error: 'REQUIRED_PROPERTY', message: `${name} is required` })));
}

/** HubSpot refuses a pipeline the account lacks, and a stage its pipeline lacks (a ticket needs a stage). */
export function checkPipelineStage(type: string, properties: PropertyValues, pipelines: readonly Pipeline[]): void {
  const rule = PIPELINE_PROPERTIES[type];
  if (!rule) return;
  const pipelineId = properties[rule.pipeline] || rule.fallback;
  const pipeline = pipelines.find((p) => p.id === pipelineId && !p.archived);
  if (!pipeline) {
    throw invalidProperty(rule.pipeline, 'INVALID_OPTION', `${pipelineId} was not one of the allowed options: [${pipelines.map((p) => p.id).join(', ')}]`);
  }
  const stage = properties[rule.stage];
  if (rule.stageRequired && (stage == null || stage === '')) {
    throw invalidProperty(rule.stage, 'REQUIRED_PROPERTY', `${rule.stage} is required`);
  }
  if (stage != null && stage !== '' && !pipeline.stages.some((s) => s.id === stage && !s.archived)) {
    throw invalidProperty(rule.stage, 'INVALID_OPTION', `${stage} was not one of the allowed options for pipeline ${pipeline.id}`);
  }
}

/**
 * Calculated values HubSpot keeps current: a line item's net price is unit price times quantity;
 * an e-mail's sender and recipients come from its headers.
 */
export function deriveValues(type: string, properties: PropertyValues): void {
  if (type === 'emails') deriveEmailHeaders(properties);
  if (type !== 'line_items') return;
  const price = Number(properties.price);
  const quantity = Number(properties.quantity);
  const known = (v: string | null | undefined) => v != null && v !== '';
  properties.amount =
    known(properties.price) && known(properties.quantity) && Number.isFinite(price) && Number.isFinite(quantity)
      ? String(Number((price * quantity).toFixed(10)))
      : null;
}

/** The message of a 409 for a taken unique value; the worker reads "Existing ID: n" from it. */
export function uniqueConflictMessage(type: string, property: string, value: string, existingId: string): string {
  if (type === 'contacts' && property === 'email') return `Contact already exists. Existing ID: ${existingId}`;
  return `A ${singular(type)} with ${property} "${value}" already exists (${property} has unique values). Existing ID: ${existingId}`;
}
