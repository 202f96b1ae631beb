import { badRequest, objectNotFound } from './errors';
import type { CrmObject } from './model';
import { MERGEABLE_TYPES } from './object-types';
import type { Store } from './store';

/**
 * Merging two records, as HubSpot does it: the merged record leaves lists and search, its
 * associations move to the primary record, the primary's `hs_merged_object_ids` gains the
 * merged id (and any ids merged into it before), empty values of the primary are filled from
 * the merged record (a contact also keeps the merged e-mail in `hs_additional_emails`), and
 * reading the merged id answers the primary record.
 */
export function mergeObjects(store: Store, type: string, primaryId: string, mergedId: string): CrmObject {
  if (!MERGEABLE_TYPES.has(type)) throw badRequest(`Records of type ${type} cannot be merged`);
  if (primaryId === mergedId) throw badRequest('primaryObjectId and objectIdToMerge must be different records');
  return store.transaction(() => {
    const primary = store.find(type, primaryId);
    const merged = store.find(type, mergedId);
    if (!primary) throw objectNotFound(primaryId);
    if (!merged) throw objectNotFound(mergedId);

    for (const a of store.associationsFrom(type, mergedId)) {
      store.dissociate(type, mergedId, a.toType, a.toId);
      if (a.toType === type && a.toId === primaryId) continue;
      if (store.find(a.toType, a.toId)) store.associate(type, primaryId, { toType: a.toType, toId: a.toId, typeId: a.typeId, category: a.category });
    }

    const ids = [primary.properties.hs_merged_object_ids, mergedId, merged.properties.hs_merged_object_ids]
      .flatMap((v) => (v ?? '').split(';'))
      .filter((v, i, all) => v !== '' && all.indexOf(v) === i);
    const filled: Record<string, string> = {};
    for (const [name, value] of Object.entries(merged.properties)) {
      const definition = store.property(type, name);
      const current = primary.properties[name];
      if (!definition || definition.readOnlyValue || value == null || value === '' || (current != null && current !== '')) continue;
      filled[name] = value;
    }
    // A contact keeps the merged contact's e-mail addresses as additional ones.
    if (type === 'contacts') {
      const emails = [primary.properties.hs_additional_emails, merged.properties.email, merged.properties.hs_additional_emails]
        .flatMap((v) => (v ?? '').split(';'))
        .filter((v, i, all) => v !== '' && v !== primary.properties.email && all.indexOf(v) === i);
      if (emails.length > 0) filled.hs_additional_emails = emails.join(';');
    }
    // The merged record is gone before the primary takes its unique values.
    store.markMerged(type, mergedId, primaryId);
    return store.update(type, primaryId, { ...filled, hs_merged_object_ids: ids.join(';') }, { trusted: true });
  });
}
