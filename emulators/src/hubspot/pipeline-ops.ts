import { badRequest, notFound } from './errors';
import type { Pipeline, PipelineStage } from './model';
import type { Store } from './store';

/**
 * Pipelines and stages, changed the way the pipelines API (and a HubSpot admin) changes them.
 * The blank and ready accounts are built with these same operations.
 */

export type MetadataInput = Record<string, string | number | boolean>;

export interface StageInput {
  label: string;
  displayOrder: number;
  metadata?: MetadataInput | undefined;
  /** Only for stages whose ids are given (HubSpot's defaults, the ready account's); the API never passes one. */
  id?: string | undefined;
}

export interface PipelineInput {
  label: string;
  displayOrder: number;
  stages: StageInput[];
}

export interface StagePatch {
  label?: string | undefined;
  displayOrder?: number | undefined;
  metadata?: MetadataInput | undefined;
  archived?: boolean | undefined;
}

/** Object types with pipelines among those the emulator knows. */
const PIPELINE_TYPES: ReadonlySet<string> = new Set(['deals', 'tickets']);

function checkType(type: string): void {
  if (!PIPELINE_TYPES.has(type)) throw badRequest(`Object type ${type} does not support pipelines`);
}

/**
 * HubSpot's required stage metadata: a deal stage needs its win probability (0 to 1; 0 and 1
 * are the closed stages), a ticket stage its state (OPEN or CLOSED). isClosed follows from them.
 */
function stageMetadata(type: string, label: string, input: MetadataInput | undefined): Record<string, string> {
  const metadata = Object.fromEntries(Object.entries(input ?? {}).map(([k, v]) => [k, String(v)]));
  if (type === 'deals') {
    const probability = Number(metadata.probability);
    if (metadata.probability === undefined || metadata.probability === '' || !Number.isFinite(probability) || probability < 0 || probability > 1) {
      throw badRequest(`Stage "${label}": deal stages need metadata.probability, a number from 0.0 to 1.0`);
    }
    // HubSpot writes probabilities with a decimal point: '0.2', '1.0'.
    const written = Number.isInteger(probability) ? probability.toFixed(1) : String(probability);
    return { ...metadata, probability: written, isClosed: String(probability === 0 || probability === 1) };
  }
  if (type === 'tickets') {
    if (metadata.ticketState !== 'OPEN' && metadata.ticketState !== 'CLOSED') {
      throw badRequest(`Stage "${label}": ticket stages need metadata.ticketState, OPEN or CLOSED`);
    }
    return { ...metadata, isClosed: String(metadata.ticketState === 'CLOSED') };
  }
  return metadata;
}

function checkLabelFree(pipeline: Pipeline, label: string, exceptId?: string): void {
  const taken = pipeline.stages.some((s) => !s.archived && s.id !== exceptId && s.label.trim().toLowerCase() === label.trim().toLowerCase());
  if (taken) throw badRequest(`A stage with the label "${label}" already exists in pipeline ${pipeline.id}; stage labels must be unique in a pipeline`);
}

export function findPipeline(store: Store, type: string, pipelineId: string): Pipeline {
  const pipeline = store.pipelines(type).find((p) => p.id === pipelineId && !p.archived);
  if (!pipeline) throw notFound(`Unable to find pipeline ${pipelineId} for ${type}`);
  return pipeline;
}

function newStage(store: Store, type: string, input: StageInput, id: string, iso: string): PipelineStage {
  if (input.label.trim() === '') throw badRequest('A stage needs a label');
  return { id, label: input.label, displayOrder: input.displayOrder, metadata: stageMetadata(type, input.label, input.metadata), createdAt: iso, updatedAt: iso, archived: false };
}

/** Creates a pipeline with its stages; `id` only for HubSpot's own default pipelines ('default', '0'). */
export function createPipeline(store: Store, type: string, input: PipelineInput, id?: string): Pipeline {
  checkType(type);
  if (input.label.trim() === '') throw badRequest('A pipeline needs a label');
  if (input.stages.length === 0) throw badRequest('A pipeline needs at least one stage');
  const pipelines = store.pipelines(type);
  if (pipelines.some((p) => !p.archived && p.label.trim().toLowerCase() === input.label.trim().toLowerCase())) {
    throw badRequest(`A pipeline with the label "${input.label}" already exists for ${type}`);
  }
  const iso = new Date(store.now()).toISOString();
  const pipeline: Pipeline = { id: id ?? store.takeConfigId(), label: input.label, displayOrder: input.displayOrder, stages: [], createdAt: iso, updatedAt: iso, archived: false };
  for (const stage of input.stages) {
    checkLabelFree(pipeline, stage.label);
    pipeline.stages.push(newStage(store, type, stage, stage.id ?? store.takeConfigId(), iso));
  }
  pipelines.push(pipeline);
  store.changed();
  return pipeline;
}

/** Adds a stage; its id is a new number like HubSpot's unless the input names one (see StageInput.id). */
export function createStage(store: Store, type: string, pipelineId: string, input: StageInput): PipelineStage {
  checkType(type);
  const pipeline = findPipeline(store, type, pipelineId);
  checkLabelFree(pipeline, input.label);
  const stageId = input.id ?? store.takeConfigId();
  if (store.pipelines(type).some((p) => p.stages.some((s) => s.id === stageId))) throw badRequest(`Stage id ${stageId} is taken`);
  const iso = new Date(store.now()).toISOString();
  const stage = newStage(store, type, input, stageId, iso);
  pipeline.stages.push(stage);
  pipeline.stages.sort((a, b) => a.displayOrder - b.displayOrder);
  pipeline.updatedAt = iso;
  store.changed();
  return stage;
}

export function findStage(pipeline: Pipeline, stageId: string): PipelineStage {
  const stage = pipeline.stages.find((s) => s.id === stageId && !s.archived);
  if (!stage) throw notFound(`Unable to find stage ${stageId} in pipeline ${pipeline.id}`);
  return stage;
}

export function updateStage(store: Store, type: string, pipelineId: string, stageId: string, patch: StagePatch): PipelineStage {
  checkType(type);
  const pipeline = findPipeline(store, type, pipelineId);
  const stage = findStage(pipeline, stageId);
  const label = patch.label ?? stage.label;
  if (patch.label !== undefined) checkLabelFree(pipeline, label, stage.id);
  const metadata = patch.metadata !== undefined ? stageMetadata(type, label, { ...stage.metadata, ...patch.metadata }) : stage.metadata;
  const iso = new Date(store.now()).toISOString();
  Object.assign(stage, {
    label,
    metadata,
    ...(patch.displayOrder !== undefined ? { displayOrder: patch.displayOrder } : {}),
    ...(patch.archived !== undefined ? { archived: patch.archived } : {}),
    updatedAt: iso,
  });
  pipeline.stages.sort((a, b) => a.displayOrder - b.displayOrder);
  pipeline.updatedAt = iso;
  store.changed();
  return stage;
}
