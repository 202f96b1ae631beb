import type { ObjectType } from './hubspot-gateway';

/**
 * The one rule for which property holds a record's last-modified time. HubSpot's contacts keep
 * it in `lastmodifieddate`; every other object type we read (companies, deals, line items,
 * tickets, invoices, notes, tasks, calls, meetings, communications, emails) in `hs_lastmodifieddate` (HubSpot's CRM
 * search guide lists these as each object's default returned properties). A contacts search
 * filtered or sorted on `hs_lastmodifieddate` finds nothing, silently, so the pull would never
 * see a contact change.
 */
export type ModifiedDateProperty = 'lastmodifieddate' | 'hs_lastmodifieddate';

export function modifiedDateProperty(type: ObjectType): ModifiedDateProperty {
  return type === 'contacts' ? 'lastmodifieddate' : 'hs_lastmodifieddate';
}

/** A modified-date value (ISO or epoch ms) in epoch ms; null when absent or unreadable. */
export function modifiedMillis(value: string | null | undefined): number | null {
  if (!value) return null;
  const ms = /^\d+$/.test(value) ? Number(value) : Date.parse(value);
  return Number.isFinite(ms) ? ms : null;
}

/** A record's last-modified time, read from its type's property; null when HubSpot sent none. */
export function modifiedAtOf(type: ObjectType, record: { properties: Record<string, string | null | undefined> }): number | null {
  return modifiedMillis(record.properties[modifiedDateProperty(type)]);
}
