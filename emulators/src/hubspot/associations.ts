import { z } from 'zod';
import { defaultTypeId } from './association-types';
import { dateVersion } from './date-versions';
import type { Association } from './model';
import { normalizeType, typeId as objectTypeId } from './object-types';
import { batchEnvelope } from './present';
import { intParam, parseBody, type Router } from './routing';
import type { Store } from './store';

const idSchema = z.union([z.string(), z.number()]).transform(String);
const specSchema = z.object({
  associationCategory: z.enum(['HUBSPOT_DEFINED', 'USER_DEFINED', 'INTEGRATOR_DEFINED']),
  associationTypeId: z.coerce.number().int(),
});


/**
 * v4 answers object ids as JSON numbers (the SDK's models say string, but deserialising keeps
 * whatever HubSpot sent), so callers should String() them.
 */
function groupByTarget(associations: Association[]) {
  const byTarget = new Map<string, Association[]>();
  for (const a of associations) byTarget.set(a.toId, [...(byTarget.get(a.toId) ?? []), a]);
  return [...byTarget.entries()].map(([toId, list]) => ({
    toObjectId: Number(toId),
    associationTypes: list.map((a) => ({ category: a.category, typeId: a.typeId, label: null })),
  }));
}

/**
 * A target as the date versions' reference gives it: the id a string, and `label` (a string
 * there) only when the association has one.
 */
function datedTarget(target: ReturnType<typeof groupByTarget>[number]) {
  return {
    toObjectId: String(target.toObjectId),
    associationTypes: target.associationTypes.map(({ label, ...type }) => (label === null ? type : { ...type, label })),
  };
}

function labelsPair(fromType: string, fromId: string, toType: string, toId: string) {
  return {
    fromObjectTypeId: objectTypeId(fromType),
    fromObjectId: Number(fromId),
    toObjectTypeId: objectTypeId(toType),
    toObjectId: Number(toId),
    labels: [],
  };
}

/** CRM v4 associations: default and labelled create, read one object's, batch read/create/archive; batch read also on the date versions. */
export function registerAssociationRoutes(router: Router, store: Store): void {
  const types = (p: Record<string, string>, from: string, to: string) => ({
    from: normalizeType(p[from] ?? ''),
    to: normalizeType(p[to] ?? ''),
  });

  router.on('PUT', '/crm/v4/objects/:from/:fromId/associations/default/:to/:toId', ({ params }) => {
    const { from, to } = types(params, 'from', 'to');
    const fromId = params.fromId ?? '';
    const toId = params.toId ?? '';
    const typeId = defaultTypeId(from, to);
    store.associate(from, fromId, { toType: to, toId, typeId, category: 'HUBSPOT_DEFINED' });
    const startedAt = new Date().toISOString();
    // HubSpot reports the association from both sides.
    const results = store
      .associationsFrom(from, fromId, to)
      .filter((a) => a.toId === toId && a.typeId === typeId)
      .flatMap((a) => [
        { from: { id: fromId }, to: { id: toId }, associationSpec: { associationCategory: a.category, associationTypeId: a.typeId } },
        ...store
          .associationsFrom(to, toId, from)
          .filter((b) => b.toId === fromId && b.category === a.category)
          .map((b) => ({ from: { id: toId }, to: { id: fromId }, associationSpec: { associationCategory: b.category, associationTypeId: b.typeId } })),
      ]);
    return { status: 200, body: batchEnvelope(startedAt, results) };
  });

  router.on('PUT', '/crm/v4/objects/:from/:fromId/associations/:to/:toId', ({ params, body }) => {
    const { from, to } = types(params, 'from', 'to');
    const specs = parseBody(z.array(specSchema).min(1), body);
    for (const spec of specs) {
      store.associate(from, params.fromId ?? '', {
        toType: to,
        toId: params.toId ?? '',
        typeId: spec.associationTypeId,
        category: spec.associationCategory,
      });
    }
    return { status: 201, body: labelsPair(from, params.fromId ?? '', to, params.toId ?? '') };
  });

  router.on('DELETE', '/crm/v4/objects/:from/:fromId/associations/:to/:toId', ({ params }) => {
    const { from, to } = types(params, 'from', 'to');
    store.dissociate(from, params.fromId ?? '', to, params.toId ?? '');
    return { status: 204 };
  });

  router.on('GET', '/crm/v4/objects/:from/:fromId/associations/:to', ({ params, query }) => {
    const { from, to } = types(params, 'from', 'to');
    store.get(from, params.fromId ?? '');
    const all = groupByTarget(store.associationsFrom(from, params.fromId ?? '', to));
    const limit = intParam(query, 'limit', 500, 500);
    const offset = intParam(query, 'after', 0, Number.MAX_SAFE_INTEGER);
    const page = all.slice(offset, offset + limit);
    const next = offset + page.length;
    return {
      status: 200,
      body: { results: page, ...(next < all.length ? { paging: { next: { after: String(next), link: '' } } } : {}) },
    };
  });

  /**
   * Each input's associated records, or a NO_ASSOCIATIONS_FOUND error for one that has none (or
   * does not exist), as v4 answers them or (`dated`) as the date versions' reference gives them.
   */
  function readBatch(params: Record<string, string>, body: unknown, dated: boolean) {
    const { from, to } = types(params, 'from', 'to');
    const { inputs } = parseBody(z.object({ inputs: z.array(z.object({ id: idSchema, after: z.string().optional() })).max(1000) }), body);
    const startedAt = new Date().toISOString();
    const results = [];
    const errors = [];
    for (const { id } of inputs) {
      const found = store.find(from, id) ? store.associationsFrom(from, id, to) : [];
      if (found.length > 0) {
        results.push({ from: { id }, to: dated ? groupByTarget(found).map(datedTarget) : groupByTarget(found) });
      } else {
        errors.push({
          status: 'error',
          category: 'OBJECT_NOT_FOUND',
          // The date versions' reference types subCategory as an object (v4 sends this string): left out there.
          ...(dated ? {} : { subCategory: 'crm.associations.NO_ASSOCIATIONS_FOUND' }),
          message: `No ${to} is associated with ${from} ${id}.`,
          context: { fromObjectId: [id] },
          errors: [],
          links: {},
        });
      }
    }
    return { startedAt, results, errors };
  }

  router.on('POST', '/crm/v4/associations/:from/:to/batch/read', ({ params, body }) => {
    const { startedAt, results, errors } = readBatch(params, body, false);
    return { status: errors.length ? 207 : 200, body: batchEnvelope(startedAt, results, errors) };
  });

  // The date versions' batch read (the one the worker calls): 2026-03 answers per-input errors
  // with 207 as v4 does; 2026-09's reference declares only 200, its body carrying the errors.
  router.on('POST', '/crm/associations/:version/:from/:to/batch/read', ({ params, body }) => {
    const version = dateVersion(params.version ?? '', 'POST', `/crm/associations/${params.version}/${params.from}/${params.to}/batch/read`);
    const { startedAt, results, errors } = readBatch(params, body, true);
    const status = errors.length > 0 && version === '2026-03' ? 207 : 200;
    return { status, body: batchEnvelope(startedAt, results, errors) };
  });

  const pairSchema = z.object({ from: z.object({ id: idSchema }), to: z.object({ id: idSchema }) });

  router.on('POST', '/crm/v4/associations/:from/:to/batch/create', ({ params, body }) => {
    const { from, to } = types(params, 'from', 'to');
    const { inputs } = parseBody(z.object({ inputs: z.array(pairSchema.extend({ types: z.array(specSchema).min(1) })).max(2000) }), body);
    const startedAt = new Date().toISOString();
    for (const input of inputs) {
      for (const spec of input.types) {
        store.associate(from, input.from.id, {
          toType: to,
          toId: input.to.id,
          typeId: spec.associationTypeId,
          category: spec.associationCategory,
        });
      }
    }
    const results = inputs.map((i) => labelsPair(from, i.from.id, to, i.to.id));
    return { status: 201, body: batchEnvelope(startedAt, results) };
  });

  router.on('POST', '/crm/v4/associations/:from/:to/batch/associate/default', ({ params, body }) => {
    const { from, to } = types(params, 'from', 'to');
    const { inputs } = parseBody(z.object({ inputs: z.array(pairSchema).max(2000) }), body);
    const startedAt = new Date().toISOString();
    const typeId = defaultTypeId(from, to);
    for (const i of inputs) store.associate(from, i.from.id, { toType: to, toId: i.to.id, typeId, category: 'HUBSPOT_DEFINED' });
    const results = inputs.map((i) => ({
      from: { id: i.from.id },
      to: { id: i.to.id },
      associationSpec: { associationCategory: 'HUBSPOT_DEFINED', associationTypeId: typeId },
    }));
    return { status: 200, body: batchEnvelope(startedAt, results) };
  });

  router.on('POST', '/crm/v4/associations/:from/:to/batch/archive', ({ params, body }) => {
    const { from, to } = types(params, 'from', 'to');
    const { inputs } = parseBody(
      z.object({ inputs: z.array(z.object({ from: z.object({ id: idSchema }), to: z.array(z.object({ id: idSchema })) })) }),
      body,
    );
    for (const i of inputs) for (const t of i.to) store.dissociate(from, i.from.id, to, t.id);
    return { status: 204 };
  });
}
