import type { Db } from '@app/db/client';
import type { CrmActivityKind } from '@app/db/generated/client';
import type { RecordVersion } from './mirror-repository';

/**
 * The customer page's HubSpot context in the mirror: the companies, and the notes, tasks, calls
 * and meetings on contacts and companies (contacts: contact-mirror-repository.ts). Every row keeps HubSpot's last-modified time, so a re-read or a copy from a lagging
 * search index never takes a row back in time.
 */

export interface MirroredCompany {
  hubspotId: string;
  name: string | null;
  domain: string | null;
  industry: string | null;
  lifecycleStage: string | null;
  createdAt: Date | null;
  modifiedAt: Date;
}

export interface MirroredActivity {
  kind: CrmActivityKind;
  hubspotId: string;
  title: string | null;
  body: string | null;
  status: string | null;
  priority: string | null;
  occursAt: Date | null;
  ownerHubspotId: string | null;
  contactHubspotIds: string[];
  companyHubspotIds: string[];
  modifiedAt: Date;
}

/** Of `records`, the HubSpot ids whose row (of `rows`) already holds that version or a newer one. */
function heldOf(rows: readonly { hubspotId: string | null; hubspotUpdatedAt: Date | null }[], records: readonly RecordVersion[]): Set<string> {
  const at = new Map(rows.map((r) => [r.hubspotId, r.hubspotUpdatedAt]));
  const held = records.filter((r) => {
    const version = at.get(r.hubspotId);
    return version != null && version >= r.modifiedAt;
  });
  return new Set(held.map((r) => r.hubspotId));
}

/**
 * Of changed contacts, those we hold in an older version: the only ones worth a further
 * request (the contacts of our deals and tickets come with them: contact-mirror-repository.ts).
 */
export async function contactsToMirror(db: Db, records: readonly RecordVersion[]): Promise<Set<string>> {
  const rows = await db.contact.findMany({ where: { hubspotId: { in: records.map((r) => r.hubspotId) } }, select: { hubspotId: true, hubspotUpdatedAt: true } });
  const held = heldOf(rows, records);
  return new Set(rows.flatMap((r) => (r.hubspotId && !held.has(r.hubspotId) ? [r.hubspotId] : [])));
}

/** Of changed activities of a kind, those the mirror already holds in that version or newer. */
export async function heldActivityVersions(db: Db, kind: CrmActivityKind, records: readonly RecordVersion[]): Promise<Set<string>> {
  const rows = await db.crmActivity.findMany({ where: { kind, hubspotId: { in: records.map((r) => r.hubspotId) } }, select: { hubspotId: true, hubspotUpdatedAt: true } });
  return heldOf(rows, records);
}

/** Creates or updates each company unless its row is already as new. */
export async function applyCompanies(db: Db, companies: readonly MirroredCompany[]): Promise<number> {
  let applied = 0;
  for (const { modifiedAt, createdAt, ...company } of companies) {
    const data = { ...company, hubspotCreatedAt: createdAt, hubspotUpdatedAt: modifiedAt };
    const { count } = await db.company.updateMany({ where: { hubspotId: company.hubspotId, hubspotUpdatedAt: { lt: modifiedAt } }, data });
    if (count > 0) {
      applied++;
      continue;
    }
    // Not there yet (or already as new): create it, and let a concurrent pull's row stand.
    const created = await db.company.createMany({ data: [data], skipDuplicates: true });
    applied += created.count;
  }
  return applied;
}

/** Creates or updates each activity unless its row is already as new. */
export async function applyActivities(db: Db, activities: readonly MirroredActivity[]): Promise<number> {
  let applied = 0;
  for (const { modifiedAt, ...activity } of activities) {
    const data = { ...activity, hubspotUpdatedAt: modifiedAt, archivedAt: null };
    const { count } = await db.crmActivity.updateMany({
      where: { kind: activity.kind, hubspotId: activity.hubspotId, hubspotUpdatedAt: { lt: modifiedAt } },
      data,
    });
    if (count > 0) {
      applied++;
      continue;
    }
    const created = await db.crmActivity.createMany({ data: [data], skipDuplicates: true });
    applied += created.count;
  }
  return applied;
}

/** Activities of a kind, a page at a time in row-id order: the live ones and those archived since `archivedSince`. */
export async function mirroredActivityIds(db: Db, kind: CrmActivityKind, q: { afterRowId: string | null; take: number; archivedSince: Date }) {
  const rows = await db.crmActivity.findMany({
    where: { kind, ...(q.afterRowId === null ? {} : { id: { gt: q.afterRowId } }), OR: [{ archivedAt: null }, { archivedAt: { gte: q.archivedSince } }] },
    select: { id: true, hubspotId: true },
    orderBy: { id: 'asc' },
    take: q.take,
  });
  return rows.map((r) => ({ rowId: r.id, hubspotId: r.hubspotId }));
}

/** Deleted in HubSpot (archived) or restored there (shown again); answers how many rows changed each way. */
export async function markActivities(db: Db, kind: CrmActivityKind, missing: readonly string[], live: readonly string[], at: Date) {
  const archived = missing.length === 0 ? 0 : (await db.crmActivity.updateMany({ where: { kind, hubspotId: { in: [...missing] }, archivedAt: null }, data: { archivedAt: at } })).count;
  const restored = live.length === 0 ? 0 : (await db.crmActivity.updateMany({ where: { kind, hubspotId: { in: [...live] }, archivedAt: { not: null } }, data: { archivedAt: null } })).count;
  return { archived, restored };
}
