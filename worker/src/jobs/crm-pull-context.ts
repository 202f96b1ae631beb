import type { CrmActivityKind } from '@app/db/generated/client';
import type { Db } from '@app/db/client';
import { applyActivities, applyCompanies, heldActivityVersions, type MirroredActivity } from '../crm/context-repository';
import type { ActivityType, HubSpotGateway, HubSpotRecord, ObjectType } from '../crm/hubspot-gateway';
import { modifiedAtOf, modifiedMillis } from '../crm/modified-date';
import { plainText } from '../crm/plain-text';

/**
 * The customer page's HubSpot context, pulled with the deals (contacts: crm-pull-contacts.ts):
 * companies (docs/product.md §3 Company); notes, tasks, calls and meetings on contacts
 * and companies. Each reads what changed since its cursor (see crmPullJob).
 */

export const COMPANY_PROPERTIES = ['name', 'domain', 'industry', 'lifecyclestage', 'createdate'];

interface ActivitySource {
  type: ActivityType;
  kind: CrmActivityKind;
  /** HubSpot's property names for the title, body and status; tasks also have a priority. */
  title: string | null;
  body: string;
  status: string | null;
  priority: string | null;
}

export const ACTIVITY_SOURCES: readonly ActivitySource[] = [
  { type: 'notes', kind: 'note', title: null, body: 'hs_note_body', status: null, priority: null },
  { type: 'tasks', kind: 'task', title: 'hs_task_subject', body: 'hs_task_body', status: 'hs_task_status', priority: 'hs_task_priority' },
  { type: 'calls', kind: 'call', title: 'hs_call_title', body: 'hs_call_body', status: 'hs_call_status', priority: null },
  { type: 'meetings', kind: 'meeting', title: 'hs_meeting_title', body: 'hs_meeting_body', status: 'hs_meeting_outcome', priority: null },
];

export const activityProperties = (s: ActivitySource): string[] =>
  [s.title, s.body, s.status, s.priority, 'hs_timestamp', 'hubspot_owner_id'].filter((p): p is string => p !== null);

const value = (r: HubSpotRecord, name: string | null) => (name ? r.properties[name] || null : null);
const instant = (raw: string | null) => {
  const ms = modifiedMillis(raw);
  return ms === null ? null : new Date(ms);
};
/** The record's modified date, from its type's property (contacts: lastmodifieddate; see modified-date.ts). */
const modifiedAt = (type: ObjectType, r: HubSpotRecord) => {
  const ms = modifiedAtOf(type, r);
  return ms === null ? new Date(0) : new Date(ms);
};
const versionOf = (type: ObjectType) => (r: HubSpotRecord) => ({ hubspotId: r.id, modifiedAt: modifiedAt(type, r) });

export function mirrorCompanies(db: Db, records: readonly HubSpotRecord[]): Promise<number> {
  return applyCompanies(
    db,
    records.map((r) => ({
      hubspotId: r.id,
      name: value(r, 'name'),
      domain: value(r, 'domain'),
      industry: value(r, 'industry'),
      lifecycleStage: value(r, 'lifecyclestage'),
      createdAt: instant(value(r, 'createdate')),
      modifiedAt: modifiedAt('companies', r),
    })),
  );
}

/** Changed activities of one type with the contacts and companies they are on (those not held in that version). */
export async function mirrorActivities(db: Db, hubspot: HubSpotGateway, source: ActivitySource, changed: readonly HubSpotRecord[]): Promise<number> {
  const held = await heldActivityVersions(db, source.kind, changed.map(versionOf(source.type)));
  const records = changed.filter((r) => !held.has(r.id));
  if (records.length === 0) return 0;
  const ids = records.map((r) => r.id);
  const contacts = await hubspot.associatedIds(source.type, 'contacts', ids);
  const companies = await hubspot.associatedIds(source.type, 'companies', ids);
  return applyActivities(
    db,
    records.map(
      (r): MirroredActivity => ({
        kind: source.kind,
        hubspotId: r.id,
        title: value(r, source.title),
        body: plainText(value(r, source.body)),
        status: value(r, source.status),
        priority: value(r, source.priority),
        occursAt: instant(value(r, 'hs_timestamp')),
        ownerHubspotId: value(r, 'hubspot_owner_id'),
        contactHubspotIds: contacts.get(r.id) ?? [],
        companyHubspotIds: companies.get(r.id) ?? [],
        modifiedAt: modifiedAt(source.type, r),
      }),
    ),
  );
}
