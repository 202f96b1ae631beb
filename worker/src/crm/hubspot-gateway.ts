import type { Client } from '@hubspot/api-client';
import { AssociationSpecAssociationCategoryEnum } from '@hubspot/api-client/lib/codegen/crm/objects/models/AssociationSpec.js';
import { FilterOperatorEnum } from '@hubspot/api-client/lib/codegen/crm/objects/models/Filter.js';
import { failureToError } from '../jobs/job-errors';
import { changedSearchBody, firstChangedQuery, modifiedMillis, nextChangedQuery, SEARCH_PAGE_SIZE, type ChangedQuery } from './changed-search';
import { classifyHubSpotError } from './hubspot-client';
import { searchBudgetInFront, type HubSpotBudgets, type RequestBudget } from './request-budget';

/** HubSpot's batch endpoints take at most 100 inputs; search IN filters at most 100 values. */
export const HUBSPOT_BATCH_SIZE = 100;

export type ObjectType = 'contacts' | 'deals' | 'line_items' | 'tickets' | 'invoices';
export type Properties = Record<string, string>;

export interface HubSpotRecord {
  id: string;
  properties: Record<string, string | null>;
}

export interface HubSpotOwner {
  id: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  archived: boolean;
}

export interface NewObject {
  properties: Properties;
  /** Inline associations: the other object's HubSpot id and the HUBSPOT_DEFINED type id. */
  associations?: readonly { toId: string; typeId: number }[];
}

/**
 * What a batch read of ids found. HubSpot answers a merged (secondary) id with the primary
 * record, whose hs_merged_object_ids lists the ids merged into it; an id it no longer has
 * (deleted) comes back in a 207's OBJECT_NOT_FOUND error.
 */
export interface IdCheck {
  /** Requested id → its record (still there under that id). */
  live: Map<string, HubSpotRecord>;
  /** Requested id → the primary record it was merged into. */
  merged: Map<string, HubSpotRecord>;
  /** Ids HubSpot says it does not have. */
  missing: string[];
  /** Ids neither answered nor reported missing (never acted on). */
  unresolved: string[];
}

/** HubSpot answered 409: the unique property (e-mail or app_request_id) is taken. */
export class HubSpotConflictError extends Error {}

export function chunks<T>(items: readonly T[], size = HUBSPOT_BATCH_SIZE): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Ids listed in a record's hs_merged_object_ids (HubSpot separates them with semicolons). */
export function mergedIdsOf(record: HubSpotRecord): string[] {
  return (record.properties.hs_merged_object_ids ?? '').split(';').map((id) => id.trim()).filter(Boolean);
}

/**
 * The HubSpot calls the jobs make. Each takes a slot of the shared request budget first (a
 * search: of the account's and the search limit's together) and turns failures into what
 * BullMQ should do (see job-errors.ts); a 409 surfaces as HubSpotConflictError because callers
 * resolve it by looking the object up. Given only an account budget, searches are held to
 * the search limit within this process (see searchBudgetInFront).
 */
export function createHubSpotGateway(client: Client, budget: RequestBudget | HubSpotBudgets) {
  const budgets: HubSpotBudgets = 'take' in budget ? searchBudgetInFront(budget) : budget;
  async function call<T>(what: string, request: () => Promise<T>, slot: RequestBudget = budgets.request): Promise<T> {
    await slot.take();
    try {
      return await request();
    } catch (error) {
      const failure = classifyHubSpotError(error);
      if (failure.kind === 'conflict') throw new HubSpotConflictError(`${what}: ${failure.message}`);
      throw failureToError(failure, what);
    }
  }

  const toInput = (object: NewObject) => ({
    properties: object.properties,
    associations: (object.associations ?? []).map((a) => ({
      to: { id: a.toId },
      types: [{ associationCategory: AssociationSpecAssociationCategoryEnum.HubspotDefined, associationTypeId: a.typeId }],
    })),
  });

  return {
    /** Creates or updates contacts by e-mail (one request per 100); returns e-mail → HubSpot id. */
    async upsertContactsByEmail(contacts: readonly { email: string; properties: Properties }[]): Promise<Map<string, string>> {
      const ids = new Map<string, string>();
      for (const chunk of chunks(contacts)) {
        const response = await call('upsert contacts', () =>
          client.crm.objects.batchApi.upsert('contacts', {
            inputs: chunk.map((c) => ({ idProperty: 'email', id: c.email, properties: c.properties })),
          }),
        );
        for (const result of response.results) {
          const email = result.properties.email?.toLowerCase();
          if (email) ids.set(email, result.id);
        }
      }
      return ids;
    },

    /** Objects whose `property` has one of `values` (one search per 100 values, all pages): value → id. */
    async findIdsByProperty(type: ObjectType, property: string, values: readonly string[]): Promise<Map<string, string>> {
      const found = new Map<string, string>();
      for (const chunk of chunks(values)) {
        let after: string | undefined;
        do {
          const page = await call(`search ${type}`, () =>
            client.crm.objects.searchApi.doSearch(type, {
              filterGroups: [{ filters: [{ propertyName: property, operator: FilterOperatorEnum.In, values: chunk }] }],
              properties: [property],
              limit: HUBSPOT_BATCH_SIZE,
              ...(after ? { after } : {}),
            }),
            budgets.search,
          );
          for (const result of page.results) {
            const value = result.properties[property];
            if (value) found.set(value, result.id);
          }
          after = page.paging?.next?.after;
        } while (after);
      }
      return found;
    },

    /** Objects by id with the given properties, 100 per request. */
    async readBatch(type: ObjectType, ids: readonly string[], properties: readonly string[]): Promise<HubSpotRecord[]> {
      const records: HubSpotRecord[] = [];
      for (const chunk of chunks(ids)) {
        const response = await call(`read ${type}`, () =>
          client.crm.objects.batchApi.read(type, { inputs: chunk.map((id) => ({ id })), properties: [...properties], propertiesWithHistory: [] }),
        );
        records.push(...response.results.map((r) => ({ id: r.id, properties: r.properties })));
      }
      return records;
    },

    /** For each `from` object, the ids of its `to` objects (v4 associations, 100 per request). */
    async associatedIds(from: ObjectType, to: ObjectType, ids: readonly string[]): Promise<Map<string, string[]>> {
      const map = new Map<string, string[]>();
      for (const chunk of chunks(ids)) {
        const response = await call(`read ${from}->${to} associations`, () =>
          client.crm.associations.v4.batchApi.getPage(from, to, { inputs: chunk.map((id) => ({ id })) }),
        );
        // The SDK types toObjectId as a string; the API sends numbers.
        for (const result of response.results) map.set(String(result._from.id), result.to.map((t) => String(t.toObjectId)));
      }
      return map;
    },

    /**
     * Every owner, active and archived (HubSpot lists them apart: a deactivated user's owner is
     * only in the archived list). An id in both counts as active.
     */
    async listOwners(): Promise<HubSpotOwner[]> {
      const byId = new Map<string, HubSpotOwner>();
      for (const archived of [true, false]) {
        let after: string | undefined;
        do {
          const page = await call(`list ${archived ? 'archived ' : ''}owners`, () => client.crm.owners.ownersApi.getPage(undefined, after, 100, archived));
          for (const o of page.results) {
            byId.set(o.id, { id: o.id, email: o.email ?? null, firstName: o.firstName ?? null, lastName: o.lastName ?? null, archived });
          }
          after = page.paging?.next?.after;
        } while (after);
      }
      return [...byId.values()];
    },

    /**
     * The object whose `app_request_id` is `object.properties.app_request_id`, created if
     * HubSpot has none yet (idempotent: a retry finds what an earlier attempt created).
     */
    async findOrCreate(type: ObjectType, object: NewObject): Promise<string> {
      const key = object.properties.app_request_id;
      if (!key) throw new Error('findOrCreate needs an app_request_id');
      const find = async () => (await this.findIdsByProperty(type, 'app_request_id', [key])).get(key);
      const existing = await find();
      if (existing) return existing;
      try {
        const [id] = await this.createBatch(type, [object]);
        if (id) return id;
      } catch (error) {
        if (!(error instanceof HubSpotConflictError)) throw error;
      }
      // Created meanwhile by another attempt (409), or not returned: look it up once more.
      const created = await find();
      if (!created) throw new Error(`${type} ${key}: created but not found; will retry`);
      return created;
    },

    /** Sets properties of one object (PATCH); setting a value twice is harmless. */
    async updateObject(type: ObjectType, id: string, properties: Properties): Promise<void> {
      await call(`update ${type} ${id}`, () => client.crm.objects.basicApi.update(type, id, { properties }));
    },

    /** Creates objects, 100 per request; returns their ids in input order. */
    async createBatch(type: ObjectType, objects: readonly NewObject[]): Promise<string[]> {
      const ids: string[] = [];
      for (const chunk of chunks(objects)) {
        const response = await call(`create ${type}`, () => client.crm.objects.batchApi.create(type, { inputs: chunk.map(toInput) }));
        // Batch results are not guaranteed to come back in input order; match them by our key.
        const byKey = new Map(response.results.map((r) => [r.properties.app_request_id ?? '', r.id]));
        for (const object of chunk) ids.push(byKey.get(object.properties.app_request_id ?? '') ?? '');
      }
      return ids;
    },

    /**
     * Objects modified at or after `from` (epoch ms; all when null), oldest change first, one
     * page (up to 200) at a time, however many there are: the filter's lower bound moves
     * instead of `after`, which HubSpot refuses past 10,000 results (see changed-search.ts).
     * A record is yielded once per version.
     */
    async *changedPages(type: ObjectType, from: number | null, properties: readonly string[]): AsyncGenerator<HubSpotRecord[]> {
      const yielded = new Set<string>();
      for (let query: ChangedQuery | null = firstChangedQuery(from); query; ) {
        const current: ChangedQuery = query;
        const page = await call(
          `search changed ${type}`,
          () =>
            client.crm.objects.searchApi.doSearch(type, {
              ...changedSearchBody(current),
              properties: [...properties, 'hs_lastmodifieddate'],
              limit: SEARCH_PAGE_SIZE,
            }),
          budgets.search,
        );
        const records = page.results.map((r) => ({ id: r.id, properties: r.properties }));
        const keys = records.map((r) => ({ id: r.id, modifiedAt: modifiedMillis(r.properties.hs_lastmodifieddate) ?? 0 }));
        const fresh = records.filter((r, i) => {
          const key = `${r.id}@${keys[i]?.modifiedAt}`;
          if (yielded.has(key)) return false;
          yielded.add(key);
          return true;
        });
        if (fresh.length > 0) yield fresh;
        query = nextChangedQuery(current, keys, page.paging?.next?.after !== undefined);
      }
    },

    /**
     * Checks ids against HubSpot with batch read (100 per request): which are still there,
     * which were merged into another record (and which), which are gone. `properties` are
     * read for the live and primary records.
     */
    async checkIds(type: ObjectType, ids: readonly string[], properties: readonly string[]): Promise<IdCheck> {
      const check: IdCheck = { live: new Map(), merged: new Map(), missing: [], unresolved: [] };
      for (const chunk of chunks([...new Set(ids)])) {
        const response = await call(`check ${type} ids`, () =>
          client.crm.objects.batchApi.read(type, {
            inputs: chunk.map((id) => ({ id })),
            properties: [...new Set([...properties, 'hs_lastmodifieddate', 'hs_merged_object_ids'])],
            propertiesWithHistory: [],
          }),
        );
        const requested = new Set(chunk);
        const records = response.results.map((r) => ({ id: r.id, properties: r.properties }));
        for (const record of records) if (requested.has(record.id)) check.live.set(record.id, record);
        for (const record of records) {
          for (const id of mergedIdsOf(record)) if (requested.has(id) && !check.live.has(id)) check.merged.set(id, record);
        }
        const missing = new Set<string>();
        for (const error of 'errors' in response ? (response.errors ?? []) : []) {
          if (error.category !== 'OBJECT_NOT_FOUND') continue;
          for (const id of error.context?.ids ?? []) if (requested.has(id) && !check.live.has(id) && !check.merged.has(id)) missing.add(id);
        }
        check.missing.push(...missing);
        check.unresolved.push(...chunk.filter((id) => !check.live.has(id) && !check.merged.has(id) && !missing.has(id)));
      }
      return check;
    },
  };
}

export type HubSpotGateway = ReturnType<typeof createHubSpotGateway>;
