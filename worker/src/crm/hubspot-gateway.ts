import type { Client } from '@hubspot/api-client';
import { AssociationSpecAssociationCategoryEnum } from '@hubspot/api-client/lib/codegen/crm/objects/models/AssociationSpec.js';
import { FilterOperatorEnum } from '@hubspot/api-client/lib/codegen/crm/objects/models/Filter.js';
import { failureToError } from '../jobs/job-errors';
import { classifyHubSpotError } from './hubspot-client';
import type { RequestBudget } from './request-budget';

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

/** HubSpot answered 409: the unique property (e-mail or app_request_id) is taken. */
export class HubSpotConflictError extends Error {}

export function chunks<T>(items: readonly T[], size = HUBSPOT_BATCH_SIZE): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * The HubSpot calls the jobs make. Each takes a slot of the shared request budget first and
 * turns failures into what BullMQ should do (see job-errors.ts); a 409 surfaces as
 * HubSpotConflictError because callers resolve it by looking the object up.
 */
export function createHubSpotGateway(client: Client, budget: RequestBudget) {
  async function call<T>(what: string, request: () => Promise<T>): Promise<T> {
    await budget.take();
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

    /**
     * Objects modified after `since` (ISO instant; all when null), oldest change first, every
     * page. HubSpot's search stops at 10,000 results; the caller's cursor moves past them.
     */
    async searchChangedSince(type: ObjectType, since: string | null, properties: readonly string[]): Promise<HubSpotRecord[]> {
      const records: HubSpotRecord[] = [];
      let after: string | undefined;
      do {
        const page = await call(`search changed ${type}`, () =>
          client.crm.objects.searchApi.doSearch(type, {
            // GTE, not GT: a change in the same millisecond as the cursor is read again (applying it twice is harmless).
            filterGroups: since ? [{ filters: [{ propertyName: 'hs_lastmodifieddate', operator: FilterOperatorEnum.Gte, value: since }] }] : [],
            sorts: ['hs_lastmodifieddate'],
            properties: [...properties, 'hs_lastmodifieddate'],
            limit: HUBSPOT_BATCH_SIZE,
            ...(after ? { after } : {}),
          }),
        );
        records.push(...page.results.map((r) => ({ id: r.id, properties: r.properties })));
        after = page.paging?.next?.after;
      } while (after && records.length < 10_000);
      return records;
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

    async listOwners(): Promise<HubSpotOwner[]> {
      const owners: HubSpotOwner[] = [];
      let after: string | undefined;
      do {
        const page = await call('list owners', () => client.crm.owners.ownersApi.getPage(undefined, after, 100, false));
        owners.push(
          ...page.results.map((o) => ({ id: o.id, email: o.email ?? null, firstName: o.firstName ?? null, lastName: o.lastName ?? null, archived: o.archived })),
        );
        after = page.paging?.next?.after;
      } while (after);
      return owners;
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
  };
}

export type HubSpotGateway = ReturnType<typeof createHubSpotGateway>;
