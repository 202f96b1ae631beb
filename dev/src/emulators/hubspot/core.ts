import {
  attachInvoice,
  ownerSchema,
  updateDeal,
  updateTicket,
  type DealPatch,
  type InvoiceInput,
  type OwnerInput,
  type TicketPatch,
} from './control';
import { Faults } from './faults';
import type { Association, CrmObject, Owner } from './model';
import { normalizeType } from './object-types';
import { StateFile } from './persistence';
import { DEFAULT_RATE_LIMIT, RateLimiter, type RateLimitConfig } from './rate-limit';
import { RequestLog } from './request-log';
import { seedStore } from './seed';
import { emptyState, Store } from './store';

export interface ObjectWithAssociations extends CrmObject {
  /** Target ids by object type, e.g. `{ contacts: ['1001'], line_items: ['1003', '1004'] }`. */
  associations: Record<string, string[]>;
}

export interface CoreOptions {
  accessToken: string;
  rateLimit?: RateLimitConfig | undefined;
  stateFile?: string | undefined;
  seed?: boolean | undefined;
  firstObjectId?: number | undefined;
}

/**
 * Everything the emulator knows and can be told, shared by the HTTP control API and the
 * in-process handle, so both behave the same.
 */
export class EmulatorCore {
  readonly store = new Store();
  readonly faults = new Faults();
  readonly limiter: RateLimiter;
  readonly log = new RequestLog();
  readonly stateFile: StateFile | undefined;
  /** Set once the server listens; invoice links point here. */
  baseUrl = 'http://127.0.0.1';

  constructor(readonly options: CoreOptions) {
    this.limiter = new RateLimiter(options.rateLimit ?? DEFAULT_RATE_LIMIT);
    this.stateFile = options.stateFile ? new StateFile(options.stateFile, this.store) : undefined;
    const saved = this.stateFile?.read();
    if (saved) this.store.load(saved);
    else this.fresh();
    // Registered after loading, so starting from a file does not immediately rewrite it.
    this.store.onChange(() => this.stateFile?.schedule());
    if (!saved) this.stateFile?.schedule();
  }

  private fresh(): void {
    this.store.load(emptyState(this.options.firstObjectId));
    if (this.options.seed ?? true) seedStore(this.store);
  }

  /** Back to the seeded state: objects, associations, owners, faults, request log and rate-limit counters. */
  reset(): void {
    this.fresh();
    this.faults.clear();
    this.log.clear();
    this.limiter.reset();
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

  owners(): Owner[] {
    return this.store.owners().map((o) => ({ ...o }));
  }

  updateDeal(id: string, patch: DealPatch): ObjectWithAssociations {
    return this.withAssociations(updateDeal(this.store, id, patch));
  }

  attachInvoice(dealId: string, input: InvoiceInput): ObjectWithAssociations {
    return this.withAssociations(attachInvoice(this.store, this.baseUrl, dealId, input));
  }

  updateTicket(id: string, patch: TicketPatch): ObjectWithAssociations {
    return this.withAssociations(updateTicket(this.store, id, patch));
  }

  addOwner(input: OwnerInput): Owner {
    return this.store.addOwner(ownerSchema.parse(input));
  }

  setRateLimit(config: RateLimitConfig): void {
    this.limiter.configure(config);
  }
}
