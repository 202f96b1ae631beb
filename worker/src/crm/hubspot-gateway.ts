import { AssociationSpecAssociationCategoryEnum } from '@hubspot/api-client/lib/codegen/crm/objects/models/AssociationSpec.js';
import { UnrecoverableError } from 'bullmq';
import { DailyLimitError, failureToError } from '../jobs/job-errors';
import { emptyOutcome, mergeOutcomes, sortBatchAnswer, type BatchError, type InputFailure, type WriteOutcome } from './batch-outcome';
import { changedSearchBody, firstChangedQuery, nextChangedQuery, SEARCH_PAGE_SIZE, type ChangedQuery } from './changed-search';
import { parseAssociationBatch } from './association-batch';
import { classifyHubSpotError, type HubSpotClient } from './hubspot-client';
import { HUBSPOT_DATE_PATHS } from './hubspot-versions';
import { modifiedAtOf, modifiedDateProperty } from './modified-date';
import { HubSpotRefusedError, refusalOf } from './hubspot-refused-error';
import { searchBudgetInFront, type DailyBudget, type HubSpotBudgets, type RequestBudget } from './request-budget';

/** HubSpot's batch endpoints take at most 100 inputs; search IN filters at most 100 values. */
export const HUBSPOT_BATCH_SIZE = 100;

/** HubSpot's HUBSPOT_DEFINED association type of a note to each record a note is made on. */
const NOTE_TO = { deals: 214, tickets: 228 } as const;

/** A record a note is made on: a deal or a ticket, by its HubSpot id. */
export interface NoteTarget {
  type: keyof typeof NOTE_TO;
  id: string;
}

export type ObjectType = 'contacts' | 'companies' | 'deals' | 'line_items' | 'tickets' | 'invoices' | ActivityType | 'communications' | 'emails';
/** HubSpot's activity (engagement) objects the customer page shows. */
export type ActivityType = 'notes' | 'tasks' | 'calls' | 'meetings';
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

/** Sends one HubSpot request: a slot of the shared budget first, then failures sorted for BullMQ. */
export type HubSpotCall = <T>(what: string, request: () => Promise<T>, slot?: RequestBudget) => Promise<T>;

/** HubSpot's list of the ids merged into a record, on the types HubSpot merges (its merge API: contacts, companies, deals, tickets). */
export const MERGED_IDS = 'hs_merged_object_ids';
export const MERGEABLE_TYPES: ReadonlySet<ObjectType> = new Set(['contacts', 'companies', 'deals', 'tickets']);

/** Ids listed in a record's hs_merged_object_ids (HubSpot separates them with semicolons). */
export function mergedIdsOf(record: HubSpotRecord): string[] {
  return (record.properties[MERGED_IDS] ?? '').split(';').map((id) => id.trim()).filter(Boolean);
}

/** Without a daily budget to say when the account's day ends, a DAILY 429 is tried again after this long. */
const DAILY_LIMIT_RECHECK_MS = 15 * 60_000;

/**
 * The one way HubSpot requests are sent: each takes a slot of the shared request budget first
 * (a search names the search budget, which takes the account's slot too; with a daily budget the
 * slot also counts the request against the account's day, or refuses it) and turns failures
 * into what BullMQ should do (see job-errors.ts); a 409 surfaces as HubSpotConflictError
 * because callers resolve it by looking the object up, and a refusal as HubSpotRefusedError
 * (unrecoverable, with HubSpot's category and the scopes a 403 names). HubSpot's 429 for the
 * daily limit marks the day spent, so every worker stops sending until the account's next day.
 */
export function createHubSpotCall(budget: RequestBudget, daily?: DailyBudget): HubSpotCall {
  return async (what, request, slot = budget) => {
    await slot.take();
    try {
      return await request();
    } catch (error) {
      const failure = classifyHubSpotError(error);
      if (failure.kind === 'conflict') throw new HubSpotConflictError(`${what}: ${failure.message}`);
      if (failure.kind === 'daily-limit') {
        const resumeAt = daily ? await daily.spent() : Date.now() + DAILY_LIMIT_RECHECK_MS;
        throw new DailyLimitError(resumeAt, `${what}: HubSpot's daily limit is spent (${failure.message})`);
      }
      if (failure.kind === 'permanent') {
        const { category, requiredScopes } = refusalOf(error && typeof error === 'object' ? (error as { body?: unknown }).body : undefined);
        throw new HubSpotRefusedError(what, failure.status, failure.message, category, requiredScopes);
      }
      throw failureToError(failure, what);
    }
  };
}

export function chunks<T>(items: readonly T[], size = HUBSPOT_BATCH_SIZE): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * The HubSpot calls the jobs make. Writes are answered input by input (WriteOutcome): a batch
 * that HubSpot answers in part is never taken for a whole success. Records we create carry our
 * own id in the unique property `app_request_id` and are found by it with a batch read, never by
 * search (HubSpot's search index lags writes by seconds, so a retry could not see what it made).
 */
export function createHubSpotGateway(client: HubSpotClient, budget: RequestBudget | HubSpotBudgets) {
  // Given only an account budget, searches are held to the search limit within this process (see searchBudgetInFront).
  const budgets: HubSpotBudgets = 'take' in budget ? searchBudgetInFront(budget) : budget;
  const call = createHubSpotCall(budgets.request, budgets.daily);

  const toInput = (object: NewObject) => ({
    properties: object.properties,
    associations: (object.associations ?? []).map((a) => ({
      to: { id: a.toId },
      types: [{ associationCategory: AssociationSpecAssociationCategoryEnum.HubspotDefined, associationTypeId: a.typeId }],
    })),
  });

  /** Records by a unique property (`app_request_id`, or a contact's `email`): key → record; missing ones are left out. */
  async function readByUniqueProperty(type: ObjectType, key: UniqueKey, keys: readonly string[]): Promise<Map<string, HubSpotRecord>> {
    const found = new Map<string, HubSpotRecord>();
    for (const chunk of chunks(keys)) {
      const response = await call(`read ${type} by ${key.idProperty}`, () =>
        client.crm.objects.batchApi.read(type, {
          idProperty: key.idProperty,
          inputs: chunk.map((id) => ({ id })),
          properties: [key.idProperty, ...key.readProperties],
          propertiesWithHistory: [],
        }),
      );
      for (const r of response.results) {
        const value = r.properties[key.idProperty];
        if (value) found.set(key.normalize(value), { id: r.id, properties: r.properties });
      }
    }
    return found;
  }

  async function readByRequestId(type: ObjectType, keys: readonly string[]): Promise<Map<string, string>> {
    const found = await readByUniqueProperty(type, REQUEST_KEY, keys);
    return new Map([...found].map(([key, record]) => [key, record.id]));
  }

  /**
   * Conflicting keys are records that already exist (a lost answer created them, or, for a
   * contact, the e-mail is taken): read them back, into `existing` when given.
   */
  async function resolveConflicts(
    type: ObjectType,
    key: UniqueKey,
    outcome: WriteOutcome,
    conflicts: Iterable<string>,
    existing?: Map<string, HubSpotRecord>,
  ): Promise<WriteOutcome> {
    const keys = [...conflicts];
    if (keys.length === 0) return outcome;
    const found = await readByUniqueProperty(type, key, keys);
    for (const k of keys) {
      const record = found.get(k);
      if (record) {
        outcome.ids.set(k, record.id);
        existing?.set(k, record);
      } else outcome.failures.set(k, { message: `HubSpot reported a conflict but has no record with this ${key.idProperty} yet`, permanent: false });
    }
    return outcome;
  }

  async function createOrFindChunk(
    type: ObjectType,
    chunk: readonly NewObject[],
    key: UniqueKey = REQUEST_KEY,
    existing?: Map<string, HubSpotRecord>,
  ): Promise<WriteOutcome> {
    const keys = chunk.map(key.of);
    try {
      const response = await call(`create ${type}`, () =>
        client.crm.objects.batchApi.create(type, { inputs: chunk.map((o) => ({ ...toInput(o), objectWriteTraceId: key.of(o) })) }),
      );
      const keyOfResult = (r: { objectWriteTraceId?: string; properties: Record<string, string | null> }) => {
        const value = r.objectWriteTraceId ?? r.properties[key.idProperty];
        return value ? key.normalize(value) : undefined;
      };
      const sorted = sortBatchAnswer(keys, response.results, errorsOf(response), keyOfResult, (r) => r.id);
      return await resolveConflicts(type, key, sorted, sorted.conflicts, existing);
    } catch (error) {
      // HubSpot refused the batch as a whole (it answers input by input only when it chooses to;
      // a contact whose e-mail exists is refused that way): one input at a time, so one refused
      // input cannot hold back the others.
      const refused = error instanceof HubSpotConflictError || error instanceof UnrecoverableError;
      if (!refused) throw error;
      if (chunk.length > 1) {
        const outcome = emptyOutcome();
        for (const object of chunk) mergeOutcomes(outcome, await createOrFindChunk(type, [object], key, existing));
        return outcome;
      }
      if (error instanceof HubSpotConflictError) return resolveConflicts(type, key, emptyOutcome(), keys, existing);
      return { ids: new Map(), failures: new Map(keys.map((k) => [k, { message: error.message, permanent: true }])) };
    }
  }

  return {
    /**
     * Creates the contacts HubSpot does not have and finds the ones it has, by e-mail, never
     * changing an existing one (docs/identity.md: a public form does not rewrite a contact).
     * Outcome keyed by lower-case e-mail; `existing` holds the contacts that were already there,
     * with CONTACT_IDENTITY_PROPERTIES (the values the portal's login must follow).
     */
    async createOrFindContacts(contacts: readonly { email: string; properties: Properties }[]): Promise<ContactsOutcome> {
      const outcome = emptyOutcome();
      const existing = new Map<string, HubSpotRecord>();
      const objects = contacts.map((c) => ({ properties: { ...c.properties, email: c.email } }));
      for (const chunk of chunks(objects)) mergeOutcomes(outcome, await createOrFindChunk('contacts', chunk, EMAIL_KEY, existing));
      return { ...outcome, existing };
    },

    /** One contact by e-mail, created when HubSpot has none: its id and, when it existed, its record. */
    async createOrFindContactOne(email: string, properties: Properties): Promise<{ id: string; existing: HubSpotRecord | null }> {
      const outcome = await this.createOrFindContacts([{ email, properties }]);
      const key = email.toLowerCase();
      const id = outcome.ids.get(key);
      if (id) return { id, existing: outcome.existing.get(key) ?? null };
      throw inputFailureError(`create or find contact ${key}`, outcome.failures.get(key));
    },

    /** Objects by id with the given properties and the type's modified date, 100 per request. */
    async readBatch(type: ObjectType, ids: readonly string[], properties: readonly string[]): Promise<HubSpotRecord[]> {
      const records: HubSpotRecord[] = [];
      const wanted = [...new Set([...properties, modifiedDateProperty(type)])];
      for (const chunk of chunks(ids)) {
        const response = await call(`read ${type}`, () =>
          client.crm.objects.batchApi.read(type, { inputs: chunk.map((id) => ({ id })), properties: wanted, propertiesWithHistory: [] }),
        );
        records.push(...response.results.map((r) => ({ id: r.id, properties: r.properties })));
      }
      return records;
    },

    /**
     * For each `from` object, the ids of its `to` objects, 100 objects per request, following an
     * object's further pages. On HubSpot's date version (hubspot-versions.ts), as plain HTTP: v4
     * associations, all the SDK offers, end first (30 March 2027). An object without any is
     * left out (HubSpot reports it as a NO_ASSOCIATIONS_FOUND error, which means none).
     */
    async associatedIds(from: ObjectType, to: ObjectType, ids: readonly string[]): Promise<Map<string, string[]>> {
      const map = new Map<string, string[]>();
      const what = `read ${from}->${to} associations`;
      const path = HUBSPOT_DATE_PATHS.associationsBatchRead(from, to);
      let inputs: { id: string; after?: string }[] = [...new Set(ids)].map((id) => ({ id }));
      const asked = new Set<string>();
      while (inputs.length > 0) {
        const further: { id: string; after: string }[] = [];
        for (const chunk of chunks(inputs)) {
          const answer = parseAssociationBatch(await call(what, () => client.http.request('POST', path, { inputs: chunk })), what);
          for (const result of answer.results) {
            map.set(result.from.id, [...(map.get(result.from.id) ?? []), ...result.to.map((t) => t.toObjectId)]);
            const after = result.paging?.next?.after;
            // A page is asked for once, whatever HubSpot answers.
            if (after && !asked.has(`${result.from.id}@${after}`)) {
              asked.add(`${result.from.id}@${after}`);
              further.push({ id: result.from.id, after });
            }
          }
        }
        inputs = further;
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

    /** Sets properties of one object (PATCH); setting a value twice is harmless. */
    async updateObject(type: ObjectType, id: string, properties: Properties): Promise<void> {
      await call(`update ${type} ${id}`, () => client.crm.objects.basicApi.update(type, id, { properties }));
    },

    /** Archives (deletes) objects by id, 100 per request; an id HubSpot no longer has is no error. */
    async archiveBatch(type: ObjectType, ids: readonly string[]): Promise<void> {
      for (const chunk of chunks([...new Set(ids)])) {
        await call(`archive ${type}`, () => client.crm.objects.batchApi.archive(type, { inputs: chunk.map((id) => ({ id })) }));
      }
    },

    /**
     * A note on a deal's or a ticket's timeline (HubSpot's note → deal association, type 214, or
     * note → ticket, 228): its id. With `attachmentIds`, the files of HubSpot's file manager it
     * shows (`hs_attachment_ids`).
     */
    async noteOn(target: NoteTarget, body: string, at: Date, attachmentIds: readonly string[] = []): Promise<string> {
      const properties: Properties = { hs_note_body: body, hs_timestamp: at.toISOString(), ...(attachmentIds.length > 0 && { hs_attachment_ids: attachmentIds.join(';') }) };
      const note = await call(`create note on ${target.type} ${target.id}`, () =>
        client.crm.objects.basicApi.create('notes', toInput({ properties, associations: [{ toId: target.id, typeId: NOTE_TO[target.type] }] })),
      );
      return note.id;
    },

    /** A note on a deal's timeline (`noteOn` a deal). */
    async noteOnDeal(dealHubspotId: string, body: string, at: Date, attachmentIds: readonly string[] = []): Promise<string> {
      return this.noteOn({ type: 'deals', id: dealHubspotId }, body, at, attachmentIds);
    },

    /**
     * A file of HubSpot's file manager by its folder and full name (`<name>.<extension>`): its
     * id, or null. Searched by name (HubSpot finds names containing it), then matched exactly.
     */
    async findFile(folderPath: string, fileName: string): Promise<string | null> {
      const base = fileName.slice(0, fileName.lastIndexOf('.'));
      const u = undefined;
      const found = await call(`find file ${fileName}`, () => client.files.filesApi.doSearch(u, u, u, 100, u, u, u, u, u, u, u, u, u, u, base));
      return found.results.find((f) => f.path === `${folderPath}/${fileName}`)?.id ?? null;
    },

    /** Uploads a file into a folder (made if missing) with the given access: its id. */
    async uploadFile(folderPath: string, fileName: string, bytes: Buffer, access: 'PRIVATE'): Promise<string> {
      const options = JSON.stringify({ access, overwrite: false, duplicateValidationStrategy: 'NONE' });
      const file = (await call(`upload file ${fileName}`, () => client.files.filesApi.upload({ data: bytes, name: fileName }, undefined, folderPath, fileName, undefined, options))) as { id?: unknown };
      if (typeof file.id !== 'string') throw new Error(`upload file ${fileName}: HubSpot answered no file id`);
      return file.id;
    },

    /**
     * Creates the objects HubSpot does not have yet and finds the ones it has, by our id in
     * `app_request_id` (100 per request). Each input carries its id as `objectWriteTraceId`, so
     * HubSpot answers bad inputs one by one (207) instead of refusing the whole batch; an input
     * that already exists (a retry of a create whose answer was lost) conflicts and is read back
     * by `idProperty`. Outcome keyed by `app_request_id`.
     */
    async createOrFind(type: ObjectType, objects: readonly NewObject[]): Promise<WriteOutcome> {
      const outcome = emptyOutcome();
      for (const chunk of chunks(objects)) mergeOutcomes(outcome, await createOrFindChunk(type, chunk));
      return outcome;
    },

    /** One object by our id: its HubSpot id, or the job's error (retryable, or HubSpot's reason when permanent). */
    async createOrFindOne(type: ObjectType, object: NewObject): Promise<string> {
      const key = requestIdOf(object);
      const outcome = await this.createOrFind(type, [object]);
      const id = outcome.ids.get(key);
      if (id) return id;
      throw inputFailureError(`create ${type} ${key}`, outcome.failures.get(key));
    },

    /** Objects by our id (`app_request_id`), 100 per request: our id → HubSpot id; missing ones are left out. */
    readByRequestId,

    /**
     * Creates objects that cannot carry a unique id of ours (activities: HubSpot offers no unique
     * properties on them), 100 per request, outcome keyed by `key`. Each input carries its key as
     * `objectWriteTraceId`, so HubSpot answers bad inputs one by one (207); a result is matched to
     * its input by the trace id when HubSpot echoes it, else by `keyOfRecord` (the caller's
     * reading of the properties it sent; each call names one input, once). Not idempotent: a
     * caller retrying after a lost answer looks for what it made first.
     */
    async createTraced(type: ObjectType, objects: readonly (NewObject & { key: string })[], keyOfRecord: (record: HubSpotRecord) => string | undefined): Promise<WriteOutcome> {
      const outcome = emptyOutcome();
      for (const chunk of chunks(objects)) {
        const keys = chunk.map((o) => o.key);
        try {
          const response = await call(`create ${type}`, () =>
            client.crm.objects.batchApi.create(type, { inputs: chunk.map((o) => ({ ...toInput(o), objectWriteTraceId: o.key })) }),
          );
          const sorted = sortBatchAnswer(keys, response.results, errorsOf(response), (r) => r.objectWriteTraceId ?? keyOfRecord({ id: r.id, properties: r.properties }), (r) => r.id);
          // Nothing of ours is unique here: a conflict is HubSpot's own, worth another try.
          for (const key of sorted.conflicts) sorted.failures.set(key, { message: 'HubSpot answered a conflict', permanent: false });
          mergeOutcomes(outcome, sorted);
        } catch (error) {
          // Refused as a whole for a reason retrying cannot fix (a missing scope): each input fails with it.
          if (!(error instanceof UnrecoverableError)) throw error;
          for (const key of keys) outcome.failures.set(key, { message: error.message, permanent: true });
        }
      }
      return outcome;
    },

    /**
     * Objects modified at or after `from` (epoch ms; all when null), oldest change first, one
     * page (up to 200) at a time, however many there are: the filter's lower bound moves
     * instead of `after`, which HubSpot refuses past 10,000 results (see changed-search.ts).
     * A record is yielded once per version. Filters, sorts and reads the type's own
     * modified-date property (modifiedDateProperty: `lastmodifieddate` on contacts).
     */
    async *changedPages(type: ObjectType, from: number | null, properties: readonly string[]): AsyncGenerator<HubSpotRecord[]> {
      const yielded = new Set<string>();
      const modified = modifiedDateProperty(type);
      for (let query: ChangedQuery | null = firstChangedQuery(from); query; ) {
        const current: ChangedQuery = query;
        const page = await call(
          `search changed ${type}`,
          () =>
            client.crm.objects.searchApi.doSearch(type, {
              ...changedSearchBody(modified, current),
              properties: [...new Set([...properties, modified])],
              limit: SEARCH_PAGE_SIZE,
            }),
          budgets.search,
        );
        const records = page.results.map((r) => ({ id: r.id, properties: r.properties }));
        const keys = records.map((r) => ({ id: r.id, modifiedAt: modifiedAtOf(type, r) ?? 0 }));
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
     * read for the live and primary records, with the type's modified date and (types HubSpot
     * merges) the merged ids.
     */
    async checkIds(type: ObjectType, ids: readonly string[], properties: readonly string[]): Promise<IdCheck> {
      const check: IdCheck = { live: new Map(), merged: new Map(), missing: [], unresolved: [] };
      for (const chunk of chunks([...new Set(ids)])) {
        const response = await call(`check ${type} ids`, () =>
          client.crm.objects.batchApi.read(type, {
            inputs: chunk.map((id) => ({ id })),
            properties: [...new Set([...properties, modifiedDateProperty(type), ...(MERGEABLE_TYPES.has(type) ? [MERGED_IDS] : [])])],
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

/** Our unique id on the records we create (shared/crm-schema.ts). */
export const REQUEST_ID = 'app_request_id';

function requestIdOf(object: NewObject): string {
  const key = object.properties[REQUEST_ID];
  if (!key) throw new Error('objects we create carry our id in app_request_id');
  return key;
}

/** The contact properties that decide who may sign in to the portal (docs/identity.md). */
export const CONTACT_IDENTITY_PROPERTIES = ['phone', 'firstname', 'lastname'] as const;

/** A unique property that finds what a create conflicted with: the input's key, and how answers name it. */
interface UniqueKey {
  idProperty: string;
  of: (object: NewObject) => string;
  normalize: (value: string) => string;
  /** Read along when a conflict is read back. */
  readProperties: readonly string[];
}

const REQUEST_KEY: UniqueKey = { idProperty: REQUEST_ID, of: requestIdOf, normalize: (v) => v, readProperties: [] };

/** HubSpot compares e-mails without case. */
/** HubSpot's unique property of a contact, by which contacts are found. */
export const CONTACT_EMAIL = 'email';

const EMAIL_KEY: UniqueKey = {
  idProperty: CONTACT_EMAIL,
  of: (object) => (object.properties.email ?? '').toLowerCase(),
  normalize: (v) => v.toLowerCase(),
  readProperties: CONTACT_IDENTITY_PROPERTIES,
};

/** Contacts created or found by e-mail; `existing`: those HubSpot already had, with their identity properties. */
export type ContactsOutcome = WriteOutcome & { existing: Map<string, HubSpotRecord> };

/** The SDK types a 207's `errors` only on its WithErrors models; read them from either. */
function errorsOf(response: object): BatchError[] {
  const errors = (response as { errors?: unknown }).errors;
  return Array.isArray(errors) ? (errors as BatchError[]) : [];
}

/** A failed input as the error its job should throw: HubSpot's reason, unrecoverable when retrying cannot fix it. */
export function inputFailureError(what: string, failure: InputFailure | undefined): Error {
  const message = `${what}: ${failure?.message ?? 'no result'}`;
  // Not a ProviderUnavailableError: HubSpot answered, so the queue must not be held as if it were down.
  return failure?.permanent ? new UnrecoverableError(message) : new Error(message);
}
