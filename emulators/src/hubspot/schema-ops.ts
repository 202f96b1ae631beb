import { alreadyExists, badRequest, HubSpotError } from './errors';
import type { PropertyDefinition, PropertyGroup, PropertyOption, PropertyType } from './model';
import { allowsUniqueValues } from './object-types';
import type { Store } from './store';

/**
 * Property groups and definitions, changed the way the properties API (and a HubSpot admin)
 * changes them. The "ready" account is built with these same operations.
 */

export interface GroupInput {
  name: string;
  label: string;
  displayOrder?: number | undefined;
}

export interface OptionInput {
  label: string;
  value: string;
  displayOrder?: number | undefined;
  hidden?: boolean | undefined;
  description?: string | undefined;
}

export interface PropertyCreateInput {
  name: string;
  label: string;
  type: PropertyType;
  fieldType: string;
  groupName: string;
  description?: string | undefined;
  options?: OptionInput[] | undefined;
  displayOrder?: number | undefined;
  hasUniqueValue?: boolean | undefined;
  hidden?: boolean | undefined;
  formField?: boolean | undefined;
}

export type PropertyPatch = Partial<Omit<PropertyCreateInput, 'name' | 'hasUniqueValue'>>;

/** Field types HubSpot accepts for each property type. */
const FIELD_TYPES: Readonly<Record<PropertyType, readonly string[]>> = {
  string: ['text', 'textarea', 'phonenumber', 'html', 'file'],
  number: ['number'],
  date: ['date'],
  datetime: ['date'],
  enumeration: ['select', 'radio', 'checkbox', 'booleancheckbox'],
  bool: ['booleancheckbox'],
};

/** HubSpot allows at most ten unique-value properties per object type. */
const MAX_UNIQUE_PROPERTIES = 10;
const NAME = /^[a-z][a-z0-9_]{0,99}$/;

function checkName(what: string, name: string): void {
  if (!NAME.test(name)) {
    throw badRequest(`${what} name "${name}" is invalid: use lowercase letters, digits and underscores, starting with a letter (at most 100 characters)`);
  }
  // HubSpot keeps the hs_ prefix for its own properties.
  if (name.startsWith('hs_')) throw badRequest(`${what} name "${name}" is invalid: names starting with "hs_" are reserved for HubSpot`);
}

function checkFieldType(type: PropertyType, fieldType: string): void {
  if (!FIELD_TYPES[type].includes(fieldType)) {
    throw badRequest(`Field type ${fieldType} is not valid for property type ${type}; use one of ${FIELD_TYPES[type].join(', ')}`);
  }
}

function toOptions(name: string, type: PropertyType, options: OptionInput[] | undefined): PropertyOption[] {
  if (type === 'bool') {
    return [
      { label: 'Yes', value: 'true', displayOrder: 0, hidden: false },
      { label: 'No', value: 'false', displayOrder: 1, hidden: false },
    ];
  }
  if (type !== 'enumeration') return [];
  if (!options || options.length === 0) throw badRequest(`Enumeration property ${name} needs options`);
  const seen = new Set<string>();
  return options.map((o, i) => {
    if (o.value === '' || o.value !== o.value.trim() || o.label.trim() === '') {
      throw badRequest(`Option ${i} of ${name} is invalid: value and label must be non-empty, without leading or trailing whitespace`);
    }
    if (seen.has(o.value)) throw badRequest(`Option value "${o.value}" appears twice in ${name}`);
    seen.add(o.value);
    return { label: o.label, value: o.value, displayOrder: o.displayOrder ?? i, hidden: o.hidden ?? false, ...(o.description ? { description: o.description } : {}) };
  });
}

function liveGroup(store: Store, type: string, name: string): PropertyGroup | undefined {
  return store.schema(type).groups.find((g) => g.name === name && !g.archived);
}

export function createGroup(store: Store, type: string, input: GroupInput): PropertyGroup {
  checkName('Property group', input.name);
  const schema = store.schema(type);
  if (schema.groups.some((g) => g.name === input.name)) throw alreadyExists(`A property group named ${input.name} already exists for ${type}.`);
  const group: PropertyGroup = { name: input.name, label: input.label, displayOrder: input.displayOrder ?? -1, archived: false };
  schema.groups.push(group);
  store.changed();
  return group;
}

export function createProperty(store: Store, type: string, input: PropertyCreateInput): PropertyDefinition {
  checkName('Property', input.name);
  checkFieldType(input.type, input.fieldType);
  const schema = store.schema(type);
  if (schema.properties.some((p) => p.name === input.name)) throw alreadyExists(`Property named ${input.name} already exists for ${type}.`);
  if (!liveGroup(store, type, input.groupName)) throw badRequest(`Property group ${input.groupName} does not exist for ${type}.`);
  if (input.hasUniqueValue) {
    if (!allowsUniqueValues(type)) throw badRequest(`Property ${input.name}: ${type} properties cannot require unique values`);
    if (!(input.type === 'string' && input.fieldType === 'text') && input.type !== 'number') {
      throw badRequest(`Property ${input.name}: only single-line text and number properties can require unique values`);
    }
    if (schema.properties.filter((p) => p.hasUniqueValue && !p.archived).length >= MAX_UNIQUE_PROPERTIES) {
      throw badRequest(`${type} already has ${MAX_UNIQUE_PROPERTIES} properties that require unique values`);
    }
  }
  const iso = new Date(store.now()).toISOString();
  const definition: PropertyDefinition = {
    name: input.name,
    label: input.label,
    type: input.type,
    fieldType: input.fieldType,
    groupName: input.groupName,
    description: input.description ?? '',
    options: toOptions(input.name, input.type, input.options),
    displayOrder: input.displayOrder ?? -1,
    hasUniqueValue: input.hasUniqueValue ?? false,
    hidden: input.hidden ?? false,
    formField: input.formField ?? false,
    hubspotDefined: false,
    readOnlyValue: false,
    readOnlyDefinition: false,
    readOnlyOptions: false,
    calculated: false,
    externalOptions: false,
    createdAt: iso,
    updatedAt: iso,
    archived: false,
  };
  schema.properties.push(definition);
  store.changed();
  return definition;
}

export function findProperty(store: Store, type: string, name: string, includeArchived = false): PropertyDefinition {
  const definition = store.property(type, name, includeArchived);
  if (!definition) throw new HubSpotError(404, 'OBJECT_NOT_FOUND', `Unable to find property ${name} for object type ${type}`);
  return definition;
}

/** PATCH: the fields given replace the current ones (options as a whole list). */
export function updateProperty(store: Store, type: string, name: string, patch: PropertyPatch): PropertyDefinition {
  const definition = findProperty(store, type, name);
  const nextType = patch.type ?? definition.type;
  const nextFieldType = patch.fieldType ?? definition.fieldType;
  if ((patch.type !== undefined || patch.fieldType !== undefined) && definition.readOnlyDefinition) {
    if (nextType !== definition.type || nextFieldType !== definition.fieldType) {
      throw badRequest(`Property ${name} is a HubSpot-defined property; its type cannot be changed`);
    }
  }
  checkFieldType(nextType, nextFieldType);
  if (patch.groupName !== undefined && !liveGroup(store, type, patch.groupName)) {
    throw badRequest(`Property group ${patch.groupName} does not exist for ${type}.`);
  }
  if (patch.options !== undefined && (definition.readOnlyOptions || definition.externalOptions)) {
    throw badRequest(`The options of property ${name} cannot be changed`);
  }
  const options =
    patch.options !== undefined || nextType !== definition.type ? toOptions(name, nextType, patch.options ?? definition.options) : definition.options;
  Object.assign(definition, {
    ...(patch.label !== undefined ? { label: patch.label } : {}),
    ...(patch.description !== undefined ? { description: patch.description } : {}),
    ...(patch.groupName !== undefined ? { groupName: patch.groupName } : {}),
    ...(patch.displayOrder !== undefined ? { displayOrder: patch.displayOrder } : {}),
    ...(patch.hidden !== undefined ? { hidden: patch.hidden } : {}),
    ...(patch.formField !== undefined ? { formField: patch.formField } : {}),
    type: nextType,
    fieldType: nextFieldType,
    options,
    updatedAt: new Date(store.now()).toISOString(),
  });
  store.changed();
  return definition;
}

/** DELETE moves a custom property to the recycling bin; HubSpot's own cannot be archived. */
export function archiveProperty(store: Store, type: string, name: string): void {
  const definition = findProperty(store, type, name);
  if (definition.hubspotDefined) throw badRequest(`Property ${name} is a HubSpot-defined property and cannot be archived`);
  const iso = new Date(store.now()).toISOString();
  Object.assign(definition, { archived: true, archivedAt: iso, updatedAt: iso });
  store.changed();
}
