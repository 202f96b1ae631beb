import { badRequest } from './errors';

/**
 * The object types the emulator knows by name. Paths may name a type by its plural
 * ('contacts'), singular ('contact') or type id ('0-1'), as HubSpot accepts all three.
 * Any other lowercase name is kept as a custom object type, like the generic objects API.
 */
interface TypeInfo {
  id: string;
  singular: string;
  /** Properties returned when the request names none (HubSpot's defaults, trimmed). */
  defaults: readonly string[];
}

const TYPES: Readonly<Record<string, TypeInfo>> = {
  contacts: { id: '0-1', singular: 'contact', defaults: ['email', 'firstname', 'lastname'] },
  companies: { id: '0-2', singular: 'company', defaults: ['domain', 'name'] },
  deals: { id: '0-3', singular: 'deal', defaults: ['amount', 'closedate', 'dealname', 'dealstage', 'pipeline'] },
  tickets: {
    id: '0-5',
    singular: 'ticket',
    defaults: ['content', 'hs_pipeline', 'hs_pipeline_stage', 'hs_ticket_category', 'hs_ticket_priority', 'subject'],
  },
  products: { id: '0-7', singular: 'product', defaults: ['description', 'name', 'price'] },
  line_items: { id: '0-8', singular: 'line_item', defaults: ['hs_product_id', 'name', 'price', 'quantity'] },
  invoices: { id: '0-53', singular: 'invoice', defaults: [] },
};

const ALIASES = new Map<string, string>();
for (const [name, info] of Object.entries(TYPES)) {
  ALIASES.set(name, name);
  ALIASES.set(info.singular, name);
  ALIASES.set(info.id, name);
}
ALIASES.set('line_item', 'line_items');
ALIASES.set('lineitems', 'line_items');

const CUSTOM_TYPE = /^[a-z0-9][a-z0-9_-]{0,63}$/;

/** Canonical plural name of an object type named in a path or body. */
export function normalizeType(raw: string): string {
  const name = decodeURIComponent(raw).toLowerCase();
  const known = ALIASES.get(name);
  if (known) return known;
  if (CUSTOM_TYPE.test(name)) return name;
  throw badRequest(`Unable to infer object type from: ${raw}`);
}

export function typeId(type: string): string {
  return TYPES[type]?.id ?? type;
}

export function singular(type: string): string {
  return TYPES[type]?.singular ?? type.replace(/s$/, '');
}

/** Contacts keep `lastmodifieddate`; every other type `hs_lastmodifieddate`. We keep both on contacts. */
export function alwaysReturned(type: string): string[] {
  const base = ['createdate', 'hs_lastmodifieddate', 'hs_object_id'];
  return type === 'contacts' ? [...base, 'lastmodifieddate'] : base;
}

/** Types whose records can be merged (`POST /crm/v3/objects/{type}/merge`), per HubSpot's API reference. */
export const MERGEABLE_TYPES: ReadonlySet<string> = new Set(['contacts', 'companies', 'deals', 'tickets']);

export function defaultProperties(type: string): string[] {
  return [...(TYPES[type]?.defaults ?? []), ...alwaysReturned(type)];
}
