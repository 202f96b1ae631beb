import { z } from 'zod';
import type { EmulatorCore } from './core';
import { inlineAssociationSchema, toAssociationInputs } from './inline-associations';
import { lookUp } from './lookup';
import { mergeObjects } from './merge';
import { normalizeType } from './object-types';
import { presentObject } from './present';
import { boolParam, intParam, listParam, parseBody, type RouteContext, type Router } from './routing';
import { parseSearchRequest, search } from './search';

const propertiesSchema = z.record(z.string(), z.unknown()).default({});
const createSchema = z.object({ properties: propertiesSchema, associations: z.array(inlineAssociationSchema).default([]) });
const idSchema = z.union([z.string(), z.number()]).transform(String);
const mergeSchema = z.object({ primaryObjectId: idSchema, objectIdToMerge: idSchema });

function assocParam(ctx: RouteContext): string[] | undefined {
  return listParam(ctx.query, 'associations')?.map(normalizeType);
}

/** CRM v3 objects: list, basic reads and writes, merge and search, for every object type. Batch: batch-routes.ts. */
export function registerObjectRoutes(router: Router, core: EmulatorCore): void {
  const { store } = core;
  const base = '/crm/v3/objects/:type';
  const typeOf = (ctx: RouteContext) => normalizeType(ctx.params.type ?? '');

  router.on('GET', base, (ctx) => {
    const type = typeOf(ctx);
    const archived = boolParam(ctx.query, 'archived');
    const limit = intParam(ctx.query, 'limit', 10, 100);
    const offset = intParam(ctx.query, 'after', 0, Number.MAX_SAFE_INTEGER);
    const all = store.list(type, archived).filter((o) => o.archived === archived);
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

  router.on('POST', `${base}/merge`, (ctx) => {
    const input = parseBody(mergeSchema, ctx.body);
    const merged = mergeObjects(store, typeOf(ctx), input.primaryObjectId, input.objectIdToMerge);
    return { status: 200, body: presentObject(store, merged) };
  });

  router.on('GET', `${base}/:id`, (ctx) => {
    const type = typeOf(ctx);
    const object = lookUp(store, type, ctx.params.id ?? '', ctx.query.get('idProperty'));
    return {
      status: 200,
      body: presentObject(store, object, { properties: listParam(ctx.query, 'properties'), associations: assocParam(ctx) }),
    };
  });

  router.on('PATCH', `${base}/:id`, (ctx) => {
    const type = typeOf(ctx);
    const object = lookUp(store, type, ctx.params.id ?? '', ctx.query.get('idProperty'));
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

  router.on('POST', `${base}/search`, (ctx) => {
    const type = typeOf(ctx);
    const request = parseSearchRequest(ctx.body);
    // Search reads the index, which trails the records by the configured lag.
    const page = search(core.index.visible(store.records(type)), request, (name) => store.property(type, name)?.type);
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
