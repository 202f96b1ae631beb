import { HubSpotError, notFound } from './errors';
import type { Owner, Pipeline } from './model';
import { defaultProperties, isDatetimeProperty, normalizeType, uniqueProperties } from './object-types';
import { boolParam, intParam, type Router } from './routing';
import type { Store } from './store';

/** Pipelines are configuration that never changes here; HubSpot still dates them. */
const CONFIGURED_AT = '2025-01-01T00:00:00.000Z';

function presentOwner(owner: Owner) {
  return {
    id: owner.id,
    email: owner.email,
    type: 'PERSON',
    firstName: owner.firstName,
    lastName: owner.lastName,
    userId: owner.userId,
    userIdIncludingInactive: owner.userId,
    createdAt: owner.createdAt,
    updatedAt: owner.updatedAt,
    archived: owner.archived,
    teams: [],
  };
}

function presentPipeline(pipeline: Pipeline) {
  const dated = { createdAt: CONFIGURED_AT, updatedAt: CONFIGURED_AT, archived: false };
  return {
    id: pipeline.id,
    label: pipeline.label,
    displayOrder: pipeline.displayOrder,
    stages: pipeline.stages.map((s) => ({ ...s, ...dated, writePermissions: 'CRM_PERMISSIONS_ENFORCEMENT' })),
    ...dated,
  };
}

const NUMBER_PROPERTIES = new Set(['amount', 'price', 'quantity', 'hs_amount_billed', 'hs_balance_due', 'hs_amount_paid']);

/** A property definition inferred from the name: we keep no schema, but the SDK's properties API wants one. */
function propertyDefinition(store: Store, type: string, name: string) {
  const stageProp = (type === 'deals' && name === 'dealstage') || (type === 'tickets' && name === 'hs_pipeline_stage');
  const options = stageProp
    ? store.pipelines(type).flatMap((p) => p.stages.map((s) => ({ label: s.label, value: s.id, displayOrder: s.displayOrder, hidden: false })))
    : [];
  const [kind, fieldType] = stageProp
    ? ['enumeration', 'radio']
    : isDatetimeProperty(name)
      ? ['datetime', 'date']
      : NUMBER_PROPERTIES.has(name)
        ? ['number', 'number']
        : ['string', 'text'];
  return {
    name,
    label: name,
    type: kind,
    fieldType,
    groupName: `${type.replace(/s$/, '')}information`,
    description: '',
    options,
    hasUniqueValue: uniqueProperties(type).includes(name),
    hidden: false,
    formField: true,
    calculated: false,
    externalOptions: false,
    modificationMetadata: { archivable: true, readOnlyDefinition: false, readOnlyValue: false },
    createdAt: CONFIGURED_AT,
    updatedAt: CONFIGURED_AT,
    archived: false,
  };
}

function knownProperties(store: Store, type: string): string[] {
  const names = new Set([...defaultProperties(type), ...uniqueProperties(type)]);
  for (const object of store.list(type)) for (const name of Object.keys(object.properties)) names.add(name);
  return [...names].sort();
}

/** Owners (paged), pipelines and stages, and read-only property definitions. */
export function registerOwnerPipelineRoutes(router: Router, store: Store): void {
  router.on('GET', '/crm/v3/owners', ({ query }) => {
    const email = query.get('email')?.toLowerCase();
    const archived = boolParam(query, 'archived');
    const all = store.owners(true).filter((o) => o.archived === archived && (!email || o.email.toLowerCase() === email));
    const limit = intParam(query, 'limit', 100, 500);
    const offset = intParam(query, 'after', 0, Number.MAX_SAFE_INTEGER);
    const page = all.slice(offset, offset + limit);
    const next = offset + page.length;
    return {
      status: 200,
      body: {
        results: page.map(presentOwner),
        ...(next < all.length ? { paging: { next: { after: String(next), link: '' } } } : {}),
      },
    };
  });

  router.on('GET', '/crm/v3/owners/:ownerId', ({ params, query }) => {
    const byUserId = query.get('idProperty') === 'userId';
    const owner = store.owners(true).find((o) => (byUserId ? String(o.userId) : o.id) === params.ownerId);
    if (!owner) throw notFound(`Owner ${params.ownerId} not found`);
    return { status: 200, body: presentOwner(owner) };
  });

  router.on('GET', '/crm/v3/pipelines/:type', ({ params }) => {
    const type = normalizeType(params.type ?? '');
    return { status: 200, body: { results: store.pipelines(type).map(presentPipeline) } };
  });

  const pipelineOf = (rawType: string, id: string) => {
    const pipeline = store.pipelines(normalizeType(rawType)).find((p) => p.id === id);
    if (!pipeline) throw notFound(`Pipeline ${id} not found`);
    return presentPipeline(pipeline);
  };

  router.on('GET', '/crm/v3/pipelines/:type/:pipelineId', ({ params }) => ({
    status: 200,
    body: pipelineOf(params.type ?? '', params.pipelineId ?? ''),
  }));

  router.on('GET', '/crm/v3/pipelines/:type/:pipelineId/stages', ({ params }) => ({
    status: 200,
    body: { results: pipelineOf(params.type ?? '', params.pipelineId ?? '').stages },
  }));

  router.on('GET', '/crm/v3/pipelines/:type/:pipelineId/stages/:stageId', ({ params }) => {
    const stage = pipelineOf(params.type ?? '', params.pipelineId ?? '').stages.find((s) => s.id === params.stageId);
    if (!stage) throw notFound(`Stage ${params.stageId} not found`);
    return { status: 200, body: stage };
  });

  router.on('GET', '/crm/v3/properties/:type', ({ params }) => {
    const type = normalizeType(params.type ?? '');
    return { status: 200, body: { results: knownProperties(store, type).map((n) => propertyDefinition(store, type, n)) } };
  });

  router.on('GET', '/crm/v3/properties/:type/:name', ({ params }) => {
    const type = normalizeType(params.type ?? '');
    const name = params.name ?? '';
    if (!knownProperties(store, type).includes(name)) {
      throw new HubSpotError(404, 'OBJECT_NOT_FOUND', `Unable to find property ${name} for object type ${type}`);
    }
    return { status: 200, body: propertyDefinition(store, type, name) };
  });
}
