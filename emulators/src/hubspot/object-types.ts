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
  // Activities (engagements): HubSpot answers hs_timestamp (and little else) unless asked.
  notes: { id: '0-46', singular: 'note', defaults: ['hs_timestamp'] },
  tasks: { id: '0-27', singular: 'task', defaults: ['hs_task_subject', 'hs_task_status', 'hs_timestamp'] },
  calls: { id: '0-48', singular: 'call', defaults: ['hs_call_title', 'hs_timestamp'] },
  meetings: { id: '0-47', singular: 'meeting', defaults: ['hs_meeting_title', 'hs_timestamp'] },
  // WhatsApp, LinkedIn and SMS messages logged on the timeline (HubSpot's Communications API).
  communications: { id: '0-18', singular: 'communication', defaults: ['hs_timestamp'] },
  // E-mails logged on the timeline (HubSpot's emails engagement API).
  emails: { id: '0-49', singular: 'email', defaults: ['hs_timestamp'] },
};

/** Activity types: a record needs hs_timestamp, and reading one needs the contacts scope (HubSpot's reference). */
export const ACTIVITY_TYPES: ReadonlySet<string> = new Set(['notes', 'tasks', 'calls', 'meetings', 'communications', 'emails']);

/**
 * Whether a type's custom properties may require unique values (`hasUniqueValue`). HubSpot's
 * changelog ("Unique Properties support for newly created Contact properties", 2023) lists
 * companies, deals, tickets, custom objects and now contacts; activities are not among them.
 * Line items are not listed either but stay allowed: `crm:setup` makes one there, and the
 * contract suite is what checks that against a real account.
 */
export function allowsUniqueValues(type: string): boolean {
  return !ACTIVITY_TYPES.has(type);
}

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

/**
 * The property holding a record's last-modified time: `lastmodifieddate` on contacts,
 * `hs_lastmodifieddate` on every other type (HubSpot's CRM search guide, default returned
 * properties per object).
 */
export function modifiedDateOf(type: string): 'lastmodifieddate' | 'hs_lastmodifieddate' {
  return type === 'contacts' ? 'lastmodifieddate' : 'hs_lastmodifieddate';
}

/** What every read answers besides the asked-for properties: created, modified (the type's own), id. */
export function alwaysReturned(type: string): string[] {
  return ['createdate', modifiedDateOf(type), 'hs_object_id'];
}

/** Types whose records can be merged (`POST /crm/v3/objects/{type}/merge`), per HubSpot's API reference. */
export const MERGEABLE_TYPES: ReadonlySet<string> = new Set(['contacts', 'companies', 'deals', 'tickets']);

export function defaultProperties(type: string): string[] {
  return [...(TYPES[type]?.defaults ?? []), ...alwaysReturned(type)];
}
