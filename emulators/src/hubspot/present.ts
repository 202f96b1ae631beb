import { defaultTypeId } from './association-types';
import type { CrmObject } from './model';
import { alwaysReturned, defaultProperties, singular } from './object-types';
import type { Store } from './store';

export interface PresentOptions {
  properties?: string[] | undefined;
  associations?: string[] | undefined;
}

/**
 * An object as CRM v3 answers it: the asked-for properties (null when empty) plus the ones
 * HubSpot always adds. Names the account has no property for are left out, as HubSpot ignores
 * them on read.
 */
export function presentObject(store: Store, object: CrmObject, options: PresentOptions = {}): Record<string, unknown> {
  const known = (name: string) => store.property(object.type, name) !== undefined;
  const names = options.properties?.length
    ? [...new Set([...options.properties.filter(known), ...alwaysReturned(object.type)])]
    : defaultProperties(object.type).filter(known);
  const properties: Record<string, string | null> = {};
  for (const name of names) properties[name] = object.properties[name] ?? null;
  const out: Record<string, unknown> = {
    id: object.id,
    properties,
    createdAt: object.createdAt,
    updatedAt: object.updatedAt,
    archived: object.archived,
  };
  if (object.archivedAt) out.archivedAt = object.archivedAt;
  if (options.associations?.length) {
    const associations: Record<string, { results: Array<{ id: string; type: string }> }> = {};
    for (const toType of options.associations) {
      const results = store.associationsFrom(object.type, object.id, toType).map((a) => ({
        id: a.toId,
        type:
          a.typeId === defaultTypeId(object.type, toType)
            ? `${singular(object.type)}_to_${singular(toType)}`
            : `${singular(object.type)}_to_${singular(toType)}_${a.typeId}`,
      }));
      if (results.length > 0) associations[toType] = { results };
    }
    if (Object.keys(associations).length > 0) out.associations = associations;
  }
  return out;
}

/** The envelope of every batch answer. */
export function batchEnvelope(startedAt: string, results: unknown[], errors: unknown[] = []): Record<string, unknown> {
  return {
    status: 'COMPLETE',
    results,
    ...(errors.length > 0 ? { numErrors: errors.length, errors } : {}),
    startedAt,
    completedAt: new Date().toISOString(),
  };
}
