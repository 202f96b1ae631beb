import { inverseTypeId } from './association-types';
import { badRequest, conflict, objectNotFound } from './errors';
import type { Association, AssociationCategory, CrmObject, Owner, Pipeline, PropertyValues, StoreState } from './model';
import { isDatetimeProperty, singular, uniqueProperties } from './object-types';

export type PropertyInput = Record<string, unknown>;

export interface AssociationInput {
  toType: string;
  toId: string;
  typeId: number;
  category: AssociationCategory;
}

export function emptyState(firstObjectId = 1001): StoreState {
  return { version: 1, nextId: firstObjectId, clock: 0, objects: {}, associations: [], owners: [], pipelines: {} };
}

/**
 * All CRM state of the emulator. Every change goes through here so that it advances
 * hs_lastmodifieddate (an incremental pull relies on it) and tells the persistence layer.
 */
export class Store {
  private state: StoreState = emptyState();
  private readonly listeners: Array<() => void> = [];

  onChange(listener: () => void): void {
    this.listeners.push(listener);
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }

  snapshot(): StoreState {
    return structuredClone(this.state);
  }

  load(state: StoreState): void {
    this.state = structuredClone(state);
    this.changed();
  }

  /** Strictly increasing milliseconds: two changes in the same millisecond still order. */
  now(): number {
    this.state.clock = Math.max(Date.now(), this.state.clock + 1);
    return this.state.clock;
  }

  // --- objects -------------------------------------------------------------------------

  private table(type: string): Record<string, CrmObject> {
    return (this.state.objects[type] ??= {});
  }

  /** Live (not archived) objects of a type, in id order. */
  list(type: string, includeArchived = false): CrmObject[] {
    return Object.values(this.table(type))
      .filter((o) => includeArchived || !o.archived)
      .sort((a, b) => Number(a.id) - Number(b.id));
  }

  find(type: string, id: string): CrmObject | undefined {
    const found = this.table(type)[id];
    return found && !found.archived ? found : undefined;
  }

  get(type: string, id: string): CrmObject {
    const found = this.find(type, id);
    if (!found) throw objectNotFound(id);
    return found;
  }

  /** Finds by id (`hs_object_id`) or by a unique property, as `idProperty` does. */
  findBy(type: string, property: string, value: string): CrmObject | undefined {
    if (property === 'hs_object_id' || property === 'id') return this.find(type, value);
    const wanted = value.trim().toLowerCase();
    return this.list(type).find((o) => (o.properties[property] ?? '').trim().toLowerCase() === wanted && wanted !== '');
  }

  create(type: string, input: PropertyInput, associations: AssociationInput[] = []): CrmObject {
    const properties = normalizeProperties(input);
    this.checkUnique(type, properties, undefined);
    this.validate(type, properties);
    for (const a of associations) this.get(a.toType, a.toId);
    const now = this.now();
    const iso = new Date(now).toISOString();
    const id = String(this.state.nextId++);
    const object: CrmObject = {
      id,
      type,
      properties: { ...defaultsFor(type), ...properties, hs_object_id: id, createdate: iso },
      createdAt: iso,
      updatedAt: iso,
      archived: false,
    };
    stamp(object, now);
    this.table(type)[id] = object;
    for (const a of associations) this.linkRaw(type, id, a, now);
    this.changed();
    return object;
  }

  update(type: string, id: string, input: PropertyInput): CrmObject {
    const object = this.get(type, id);
    const properties = normalizeProperties(input);
    delete properties.hs_object_id;
    delete properties.createdate;
    this.checkUnique(type, properties, id);
    this.validate(type, { ...object.properties, ...properties });
    Object.assign(object.properties, properties);
    stamp(object, this.now());
    this.changed();
    return object;
  }

  archive(type: string, id: string): void {
    const object = this.get(type, id);
    const now = this.now();
    object.archived = true;
    object.archivedAt = new Date(now).toISOString();
    stamp(object, now);
    this.state.associations = this.state.associations.filter(
      (a) => !(a.fromType === type && a.fromId === id) && !(a.toType === type && a.toId === id),
    );
    this.changed();
  }

  private checkUnique(type: string, properties: PropertyValues, selfId: string | undefined): void {
    for (const name of uniqueProperties(type)) {
      const value = properties[name];
      if (value == null || value === '') continue;
      const existing = this.findBy(type, name, value);
      if (!existing || existing.id === selfId) continue;
      const message =
        type === 'contacts' && name === 'email'
          ? `Contact already exists. Existing ID: ${existing.id}`
          : `A ${singular(type)} with ${name} "${value}" already exists (${name} is a unique-value property). Existing ID: ${existing.id}`;
      throw conflict(message, existing.id);
    }
  }

  /** HubSpot refuses a deal or ticket stage that its pipeline does not have. */
  private validate(type: string, properties: PropertyValues): void {
    const rules: Record<string, [pipelineProp: string, stageProp: string, fallback: string]> = {
      deals: ['pipeline', 'dealstage', 'default'],
      tickets: ['hs_pipeline', 'hs_pipeline_stage', '0'],
    };
    const rule = rules[type];
    if (!rule) return;
    const [pipelineProp, stageProp, fallback] = rule;
    const pipelineId = properties[pipelineProp] ?? fallback;
    const stage = properties[stageProp];
    const pipeline = this.pipelines(type).find((p) => p.id === pipelineId);
    if (!pipeline) throw invalidProperty(pipelineProp, `${pipelineId} was not one of the allowed options`);
    if (type === 'tickets' && (stage == null || stage === '')) {
      throw invalidProperty(stageProp, 'hs_pipeline_stage is required', 'REQUIRED_PROPERTY');
    }
    if (stage != null && stage !== '' && !pipeline.stages.some((s) => s.id === stage)) {
      throw invalidProperty(stageProp, `${stage} was not one of the allowed options for pipeline ${pipeline.id}`);
    }
  }

  // --- associations --------------------------------------------------------------------

  /** Records both directions; the same pair and type again changes nothing but the timestamps. */
  associate(fromType: string, fromId: string, input: AssociationInput): void {
    this.get(fromType, fromId);
    this.get(input.toType, input.toId);
    this.linkRaw(fromType, fromId, input, this.now());
    this.changed();
  }

  private linkRaw(fromType: string, fromId: string, input: AssociationInput, now: number): void {
    const forward: Association = { fromType, fromId, ...input };
    const back: Association = {
      fromType: input.toType,
      fromId: input.toId,
      toType: fromType,
      toId: fromId,
      typeId: inverseTypeId(fromType, input.toType, input.typeId),
      category: input.category,
    };
    for (const a of [forward, back]) {
      if (!this.state.associations.some((b) => sameAssociation(a, b))) this.state.associations.push(a);
    }
    const from = this.find(fromType, fromId);
    const to = this.find(input.toType, input.toId);
    if (from) stamp(from, now);
    if (to) stamp(to, now);
  }

  /** Removes every association between two objects (all labels), both directions. */
  dissociate(fromType: string, fromId: string, toType: string, toId: string): void {
    const pair = (a: Association, ft: string, fi: string, tt: string, ti: string) =>
      a.fromType === ft && a.fromId === fi && a.toType === tt && a.toId === ti;
    const before = this.state.associations.length;
    this.state.associations = this.state.associations.filter(
      (a) => !pair(a, fromType, fromId, toType, toId) && !pair(a, toType, toId, fromType, fromId),
    );
    if (this.state.associations.length === before) return;
    const now = this.now();
    for (const [t, i] of [[fromType, fromId], [toType, toId]] as const) {
      const o = this.find(t, i);
      if (o) stamp(o, now);
    }
    this.changed();
  }

  associationsFrom(fromType: string, fromId: string, toType?: string): Association[] {
    return this.state.associations.filter(
      (a) => a.fromType === fromType && a.fromId === fromId && (toType === undefined || a.toType === toType),
    );
  }

  allAssociations(): Association[] {
    return this.state.associations.map((a) => ({ ...a }));
  }

  // --- owners and pipelines ------------------------------------------------------------

  owners(includeArchived = false): Owner[] {
    return this.state.owners.filter((o) => includeArchived || !o.archived);
  }

  addOwner(input: { email: string; firstName: string; lastName: string; id?: string }): Owner {
    const iso = new Date(this.now()).toISOString();
    const id = input.id ?? String(this.state.nextId++);
    if (this.state.owners.some((o) => o.id === id)) throw badRequest(`owner ${id} already exists`);
    const owner: Owner = {
      id,
      email: input.email,
      firstName: input.firstName,
      lastName: input.lastName,
      userId: 9_000_000 + Number(id),
      createdAt: iso,
      updatedAt: iso,
      archived: false,
    };
    this.state.owners.push(owner);
    this.changed();
    return owner;
  }

  pipelines(type: string): Pipeline[] {
    return this.state.pipelines[type] ?? [];
  }

  setPipelines(type: string, pipelines: Pipeline[]): void {
    this.state.pipelines[type] = pipelines;
    this.changed();
  }
}

function sameAssociation(a: Association, b: Association): boolean {
  return a.fromType === b.fromType && a.fromId === b.fromId && a.toType === b.toType && a.toId === b.toId && a.typeId === b.typeId;
}

function stamp(object: CrmObject, now: number): void {
  const iso = new Date(now).toISOString();
  object.updatedAt = iso;
  object.properties.hs_lastmodifieddate = iso;
  if (object.type === 'contacts') object.properties.lastmodifieddate = iso;
}

function defaultsFor(type: string): PropertyValues {
  if (type === 'deals') return { pipeline: 'default' };
  if (type === 'tickets') return { hs_pipeline: '0' };
  return {};
}

function invalidProperty(name: string, message: string, error = 'INVALID_OPTION') {
  const detail = [{ isValid: false, message, error, name }];
  return badRequest(`Property values were not valid: ${JSON.stringify(detail)}`, {
    errors: [{ message, code: error, context: { propertyName: [name] } }],
  });
}

/** HubSpot keeps every property value as a string; datetimes as ISO 8601 UTC (see object-types.ts). */
export function normalizeProperties(input: PropertyInput): PropertyValues {
  const out: PropertyValues = {};
  for (const [name, raw] of Object.entries(input ?? {})) {
    if (raw === null || raw === undefined) {
      out[name] = null;
      continue;
    }
    if (typeof raw === 'object') throw invalidProperty(name, `${name} must be a string, number or boolean`);
    const value = String(raw);
    out[name] = isDatetimeProperty(name) && value !== '' ? toIsoDatetime(name, value) : value;
  }
  return out;
}

function toIsoDatetime(name: string, value: string): string {
  const ms = /^-?\d+$/.test(value) ? Number(value) : Date.parse(value);
  if (!Number.isFinite(ms)) throw invalidProperty(name, `${value} is not a valid datetime (epoch milliseconds or ISO 8601)`, 'INVALID_DATE');
  return new Date(ms).toISOString();
}
