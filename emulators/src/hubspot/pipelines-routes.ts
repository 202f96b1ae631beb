import { z } from 'zod';
import type { Pipeline, PipelineStage } from './model';
import { normalizeType } from './object-types';
import { createPipeline, createStage, findPipeline, findStage, updateStage } from './pipeline-ops';
import { parseBody, type RouteContext, type Router } from './routing';
import type { Store } from './store';

const metadataSchema = z.record(z.string(), z.union([z.string(), z.number(), z.boolean()]));
const stageInputSchema = z.object({ label: z.string(), displayOrder: z.number().int(), metadata: metadataSchema.optional() });
const pipelineInputSchema = z.object({ label: z.string(), displayOrder: z.number().int(), stages: z.array(stageInputSchema) });
const stagePatchSchema = z.object({
  label: z.string().optional(),
  displayOrder: z.number().int().optional(),
  metadata: metadataSchema.optional(),
  archived: z.boolean().optional(),
});

function presentStage(stage: PipelineStage) {
  return { ...stage, metadata: { ...stage.metadata }, writePermissions: 'CRM_PERMISSIONS_ENFORCEMENT' };
}

function presentPipeline(pipeline: Pipeline) {
  return {
    id: pipeline.id,
    label: pipeline.label,
    displayOrder: pipeline.displayOrder,
    stages: pipeline.stages.filter((s) => !s.archived).map(presentStage),
    createdAt: pipeline.createdAt,
    updatedAt: pipeline.updatedAt,
    archived: pipeline.archived,
  };
}

/** CRM v3 pipelines and stages: read, and created or changed like HubSpot's. */
export function registerPipelineRoutes(router: Router, store: Store): void {
  const base = '/crm/v3/pipelines/:type';
  const typeOf = (ctx: RouteContext) => normalizeType(ctx.params.type ?? '');
  const pipelineOf = (ctx: RouteContext) => findPipeline(store, typeOf(ctx), ctx.params.pipelineId ?? '');

  router.on('GET', base, (ctx) => ({
    status: 200,
    body: { results: store.pipelines(typeOf(ctx)).filter((p) => !p.archived).map(presentPipeline) },
  }));

  router.on('POST', base, (ctx) => ({
    status: 201,
    body: presentPipeline(createPipeline(store, typeOf(ctx), parseBody(pipelineInputSchema, ctx.body))),
  }));

  router.on('GET', `${base}/:pipelineId`, (ctx) => ({ status: 200, body: presentPipeline(pipelineOf(ctx)) }));

  router.on('GET', `${base}/:pipelineId/stages`, (ctx) => ({ status: 200, body: { results: presentPipeline(pipelineOf(ctx)).stages } }));

  router.on('POST', `${base}/:pipelineId/stages`, (ctx) => ({
    status: 201,
    body: presentStage(createStage(store, typeOf(ctx), ctx.params.pipelineId ?? '', parseBody(stageInputSchema, ctx.body))),
  }));

  router.on('GET', `${base}/:pipelineId/stages/:stageId`, (ctx) => ({
    status: 200,
    body: presentStage(findStage(pipelineOf(ctx), ctx.params.stageId ?? '')),
  }));

  router.on('PATCH', `${base}/:pipelineId/stages/:stageId`, (ctx) => ({
    status: 200,
    body: presentStage(updateStage(store, typeOf(ctx), ctx.params.pipelineId ?? '', ctx.params.stageId ?? '', parseBody(stagePatchSchema, ctx.body))),
  }));
}
