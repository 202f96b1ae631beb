import { z } from 'zod';
import type { EmulatorCore } from './core';
import { badRequest, HubSpotError } from './errors';
import type { BatchInputValues } from './faults';
import { inlineAssociationSchema, toAssociationInputs } from './inline-associations';
import { checkIdProperty, lookUp } from './lookup';
import type { CrmObject } from './model';
import { normalizeType } from './object-types';
import { batchEnvelope, presentObject } from './present';
import { parseBody, type RouteContext, type Router } from './routing';

const propertiesSchema = z.record(z.string(), z.unknown()).default({});
const idSchema = z.union([z.string(), z.number()]).transform(String);
const traceId = z.string().min(1).optional();
const batchCreateSchema = z.object({
  inputs: z.array(z.object({ properties: propertiesSchema, associations: z.array(inlineAssociationSchema).default([]), objectWriteTraceId: traceId })).max(100),
});
const batchReadSchema = z.object({
  inputs: z.array(z.object({ id: idSchema })).max(100),
  properties: z.array(z.string()).optional(),
  idProperty: z.string().optional(),
});
const batchUpdateSchema = z.object({
  inputs: z.array(z.object({ id: idSchema, idProperty: z.string().optional(), objectWriteTraceId: traceId, properties: propertiesSchema })).max(100),
});
const batchArchiveSchema = z.object({ inputs: z.array(z.object({ id: idSchema })).max(100) });

type Injected = ReturnType<EmulatorCore['faults']['takeBatchInputFailure']>;

const asValues = (properties: Record<string, unknown>, extra: BatchInputValues = {}): BatchInputValues => ({
  ...Object.fromEntries(Object.entries(properties).map(([k, v]) => [k, v == null ? null : String(v)])),
  ...extra,
});

/**
 * Applies each input on its own: a failing input becomes one entry of `errors` (HubSpot's
 * StandardError with the input named in `context`) and the others are applied. With
 * `failAlone: false` a real failure is thrown instead, to fail the whole request; injected
 * failures always stay per input (that is what they are for).
 */
function eachInput<I, R>(
  inputs: readonly I[],
  injected: Injected,
  contextOf: (input: I) => Record<string, string[]>,
  apply: (input: I) => R,
  { failAlone = true }: { failAlone?: boolean } = {},
) {
  const results: R[] = [];
  const errors: unknown[] = [];
  inputs.forEach((input, i) => {
    if (injected?.failing.has(i)) {
      errors.push(new HubSpotError(400, injected.category, injected.message).batchEntry(contextOf(input)));
      return;
    }
    try {
      results.push(apply(input));
    } catch (error) {
      if (!(error instanceof HubSpotError) || !failAlone) throw error;
      errors.push(error.batchEntry(contextOf(input)));
    }
  });
  return { results, errors };
}

function refuseDuplicates(keys: readonly string[]): void {
  const seen = new Set<string>();
  const duplicates = keys.filter((k) => (seen.has(k) ? true : (seen.add(k), false)));
  if (duplicates.length > 0) throw badRequest(`Duplicate IDs found in batch input: [${[...new Set(duplicates)].join(', ')}]. IDs must be unique`);
}

/** CRM v3 batch endpoints: per-input failures answer 207 like HubSpot's, with the other inputs applied. */
export function registerBatchRoutes(router: Router, core: EmulatorCore): void {
  const { store } = core;
  const base = '/crm/v3/objects/:type/batch';
  const typeOf = (ctx: RouteContext) => normalizeType(ctx.params.type ?? '');

  router.on('POST', `${base}/create`, (ctx) => {
    const type = typeOf(ctx);
    const startedAt = new Date().toISOString();
    const { inputs } = parseBody(batchCreateSchema, ctx.body);
    const injected = core.faults.takeBatchInputFailure(type, inputs.map((i) => asValues(i.properties)));
    const create = (input: (typeof inputs)[number]) =>
      store.create(type, input.properties, toAssociationInputs(store, type, input.associations));
    const present = (o: CrmObject, input: (typeof inputs)[number]) => presentObject(store, o, { properties: Object.keys(input.properties) });
    // Only when every input carries a trace id can HubSpot report which ones failed; otherwise a
    // bad input fails the whole batch and nothing is written.
    const traced = inputs.length > 0 && inputs.every((i) => i.objectWriteTraceId);
    const contextOf = (i: (typeof inputs)[number]): Record<string, string[]> => (i.objectWriteTraceId ? { objectWriteTraceId: [i.objectWriteTraceId] } : {});
    const { results, errors } = traced
      ? eachInput(inputs, injected, contextOf, (input) => present(create(input), input))
      : store.transaction(() => eachInput(inputs, injected, contextOf, (input) => present(create(input), input), { failAlone: false }));
    return { status: errors.length > 0 ? 207 : 201, body: batchEnvelope(startedAt, results, errors) };
  });

  router.on('POST', `${base}/read`, (ctx) => {
    const type = typeOf(ctx);
    const startedAt = new Date().toISOString();
    const input = parseBody(batchReadSchema, ctx.body);
    checkIdProperty(store, type, input.idProperty);
    const found = new Map<string, CrmObject>();
    const missing: string[] = [];
    for (const { id } of input.inputs) {
      // A merged id reads as the record it was merged into.
      const object = store.findBy(type, input.idProperty || 'hs_object_id', id);
      if (object) found.set(object.id, object);
      else missing.push(id);
    }
    const results = [...found.values()].map((o) => presentObject(store, o, { properties: input.properties }));
    const errors = missing.length
      ? [
          {
            status: 'error',
            category: 'OBJECT_NOT_FOUND',
            message: `Could not get some ${type} objects, they may be deleted or not exist. Check that ids are valid.`,
            context: { ids: missing },
            errors: [],
            links: {},
          },
        ]
      : [];
    return { status: errors.length ? 207 : 200, body: batchEnvelope(startedAt, results, errors) };
  });

  router.on('POST', `${base}/update`, (ctx) => {
    const type = typeOf(ctx);
    const startedAt = new Date().toISOString();
    const { inputs } = parseBody(batchUpdateSchema, ctx.body);
    for (const input of inputs) checkIdProperty(store, type, input.idProperty);
    refuseDuplicates(inputs.map((i) => `${i.idProperty ?? 'hs_object_id'}:${i.id}`));
    const injected = core.faults.takeBatchInputFailure(type, inputs.map((i) => asValues(i.properties, i.idProperty ? { [i.idProperty]: i.id } : {})));
    const { results, errors } = eachInput(
      inputs,
      injected,
      (i) => ({ id: [i.id], ...(i.objectWriteTraceId ? { objectWriteTraceId: [i.objectWriteTraceId] } : {}) }),
      (input) => {
        const updated = store.update(type, lookUp(store, type, input.id, input.idProperty).id, input.properties);
        return presentObject(store, updated, { properties: Object.keys(input.properties) });
      },
    );
    return { status: errors.length ? 207 : 200, body: batchEnvelope(startedAt, results, errors) };
  });

  router.on('POST', `${base}/upsert`, (ctx) => {
    const type = typeOf(ctx);
    const startedAt = new Date().toISOString();
    const { inputs } = parseBody(batchUpdateSchema, ctx.body);
    // Upserting finds records by a unique value; a property without unique values cannot do that.
    for (const input of inputs) checkIdProperty(store, type, input.idProperty);
    refuseDuplicates(inputs.map((i) => `${i.idProperty ?? 'hs_object_id'}:${i.id.trim().toLowerCase()}`));
    const injected = core.faults.takeBatchInputFailure(type, inputs.map((i) => asValues(i.properties, i.idProperty ? { [i.idProperty]: i.id } : {})));
    const { results, errors } = eachInput(
      inputs,
      injected,
      (i) => ({ id: [i.id], ...(i.objectWriteTraceId ? { objectWriteTraceId: [i.objectWriteTraceId] } : {}) }),
      (input) => {
        const idProperty = input.idProperty || 'hs_object_id';
        const existing = store.findBy(type, idProperty, input.id);
        const object = existing
          ? store.update(type, existing.id, input.properties)
          : idProperty === 'hs_object_id'
            ? lookUp(store, type, input.id, undefined)
            : store.create(type, { ...input.properties, [idProperty]: input.id });
        const presented = presentObject(store, object, { properties: [...Object.keys(input.properties), idProperty] });
        return { ...presented, new: !existing };
      },
    );
    return { status: errors.length ? 207 : 200, body: batchEnvelope(startedAt, results, errors) };
  });

  router.on('POST', `${base}/archive`, (ctx) => {
    const type = typeOf(ctx);
    const { inputs } = parseBody(batchArchiveSchema, ctx.body);
    for (const { id } of inputs) if (store.find(type, id)) store.archive(type, id);
    return { status: 204 };
  });
}
