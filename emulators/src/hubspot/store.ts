import { inverseTypeId } from './association-types';
import { badRequest, conflict, objectNotFound } from './errors';
import { STATE_VERSION } from './model';
import { modifiedDateOf } from './object-types';
import type { Association, AssociationCategory, CrmObject, Owner, Pipeline, PropertyDefinition, PropertyValues, StoreState, TypeSchema } from './model';
import { checkInvoiceStatusChange, invoiceCreationDefaults, openedInvoiceValues } from './invoice-rules';
import { checkPipelineStage, checkRequiredOnCreate, creationDefaults, deriveValues, uniqueConflictMessage } from './object-rules';
import { checkProperties, type PropertyInput, type WriteRules } from './property-schema';

export type { PropertyInput } from './property-schema';

export interface AssociationInput {
  toType: string;
  toId: string;
  typeId: number;
  category: AssociationCategory;
}

export interface WriteOptions {
  /** A write by HubSpot itself (control API: the UI, invoicing): read-only values may be set. */
  trusted?: boolean;
}

/** Pipelines and stages created through the API get ids from here: numbers like HubSpot's. */
export const FIRST_CONFIG_ID = 1_700_000_001;

export function emptyState(firstObjectId = 1001): StoreState {
  return {
    version: STATE_VERSION,
    nextId: firstObjectId,
    nextConfigId: FIRST_CONFIG_ID,
    clock: 0,
    objects: {},
    associations: [],
    owners: [],
    pipelines: {},
    schema: {},
  };
}

/**
 * All CRM state of the emulator. Every change goes through here so that it advances
 * hs_lastmodifieddate (an incremental pull relies on it), tells the persistence layer, and
 * tells the search index what each record looked like at each write.
 */
export class Store {
  private state: StoreState = emptyState();
  private readonly changeListeners: Array<() => void> = [];
  private readonly writeListeners: Array<(object: CrmObject) => void> = [];
  /** Writes of the running transaction, told to the write listeners only if it commits. */
  private pending: CrmObject[] | undefined;

  onChange(listener: () => void): void {
    this.changeListeners.push(listener);
  }

  /** Called with a copy of a record after each write that commits. */
  onWrite(listener: (object: CrmObject) => void): void {
    this.writeListeners.push(listener);
  }

  /** Schema, pipeline and owner edits (configuration) tell the persistence layer through here. */
  changed(): void {
    for (const listener of this.changeListeners) listener();
  }

  private written(object: CrmObject): void {
    const copy = structuredClone(object);
    if (this.pending) this.pending.push(copy);
    else for (const listener of this.writeListeners) listener(copy);
  }

  snapshot(): StoreState {
    return structuredClone(this.state);
  }

  load(state: StoreState): void {
    this.state = structuredClone(state);
    this.changed();
  }

  /**
   * Runs `work` all or nothing: if it throws, the state is as before and no write is seen by
   * the search index (a HubSpot request that fails as a whole writes nothing).
   */
  transaction<T>(work: () => T): T {
    if (this.pending) return work();
    const before = this.snapshot();
    this.pending = [];
    try {
      const result = work();
      const writes = this.pending;
      this.pending = undefined;
      for (const object of writes) for (const listener of this.writeListeners) listener(object);
      return result;
    } catch (error) {
      this.pending = undefined;
      this.state = before;
      this.changed();
      throw error;
    }
  }

  /** Strictly increasing milliseconds: two changes in the same millisecond still order. */
  now(): number {
    this.state.clock = Math.max(Date.now(), this.state.clock + 1);
    return this.state.clock;
  }

  takeConfigId(): string {
    return String(this.state.nextConfigId++);
  }

  // --- schema --------------------------------------------------------------------------

  /** The property groups and definitions of a type (mutable: schema operations edit it, then call changed()). */
  schema(type: string): TypeSchema {
    return (this.state.schema[type] ??= { groups: [], properties: [] });
  }

  property(type: string, name: string, includeArchived = false): PropertyDefinition | undefined {
    return this.schema(type).properties.find((p) => p.name === name && (includeArchived || !p.archived));
  }

  /** Unique-value properties of a type: those created with hasUniqueValue, and a contact's e-mail. */
  isUnique(type: string, name: string): boolean {
    if (type === 'contacts' && name === 'email') return true;
    return this.property(type, name)?.hasUniqueValue ?? false;
  }

  private rules(type: string, options: WriteOptions): WriteRules {
    return {
      definition: (name) => this.property(type, name),
      ownerIds: new Set(this.owners().map((o) => o.id)),
      trusted: options.trusted ?? false,
    };
  }

  // --- objects -------------------------------------------------------------------------

  private table(type: string): Record<string, CrmObject> {
    return (this.state.objects[type] ??= {});
  }

  /** Live objects of a type in id order; with `includeArchived`, archived ones too (never merged ones). */
  list(type: string, includeArchived = false): CrmObject[] {
    return Object.values(this.table(type))
      .filter((o) => !o.mergedInto && (includeArchived || !o.archived))
      .sort((a, b) => Number(a.id) - Number(b.id));
  }

  /** Every record of a type ever created, archived and merged ones included. */
  records(type: string): CrmObject[] {
    return Object.values(this.table(type));
  }

  find(type: string, id: string): CrmObject | undefined {
    const found = this.table(type)[id];
    return found && !found.archived && !found.mergedInto ? found : undefined;
  }

  /** Like find, but a merged id leads to the record it was merged into, as HubSpot reads do. */
  resolve(type: string, id: string): CrmObject | undefined {
    let current = this.table(type)[id];
    for (let hops = 0; current?.mergedInto && hops < 100; hops++) current = this.table(type)[current.mergedInto];
    return current && !current.archived && !current.mergedInto ? current : undefined;
  }

  get(type: string, id: string): CrmObject {
    const found = this.find(type, id);
    if (!found) throw objectNotFound(id);
    return found;
  }

  /** Finds by id (`hs_object_id`, following merges) or by a unique property, as `idProperty` does. */
  findBy(type: string, property: string, value: string): CrmObject | undefined {
    if (property === 'hs_object_id' || property === 'id') return this.resolve(type, value);
    const wanted = value.trim().toLowerCase();
    if (wanted === '') return undefined;
    return this.list(type).find((o) => (o.properties[property] ?? '').trim().toLowerCase() === wanted);
  }

  create(type: string, input: PropertyInput, associations: AssociationInput[] = [], options: WriteOptions = {}): CrmObject {
    const properties = checkProperties(input, this.rules(type, options));
    const values: PropertyValues = { ...creationDefaults(type), ...(type === 'invoices' && invoiceCreationDefaults(properties, this.now())), ...properties };
    deriveValues(type, values);
    this.checkUnique(type, properties, undefined);
    checkPipelineStage(type, values, this.pipelines(type));
    checkRequiredOnCreate(type, values);
    for (const a of associations) this.get(a.toType, a.toId);
    const opens = type === 'invoices' && !options.trusted && values.hs_invoice_status !== 'draft';
    if (opens) checkInvoiceStatusChange('draft', values.hs_invoice_status, { contacts: associations.filter((a) => a.toType === 'contacts').length, lineItems: associations.filter((a) => a.toType === 'line_items').length });
    const now = this.now();
    const iso = new Date(now).toISOString();
    const id = String(this.state.nextId++);
    const object: CrmObject = {
      id,
      type,
      properties: { ...values, hs_object_id: id, createdate: values.createdate || iso },
      createdAt: iso,
      updatedAt: iso,
      archived: false,
    };
    stamp(object, now);
    this.table(type)[id] = object;
    for (const a of associations) this.linkRaw(type, id, a, now);
    if (opens && values.hs_invoice_status === 'open') Object.assign(object.properties, this.openedInvoice(id));
    this.written(object);
    this.changed();
    return object;
  }

  update(type: string, id: string, input: PropertyInput, options: WriteOptions = {}): CrmObject {
    const object = this.get(type, id);
    const properties = checkProperties(input, this.rules(type, options));
    this.checkUnique(type, properties, id);
    const next = { ...object.properties, ...properties };
    deriveValues(type, next);
    checkPipelineStage(type, next, this.pipelines(type));
    if (type === 'invoices' && !options.trusted && next.hs_invoice_status !== object.properties.hs_invoice_status) {
      checkInvoiceStatusChange(object.properties.hs_invoice_status, next.hs_invoice_status, {
        contacts: this.associationsFrom(type, id, 'contacts').length,
        lineItems: this.associationsFrom(type, id, 'line_items').length,
      });
      if (next.hs_invoice_status === 'open') Object.assign(next, this.openedInvoice(id));
    }
    object.properties = next;
    stamp(object, this.now());
    this.written(object);
    this.changed();
    return object;
  }

  /** Where invoice links point: the emulator's own address, once it listens. */
  linkBase = 'http://127.0.0.1';

  /** What HubSpot sets on an invoice as it opens (invoice-rules.ts): its number, the line items' total, its links. */
  private openedInvoice(id: string): PropertyValues {
    const amounts = this.associationsFrom('invoices', id, 'line_items').map((a) => this.find('line_items', a.toId)?.properties.amount);
    const number = `INV-${1000 + this.list('invoices', true).filter((i) => i.properties.hs_number).length + 1}`;
    return openedInvoiceValues(id, amounts, this.find('invoices', id)?.properties.hs_number || number, this.linkBase);
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
    this.written(object);
    this.changed();
  }

  /** The merged record leaves every list and search; reads of its id lead to `intoId` (see merge.ts). */
  markMerged(type: string, id: string, intoId: string): void {
    const object = this.get(type, id);
    object.mergedInto = intoId;
    stamp(object, this.now());
    this.written(object);
    this.changed();
  }

  private checkUnique(type: string, properties: PropertyValues, selfId: string | undefined): void {
    for (const [name, value] of Object.entries(properties)) {
      if (value == null || value === '' || !this.isUnique(type, name)) continue;
      const existing = this.findBy(type, name, value);
      if (existing && existing.id !== selfId) throw conflict(uniqueConflictMessage(type, name, value, existing.id), existing.id);
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
    for (const [type, id] of [[fromType, fromId], [input.toType, input.toId]] as const) {
      const object = this.find(type, id);
      if (object) {
        stamp(object, now);
        this.written(object);
      }
    }
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
      if (o) {
        stamp(o, now);
        this.written(o);
      }
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

  addOwner(input: { email: string; firstName: string; lastName: string; id?: string; userId?: number }): Owner {
    const iso = new Date(this.now()).toISOString();
    const id = input.id ?? String(this.state.nextId++);
    if (this.state.owners.some((o) => o.id === id)) throw badRequest(`owner ${id} already exists`);
    const owner: Owner = {
      id,
      email: input.email,
      firstName: input.firstName,
      lastName: input.lastName,
      userId: input.userId ?? 9_000_000 + Number(id),
      createdAt: iso,
      updatedAt: iso,
      archived: false,
    };
    this.state.owners.push(owner);
    this.changed();
    return owner;
  }

  /** A deactivated user: its owner is archived, listed only with `archived=true`. */
  archiveOwner(id: string): Owner {
    const owner = this.state.owners.find((o) => o.id === id && !o.archived);
    if (!owner) throw objectNotFound(id);
    owner.archived = true;
    owner.updatedAt = new Date(this.now()).toISOString();
    this.changed();
    return owner;
  }

  /** The pipelines of a type (mutable: pipeline operations edit them, then call changed()). */
  pipelines(type: string): Pipeline[] {
    return (this.state.pipelines[type] ??= []);
  }
}

function sameAssociation(a: Association, b: Association): boolean {
  return a.fromType === b.fromType && a.fromId === b.fromId && a.toType === b.toType && a.toId === b.toId && a.typeId === b.typeId;
}

/**
 * Every write moves the record's modified date: its type's own property (contacts
 * `lastmodifieddate`, the others `hs_lastmodifieddate`). A contact's `hs_lastmodifieddate` is
 * left empty, so a contacts search filtered or sorted on it finds nothing, as integrators report
 * of HubSpot.
 */
function stamp(object: CrmObject, now: number): void {
  const iso = new Date(now).toISOString();
  object.updatedAt = iso;
  object.properties[modifiedDateOf(object.type)] = iso;
  if (object.type === 'contacts') delete object.properties.hs_lastmodifieddate;
}
