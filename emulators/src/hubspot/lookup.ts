import { badRequest, objectNotFound } from './errors';
import type { CrmObject } from './model';
import type { Store } from './store';

/**
 * `idProperty` must name a property with unique values (a contact's e-mail, or one created
 * with hasUniqueValue); HubSpot refuses any other with 400. Absent or hs_object_id means ids.
 */
export function checkIdProperty(store: Store, type: string, idProperty: string | null | undefined): void {
  if (!idProperty || idProperty === 'hs_object_id') return;
  if (!store.property(type, idProperty)) throw badRequest(`Unable to find property ${idProperty} for object type ${type}: idProperty must be a unique-value property`);
  if (!store.isUnique(type, idProperty)) {
    throw badRequest(`Property ${idProperty} is not a unique-value property of ${type}; idProperty must name a property with hasUniqueValue`);
  }
}

/** The record an id (or unique value) names; a merged id answers the record it was merged into. */
export function lookUp(store: Store, type: string, id: string, idProperty: string | null | undefined): CrmObject {
  checkIdProperty(store, type, idProperty);
  const found = store.findBy(type, idProperty || 'hs_object_id', id);
  if (!found) throw objectNotFound(id);
  return found;
}
