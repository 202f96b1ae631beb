import type { PropertyDefinition, PropertyGroup, PropertyOption } from './model';
import type { Store } from './store';

/**
 * Options of properties whose choices live elsewhere: deal and ticket pipelines and stages
 * come from the pipelines, `hubspot_owner_id` from the owners, as HubSpot lists them.
 */
function externalOptions(store: Store, type: string, definition: PropertyDefinition): PropertyOption[] {
  const option = (value: string, label: string, displayOrder: number): PropertyOption => ({ value, label, displayOrder, hidden: false });
  const pipelines = store.pipelines(type).filter((p) => !p.archived);
  if (definition.name === 'dealstage' || definition.name === 'hs_pipeline_stage') {
    return pipelines.flatMap((p) => p.stages.filter((s) => !s.archived).map((s) => option(s.id, s.label, s.displayOrder)));
  }
  if (definition.name === 'pipeline' || definition.name === 'hs_pipeline') return pipelines.map((p) => option(p.id, p.label, p.displayOrder));
  if (definition.referencedObjectType === 'OWNER') {
    return store.owners().map((o, i) => option(o.id, `${o.firstName} ${o.lastName}`.trim() || o.email, i));
  }
  return definition.options;
}

/** A property as the properties API answers it (the SDK's `Property`). */
export function presentProperty(store: Store, type: string, definition: PropertyDefinition): Record<string, unknown> {
  return {
    name: definition.name,
    label: definition.label,
    type: definition.type,
    fieldType: definition.fieldType,
    description: definition.description,
    groupName: definition.groupName,
    options: externalOptions(store, type, definition).map((o) => ({ ...o })),
    displayOrder: definition.displayOrder,
    calculated: definition.calculated,
    externalOptions: definition.externalOptions,
    hasUniqueValue: definition.hasUniqueValue,
    hidden: definition.hidden,
    hubspotDefined: definition.hubspotDefined,
    formField: definition.formField,
    ...(definition.referencedObjectType ? { referencedObjectType: definition.referencedObjectType } : {}),
    ...(definition.showCurrencySymbol ? { showCurrencySymbol: true } : {}),
    modificationMetadata: {
      archivable: !definition.hubspotDefined,
      readOnlyDefinition: definition.readOnlyDefinition,
      readOnlyValue: definition.readOnlyValue,
      readOnlyOptions: definition.readOnlyOptions,
    },
    dataSensitivity: 'non_sensitive',
    createdAt: definition.createdAt,
    updatedAt: definition.updatedAt,
    archived: definition.archived,
    ...(definition.archivedAt ? { archivedAt: definition.archivedAt } : {}),
  };
}

export function presentGroup(group: PropertyGroup): Record<string, unknown> {
  return { name: group.name, label: group.label, displayOrder: group.displayOrder, archived: group.archived };
}
