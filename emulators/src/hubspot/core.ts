import {
  attachInvoice,
  createRecord,
  editRecord,
  ownerSchema,
  payInvoice,
  updateDeal,
  updateTicket,
  type DealPatch,
  type InvoiceInput,
  type OwnerInput,
  type RecordInput,
  type TicketPatch,
  voidInvoice,
} from './control';
import { Faults } from './faults';
import { FileStore } from './files';
import { mergeObjects } from './merge';
import type { Association, CrmObject, Owner } from './model';
import { normalizeType } from './object-types';
import { StateFile } from './persistence';
import { DailyLimiter, DEFAULT_DAILY_LIMIT, DEFAULT_RATE_LIMIT, DEFAULT_SEARCH_RATE_LIMIT, RateLimiter, type DailyLimitConfig, type RateLimitConfig } from './rate-limit';
import { RequestLog } from './request-log';
import { DEFAULT_SCOPES } from './scopes';
import { SearchIndex } from './search-index';
import { seedStore } from './seed';
import { emptyState, Store, type PropertyInput } from './store';

/**
 * The largest upload the emulator takes by default. HubSpot's knowledge base ("supported file types
 * and sizes", linked from its Files guide) sets the real limit; see README.md, "Files".
 */
export const DEFAULT_FILE_MAX_BYTES = 300 * 1024 * 1024;

export interface ObjectWithAssociations extends CrmObject {
  /** Target ids by object type, e.g. `{ contacts: ['1001'], line_items: ['1003', '1004'] }`. */
  associations: Record<string, string[]>;
}

export interface CoreOptions {
  accessToken: string;
  rateLimit?: RateLimitConfig | undefined;
  searchRateLimit?: RateLimitConfig | undefined;
  dailyLimit?: DailyLimitConfig | undefined;
  stateFile?: string | undefined;
  blank?: boolean | undefined;
  indexLagMs?: number | undefined;
  scopes?: readonly string[] | undefined;
  tokenKind?: TokenKind | undefined;
  firstObjectId?: number | undefined;
  fileMaxBytes?: number | undefined;
}

/**
 * What the accepted token stands for: a legacy private app's access token, or a service key
 * (HubSpot's replacement, 2026). Both are sent as bearer tokens and scoped the same way; only
 * the private app's scopes can be read through the token-info endpoint.
 */
export type TokenKind = 'private-app' | 'service-key';

/** Settings that can change while the emulator runs (PUT /_emulator/config, `emulator.config.set`). */
export interface EmulatorConfig {
  rateLimit: RateLimitConfig;
  searchRateLimit: RateLimitConfig;
  /** The account's daily limit, its time zone, and whether answers carry the daily headers. */
  dailyLimit: DailyLimitConfig;
  /** How far search trails writes, in milliseconds. */
  indexLagMs: number;
  /** Scopes of the private app or service key whose token the emulator accepts. */
  scopes: string[];
  tokenKind: TokenKind;
  /** The largest file an upload takes, in bytes. */
  fileMaxBytes: number;
}

/**
 * Everything the emulator knows and can be told, shared by the HTTP control API and the
 * in-process handle, so both behave the same.
 */
export class EmulatorCore {
  readonly store = new Store();
  readonly files: FileStore;
  readonly index: SearchIndex;
  readonly faults = new Faults();
  readonly limiter: RateLimiter;
  readonly searchLimiter: RateLimiter;
  readonly dailyLimiter: DailyLimiter;
  readonly log = new RequestLog();
  readonly stateFile: StateFile | undefined;
  scopes: Set<string>;
  tokenKind: TokenKind;
  /** Set once the server listens; invoice links point here. */
  baseUrl = 'http://127.0.0.1';

  constructor(readonly options: CoreOptions) {
    this.files = new FileStore(options.fileMaxBytes ?? DEFAULT_FILE_MAX_BYTES);
    this.limiter = new RateLimiter(options.rateLimit ?? DEFAULT_RATE_LIMIT);
    this.searchLimiter = new RateLimiter(options.searchRateLimit ?? DEFAULT_SEARCH_RATE_LIMIT);
    this.dailyLimiter = new DailyLimiter(options.dailyLimit ?? DEFAULT_DAILY_LIMIT);
    this.index = new SearchIndex(options.indexLagMs ?? 0);
    this.scopes = new Set(options.scopes ?? DEFAULT_SCOPES);
    this.tokenKind = options.tokenKind ?? 'private-app';
    this.store.onWrite((object) => this.index.record(object));
    this.stateFile = options.stateFile ? new StateFile(options.stateFile, this.store, this.files) : undefined;
    const saved = this.stateFile?.read();
    if (saved) {
      this.store.load(saved);
      this.files.load(saved.files);
    } else this.fresh();
    // Registered after loading, so starting from a file does not immediately rewrite it.
    this.store.onChange(() => this.stateFile?.schedule());
    this.files.onChange(() => this.stateFile?.schedule());
    if (!saved) this.stateFile?.schedule();
  }

  private fresh(): void {
    this.store.load(emptyState(this.options.firstObjectId));
    seedStore(this.store, { blank: this.options.blank ?? false });
    this.files.load(undefined);
    // The starting records were indexed long ago: search sees them at once, whatever the lag.
    this.index.clear();
  }

  /** Back to the starting account: records, schema, owners, faults, request log and rate-limit counters (config stays). */
  reset(): void {
    this.fresh();
    this.faults.clear();
    this.log.clear();
    this.limiter.reset();
    this.searchLimiter.reset();
    this.dailyLimiter.reset();
  }

  config(): EmulatorConfig {
    return {
      rateLimit: this.limiter.current,
      searchRateLimit: this.searchLimiter.current,
      dailyLimit: this.dailyLimiter.current,
      indexLagMs: this.index.lagMs,
      scopes: [...this.scopes].sort(),
      tokenKind: this.tokenKind,
      fileMaxBytes: this.files.maxBytes,
    };
  }

  setConfig(patch: Partial<EmulatorConfig>): EmulatorConfig {
    if (patch.rateLimit) this.limiter.configure(patch.rateLimit);
    if (patch.searchRateLimit) this.searchLimiter.configure(patch.searchRateLimit);
    if (patch.dailyLimit) this.dailyLimiter.configure(patch.dailyLimit);
    if (patch.indexLagMs !== undefined) this.index.lagMs = patch.indexLagMs;
    if (patch.scopes) this.scopes = new Set(patch.scopes);
    if (patch.tokenKind) this.tokenKind = patch.tokenKind;
    if (patch.fileMaxBytes !== undefined) this.files.maxBytes = patch.fileMaxBytes;
    return this.config();
  }

  objects(type: string, includeArchived = false): ObjectWithAssociations[] {
    const canonical = normalizeType(type);
    return this.store.list(canonical, includeArchived).map((o) => this.withAssociations(o));
  }

  withAssociations(object: CrmObject): ObjectWithAssociations {
    const associations: Record<string, string[]> = {};
    for (const a of this.store.associationsFrom(object.type, object.id)) {
      const ids = (associations[a.toType] ??= []);
      if (!ids.includes(a.toId)) ids.push(a.toId);
    }
    return { ...structuredClone(object), associations };
  }

  associations(): Association[] {
    return this.store.allAssociations();
  }

  owners(includeArchived = false): Owner[] {
    return this.store.owners(includeArchived).map((o) => ({ ...o }));
  }

  updateDeal(id: string, patch: DealPatch): ObjectWithAssociations {
    return this.withAssociations(updateDeal(this.store, id, patch));
  }

  attachInvoice(dealId: string, input: InvoiceInput): ObjectWithAssociations {
    return this.withAssociations(attachInvoice(this.store, this.baseUrl, dealId, input));
  }

  /** The buyer paid the invoice at its link (HubSpot payments). */
  payInvoice(id: string): ObjectWithAssociations {
    return this.withAssociations(payInvoice(this.store, id));
  }

  /** Someone voided the invoice in HubSpot. */
  voidInvoice(id: string): ObjectWithAssociations {
    return this.withAssociations(voidInvoice(this.store, id));
  }

  createRecord(type: string, input: RecordInput): ObjectWithAssociations {
    return this.withAssociations(createRecord(this.store, normalizeType(type), input));
  }

  editRecord(type: string, id: string, properties: PropertyInput): ObjectWithAssociations {
    return this.withAssociations(editRecord(this.store, normalizeType(type), id, properties));
  }

  updateTicket(id: string, patch: TicketPatch): ObjectWithAssociations {
    return this.withAssociations(updateTicket(this.store, id, patch));
  }

  addOwner(input: OwnerInput): Owner {
    return this.store.addOwner(ownerSchema.parse(input));
  }

  /** A user deactivated in HubSpot: the owner is archived. */
  archiveOwner(id: string): Owner {
    return { ...this.store.archiveOwner(id) };
  }

  /** Deletes a record as a user does in HubSpot (to the recycling bin). */
  archiveObject(type: string, id: string): ObjectWithAssociations {
    const canonical = normalizeType(type);
    this.store.archive(canonical, id);
    return this.withAssociations(this.store.records(canonical).find((o) => o.id === id)!);
  }

  /** Merges two records as a user does in HubSpot; answers the primary record. */
  merge(type: string, primaryObjectId: string, objectIdToMerge: string): ObjectWithAssociations {
    return this.withAssociations(mergeObjects(this.store, normalizeType(type), primaryObjectId, objectIdToMerge));
  }
}
