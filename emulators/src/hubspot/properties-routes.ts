import { z } from 'zod';
import { batchEnvelope } from './present';
import { HubSpotError, notFound } from './errors';
import { normalizeType } from './object-types';
import { presentGroup, presentProperty } from './property-present';
import { boolParam, parseBody, type RouteContext, type Router } from './routing';
import { archiveProperty, createGroup, createProperty, findProperty, updateProperty } from './schema-ops';
import type { Store } from './store';

const optionSchema = z.object({
  label: z.string(),
  value: z.string(),
  displayOrder: z.number().int().optional(),
  hidden: z.boolean().optional(),
  description: z.string().optional(),
});
const propertyType = z.enum(['string', 'number', 'date', 'datetime', 'enumeration', 'bool']);
const propertyCreateSchema = z.object({
  name: z.string().min(1),
  label: z.string().min(1),
  type: propertyType,
  fieldType: z.string().min(1),
  groupName: z.string().min(1),
  description: z.string().optional(),
  options: z.array(optionSchema).optional(),
  displayOrder: z.number().int().optional(),
  hasUniqueValue: z.boolean().optional(),
  hidden: z.boolean().optional(),
  formField: z.boolean().optional(),
});
const propertyUpdateSchema = z.object({
  label: z.string().min(1).optional(),
  type: propertyType.optional(),
  fieldType: z.string().min(1).optional(),
  groupName: z.string().min(1).optional(),
  description: z.string().optional(),
  options: z.array(optionSchema).optional(),
  displayOrder: z.number().int().optional(),
  hidden: z.boolean().optional(),
  formField: z.boolean().optional(),
});
const groupCreateSchema = z.object({ name: z.string().min(1), label: z.string().min(1), displayOrder: z.number().int().optional() });
const batchCreateSchema = z.object({ inputs: z.array(propertyCreateSchema).max(100) });
const batchReadSchema = z.object({ inputs: z.array(z.object({ name: z.string() })).max(100), archived: z.boolean().default(false) });

/** CRM v3 properties: definitions and groups per object type, read and created like HubSpot's. */
export function registerPropertyRoutes(router: Router, store: Store): void {
  const base = '/crm/v3/properties/:type';
  const typeOf = (ctx: RouteContext) => normalizeType(ctx.params.type ?? '');

  // Groups first: '/groups' would otherwise read as a property named "groups".
  router.on('GET', `${base}/groups`, (ctx) => {
    const groups = store.schema(typeOf(ctx)).groups.filter((g) => !g.archived);
    return { status: 200, body: { results: groups.map(presentGroup) } };
  });

  router.on('POST', `${base}/groups`, (ctx) => ({
    status: 201,
    body: presentGroup(createGroup(store, typeOf(ctx), parseBody(groupCreateSchema, ctx.body))),
  }));

  router.on('GET', `${base}/groups/:groupName`, (ctx) => {
    const type = typeOf(ctx);
    const group = store.schema(type).groups.find((g) => g.name === ctx.params.groupName && !g.archived);
    if (!group) throw notFound(`Unable to find property group ${ctx.params.groupName} for object type ${type}`);
    return { status: 200, body: presentGroup(group) };
  });

  router.on('POST', `${base}/batch/create`, (ctx) => {
    const type = typeOf(ctx);
    const startedAt = new Date().toISOString();
    const { inputs } = parseBody(batchCreateSchema, ctx.body);
    const results: unknown[] = [];
    const errors: unknown[] = [];
    for (const input of inputs) {
      try {
        results.push(presentProperty(store, type, createProperty(store, type, input)));
      } catch (error) {
        if (!(error instanceof HubSpotError)) throw error;
        errors.push(error.batchEntry({ name: [input.name] }));
      }
    }
    return { status: errors.length ? 207 : 201, body: batchEnvelope(startedAt, results, errors) };
  });

  router.on('POST', `${base}/batch/read`, (ctx) => {
    const type = typeOf(ctx);
    const startedAt = new Date().toISOString();
    const { inputs, archived } = parseBody(batchReadSchema, ctx.body);
    const found = inputs.flatMap(({ name }) => store.schema(type).properties.filter((p) => p.name === name && p.archived === archived));
    const missing = inputs.map((i) => i.name).filter((name) => !found.some((p) => p.name === name));
    const errors = missing.length
      ? [{ status: 'error', category: 'OBJECT_NOT_FOUND', message: `Unable to find properties for object type ${type}`, context: { names: missing }, errors: [], links: {} }]
      : [];
    return { status: errors.length ? 207 : 200, body: batchEnvelope(startedAt, found.map((p) => presentProperty(store, type, p)), errors) };
  });

  router.on('GET', base, (ctx) => {
    const type = typeOf(ctx);
    const archived = boolParam(ctx.query, 'archived');
    const properties = store.schema(type).properties.filter((p) => p.archived === archived);
    return { status: 200, body: { results: properties.map((p) => presentProperty(store, type, p)) } };
  });

  router.on('POST', base, (ctx) => {
    const type = typeOf(ctx);
    return { status: 201, body: presentProperty(store, type, createProperty(store, type, parseBody(propertyCreateSchema, ctx.body))) };
  });

  router.on('GET', `${base}/:name`, (ctx) => {
    const type = typeOf(ctx);
    const archived = boolParam(ctx.query, 'archived');
    const definition = findProperty(store, type, ctx.params.name ?? '', archived);
    if (definition.archived !== archived) throw notFound(`Unable to find property ${definition.name} for object type ${type}`);
    return { status: 200, body: presentProperty(store, type, definition) };
  });

  router.on('PATCH', `${base}/:name`, (ctx) => {
    const type = typeOf(ctx);
    const patch = parseBody(propertyUpdateSchema, ctx.body);
    return { status: 200, body: presentProperty(store, type, updateProperty(store, type, ctx.params.name ?? '', patch)) };
  });

  router.on('DELETE', `${base}/:name`, (ctx) => {
    archiveProperty(store, typeOf(ctx), ctx.params.name ?? '');
    return { status: 204 };
  });
}
