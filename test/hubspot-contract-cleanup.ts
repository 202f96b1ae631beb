import type { Client } from '@hubspot/api-client';
import type { RequestBudget } from '../worker/src/crm/request-budget';
import { chunks, type ObjectType } from '../worker/src/crm/hubspot-gateway';

/**
 * What a contract run creates in a HubSpot account, by the keys it gave: our id in
 * `app_request_id` (deals, line items) or the e-mail (contacts), each carrying the run's marker.
 * Registered before the request that creates it, so a run that fails half-way (an answer lost, an
 * assertion failed) still finds and archives what reached HubSpot. Only records found by these
 * keys, or ids HubSpot gave this run, are ever archived.
 */
export interface CreatedRecords {
  withRequestId(type: ObjectType, key: string): void;
  contact(email: string): void;
  /** The ids of the run's records that HubSpot still holds (not archived), found by their keys. */
  find(): Promise<Map<ObjectType, string[]>>;
  /** Archives everything found; throws naming what could not be archived. Safe to call twice. */
  archiveAll(): Promise<void>;
}

// Line items first: archiving a deal leaves its line items orphaned but alive.
const ARCHIVE_ORDER: readonly ObjectType[] = ['line_items', 'deals', 'tickets', 'contacts'];

export function createdRecords(client: Client, budget: RequestBudget): CreatedRecords {
  const keys = new Map<ObjectType, { idProperty: string; values: Set<string> }>();
  const remember = (type: ObjectType, idProperty: string, value: string) => {
    const entry = keys.get(type) ?? { idProperty, values: new Set<string>() };
    entry.values.add(value);
    keys.set(type, entry);
  };

  async function idsOf(type: ObjectType): Promise<string[]> {
    const entry = keys.get(type);
    if (!entry) return [];
    const ids: string[] = [];
    for (const chunk of chunks([...entry.values])) {
      await budget.take();
      // A batch read by a unique property: exact, and not subject to search's index lag. Keys
      // HubSpot does not know come back as a 207 error entry, which is fine here.
      const response = await client.crm.objects.batchApi
        .read(type, { idProperty: entry.idProperty, inputs: chunk.map((id) => ({ id })), properties: [entry.idProperty], propertiesWithHistory: [] })
        // Should HubSpot answer 404 when it knows none of the keys, that too means "nothing to archive".
        .catch((error: unknown) => {
          if ((error as { code?: unknown }).code === 404) return { results: [] };
          throw error;
        });
      ids.push(...response.results.map((r) => r.id));
    }
    return ids;
  }

  async function find(): Promise<Map<ObjectType, string[]>> {
    const found = new Map<ObjectType, string[]>();
    for (const type of ARCHIVE_ORDER) {
      const ids = await idsOf(type);
      if (ids.length > 0) found.set(type, ids);
    }
    return found;
  }

  return {
    withRequestId: (type, key) => remember(type, 'app_request_id', key),
    contact: (email) => remember('contacts', 'email', email),
    find,
    async archiveAll() {
      const left: string[] = [];
      for (const type of ARCHIVE_ORDER) {
        let ids: string[];
        try {
          ids = await idsOf(type);
        } catch (error) {
          left.push(`${type} with keys ${[...(keys.get(type)?.values ?? [])].join(', ')} (${String(error)})`);
          continue;
        }
        for (const chunk of chunks(ids)) {
          try {
            await budget.take();
            await client.crm.objects.batchApi.archive(type, { inputs: chunk.map((id) => ({ id })) });
          } catch (error) {
            left.push(`${type} ${chunk.join(', ')} (${String(error)})`);
          }
        }
      }
      if (left.length > 0) throw new Error(`the contract run could not archive what it created; archive by hand: ${left.join('; ')}`);
    },
  };
}
