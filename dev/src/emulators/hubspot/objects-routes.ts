import { z } from 'zod';
import { toTypeForTypeId } from './association-types';
import { badRequest, HubSpotError } from './errors';
import type { CrmObject } from './model';
import { normalizeType } from './object-types';
import { batchEnvelope, presentObject } from './present';
import { boolParam, intParam, listParam, parseBody, type RouteContext, type Router } from './routing';
import { parseSearchRequest, search } from './search';
import type { AssociationInput, Store } from './store';

const propertiesSchema = z.record(z.string(), z.unknown()).default({});
const inlineAssociationSchema = z.object({
  to: z.object({ id: z.union([z.string(), z.number()]).transform(String) }),
  types: z
    .array(
      z.object({
        associationCategory: z.enum(['HUBSPOT_DEFINED', 'USER_DEFINED', 'INTEGRATOR_DEFINED']),
        associationTypeId: z.coerce.number().int(),
      }),
    )
    .min(1),
});
const createSchema = z.object({ properties: propertiesSchema, associations: z.array(inlineAssociationSchema).default([]) });
const idSchema = z.union([z.string(), z.number()]).transform(String);
const batchCreateSchema = z.object({ inputs: z.array(createSchema).max(100) });
const batchReadSchema = z.object({
  inputs: z.array(z.object({ id: idSchema })).max(100),
  properties: z.array(z.string()).optional(),
  idProperty: z.string().optional(),
});
const batchUpdateSchema = z.object({
  inputs: z.array(z.object({ id: idSchema, idProperty: z.string().optional(), properties: propertiesSchema })).max(100),
});
const batchArchiveSchema = z.object({ inputs: z.array(z.object({ id: idSchema })).max(100) });


/** Batch writes are all-or-nothing here: a failing input rolls the store back, like one HubSpot error answer. */
function atomically<T>(store: Store, work: () => T): T {
  const before = store.snapshot();
  try {
    return work();
  } catch (error) {
    store.load(before);
    throw error;
  }
}

function toAssociationInputs(store: Store, fromType: string, inline: z.output<typeof inlineAssociationSchema>[]): AssociationInput[] {
  return inline.flatMap((a) =>
    a.types.map((t) => {
      // HubSpot infers the target type from the association type id; our ids are unique across types.
      const toType =
        (t.associationCategory === 'HUBSPOT_DEFINED' ? toTypeForTypeId(fromType, t.associationTypeId) : undefined) ??
        findTypeOf(store, a.to.id);
      if (!toType) {
        throw badRequest(`Association to ${a.to.id} with type ${t.associationTypeId} is invalid: no such object`, {
          subCategory: 'crm.associations.INVALID_ASSOCIATION',
        });
      }
      return { toType, toId: a.to.id, typeId: t.associationTypeId, category: t.associationCategory };
    }),
  );
}

function findTypeOf(store: Store, id: string): string | undefined {
  for (const type of ['contacts', 'deals', 'line_items', 'tickets', 'products', 'invoices', 'companies']) {
    if (store.find(type, id)) return type;
  }
  return undefined;
}

function resolve(store: Store, type: string, id: string, idProperty: string | null | undefined): CrmObject {
  const found = store.findBy(type, idProperty ?? 'hs_object_id', id);
  if (!found) {
    throw new HubSpotError(404, 'OBJECT_NOT_FOUND', 'Object not found.  objectId are usually numeric.', { context: { id: [id] } });
  }
  return found;
}

function assocParam(ctx: RouteContext): string[] | undefined {
  return listParam(ctx.query, 'associations')?.map(normalizeType);
}

/** CRM v3 objects: basic, batch and search, for every object type (contacts, deals, line_items, ...). */
export function registerObjectRoutes(router: Router, store: Store): void {
  const base = '/crm/v3/objects/:type';
  const typeOf = (ctx: RouteContext) => normalizeType(ctx.params.type ?? '');

  router.on('GET', base, (ctx) => {
    const type = typeOf(ctx);
    const limit = intParam(ctx.query, 'limit', 10, 100);
    const offset = intParam(ctx.query, 'after', 0, Number.MAX_SAFE_INTEGER);
    const all = store.list(type, boolParam(ctx.query, 'archived')).filter((o) => o.archived === boolParam(ctx.query, 'archived'));
    const page = all.slice(offset, offset + limit);
    const options = { properties: listParam(ctx.query, 'properties'), associations: assocParam(ctx) };
    const next = offset + page.length;
    return {
      status: 200,
      body: {
        results: page.map((o) => presentObject(store, o, options)),
        ...(next < all.length ? { paging: { next: { after: String(next), link: `?after=${next}` } } } : {}),
      },
    };
  });

  router.on('POST', base, (ctx) => {
    const type = typeOf(ctx);
    const input = parseBody(createSchema, ctx.body);
    const object = store.create(type, input.properties, toAssociationInputs(store, type, input.associations));
    return { status: 201, body: presentObject(store, object, { properties: Object.keys(input.properties) }) };
  });

  router.on('GET', `${base}/:id`, (ctx) => {
    const type = typeOf(ctx);
    const object = resolve(store, type, ctx.params.id ?? '', ctx.query.get('idProperty'));
    return {
      status: 200,
      body: presentObject(store, object, { properties: listParam(ctx.query, 'properties'), associations: assocParam(ctx) }),
    };
  });

  router.on('PATCH', `${base}/:id`, (ctx) => {
    const type = typeOf(ctx);
    const object = resolve(store, type, ctx.params.id ?? '', ctx.query.get('idProperty'));
    const input = parseBody(z.object({ properties: propertiesSchema }), ctx.body);
    const updated = store.update(type, object.id, input.properties);
    return { status: 200, body: presentObject(store, updated, { properties: Object.keys(input.properties) }) };
  });

  router.on('DELETE', `${base}/:id`, (ctx) => {
    const type = typeOf(ctx);
    // HubSpot answers 204 for an id that does not exist (archive is idempotent).
    const object = store.find(type, ctx.params.id ?? '');
    if (object) store.archive(type, object.id);
    return { status: 204 };
  });

  router.on('POST', `${base}/batch/create`, (ctx) => {
    const type = typeOf(ctx);
    const startedAt = new Date().toISOString();
    const { inputs } = parseBody(batchCreateSchema, ctx.body);
    const created = atomically(store, () =>
      inputs.map((input) => store.create(type, input.properties, toAssociationInputs(store, type, input.associations))),
    );
    const results = created.map((o, i) => presentObject(store, o, { properties: Object.keys(inputs[i]?.properties ?? {}) }));
    return { status: 201, body: batchEnvelope(startedAt, results) };
  });

  router.on('POST', `${base}/batch/read`, (ctx) => {
    const type = typeOf(ctx);
    const startedAt = new Date().toISOString();
    const input = parseBody(batchReadSchema, ctx.body);
    const found: CrmObject[] = [];
    const missing: string[] = [];
    for (const { id } of input.inputs) {
      const object = store.findBy(type, input.idProperty ?? 'hs_object_id', id);
      if (object) found.push(object);
      else missing.push(id);
    }
    const results = found.map((o) => presentObject(store, o, { properties: input.properties }));
    const errors = missing.length
      ? [{ status: 'error', category: 'OBJECT_NOT_FOUND', message: `Could not get some ${type} objects, they may be deleted or not exist. Check that ids are valid.`, context: { ids: missing } }]
      : [];
    return { status: errors.length ? 207 : 200, body: batchEnvelope(startedAt, results, errors) };
  });

  router.on('POST', `${base}/batch/update`, (ctx) => {
    const type = typeOf(ctx);
    const startedAt = new Date().toISOString();
    const { inputs } = parseBody(batchUpdateSchema, ctx.body);
    const updated = atomically(store, () =>
      inputs.map((input) => store.update(type, resolve(store, type, input.id, input.idProperty).id, input.properties)),
    );
    const results = updated.map((o, i) => presentObject(store, o, { properties: Object.keys(inputs[i]?.properties ?? {}) }));
    return { status: 200, body: batchEnvelope(startedAt, results) };
  });

  router.on('POST', `${base}/batch/upsert`, (ctx) => {
    const type = typeOf(ctx);
    const startedAt = new Date().toISOString();
    const { inputs } = parseBody(batchUpdateSchema, ctx.body);
    const results = atomically(store, () =>
      inputs.map((input) => {
        const idProperty = input.idProperty ?? 'hs_object_id';
        const existing = store.findBy(type, idProperty, input.id);
        const object = existing
          ? store.update(type, existing.id, input.properties)
          : idProperty === 'hs_object_id'
            ? resolve(store, type, input.id, undefined)
            : store.create(type, { ...input.properties, [idProperty]: input.id });
        const presented = presentObject(store, object, { properties: [...Object.keys(input.properties), idProperty] });
        return { ...presented, new: !existing };
      }),
    );
    return { status: 200, body: batchEnvelope(startedAt, results) };
  });

  router.on('POST', `${base}/batch/archive`, (ctx) => {
    const type = typeOf(ctx);
    const { inputs } = parseBody(batchArchiveSchema, ctx.body);
    for (const { id } of inputs) if (store.find(type, id)) store.archive(type, id);
    return { status: 204 };
  });

  router.on('POST', `${base}/search`, (ctx) => {
    const type = typeOf(ctx);
    const request = parseSearchRequest(ctx.body);
    const page = search(store.list(type), request);
    return {
      status: 200,
      body: {
        total: page.total,
        results: page.results.map((o) => presentObject(store, o, { properties: request.properties })),
        ...(page.nextAfter ? { paging: { next: { after: page.nextAfter, link: '' } } } : {}),
      },
    };
  });
}
