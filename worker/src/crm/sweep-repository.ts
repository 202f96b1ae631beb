import type { Db } from '@app/db/client';
import { adoptCrmContact } from '@app/db/identity';
import type { HubSpotRecord } from './hubspot-gateway';
import type { CrmActivityKind } from '@app/db/generated/client';

/** Mirror rows the CRM sweep checks against HubSpot. */
export type SweptTable = 'deal' | 'ticket' | 'contact';

export interface MirroredId {
  rowId: string;
  hubspotId: string;
}

/**
 * Our rows that carry a HubSpot id, a page at a time in row-id order (`afterRowId`: the last
 * row of the previous page). Deals and tickets archived before `archivedSince` are no longer
 * checked: HubSpot can restore a deleted record for 90 days only.
 */
export async function mirroredIds(db: Db, table: SweptTable, q: { afterRowId: string | null; take: number; archivedSince: Date }): Promise<MirroredId[]> {
  const after = q.afterRowId === null ? {} : { id: { gt: q.afterRowId } };
  const live = { OR: [{ archivedAt: null }, { archivedAt: { gte: q.archivedSince } }] };
  const args = { select: { id: true, hubspotId: true }, orderBy: { id: 'asc' as const }, take: q.take };
  const rows =
    table === 'deal'
      ? await db.deal.findMany({ where: { hubspotId: { not: null }, ...after, ...live }, ...args })
      : table === 'ticket'
        ? await db.ticket.findMany({ where: { hubspotId: { not: null }, ...after, ...live }, ...args })
        : await db.contact.findMany({ where: { hubspotId: { not: null }, ...after }, ...args });
  return rows.flatMap((r) => (r.hubspotId ? [{ rowId: r.id, hubspotId: r.hubspotId }] : []));
}

/**
 * How many rows the sweep checks in a full pass of a table (as mirroredIds and
 * mirroredActivityIds read them): deals, tickets and activities not archived before
 * `archivedSince`, contacts with a HubSpot id.
 */
export async function countMirrored(db: Db, table: SweptTable | CrmActivityKind, archivedSince: Date): Promise<number> {
  const live = { OR: [{ archivedAt: null }, { archivedAt: { gte: archivedSince } }] };
  if (table === 'deal') return db.deal.count({ where: { hubspotId: { not: null }, ...live } });
  if (table === 'ticket') return db.ticket.count({ where: { hubspotId: { not: null }, ...live } });
  if (table === 'contact') return db.contact.count({ where: { hubspotId: { not: null } } });
  return db.crmActivity.count({ where: { kind: table, ...live } });
}

/**
 * Marks the deals or tickets holding these HubSpot ids archived (HubSpot no longer has them);
 * returns the rows that were not archived yet. Nothing is deleted: the customer's request and
 * its history stay, only the portal, calendar and lookup stop showing them.
 */
export async function archiveRecords(db: Db, table: 'deal' | 'ticket', hubspotIds: readonly string[], at: Date): Promise<MirroredId[]> {
  if (hubspotIds.length === 0) return [];
  const where = { hubspotId: { in: [...hubspotIds] }, archivedAt: null };
  const select = { id: true, hubspotId: true } as const;
  return db.$transaction(async (tx) => {
    const rows = table === 'deal' ? await tx.deal.findMany({ where, select }) : await tx.ticket.findMany({ where, select });
    if (table === 'deal') await tx.deal.updateMany({ where, data: { archivedAt: at } });
    else await tx.ticket.updateMany({ where, data: { archivedAt: at } });
    return rows.map((r) => ({ rowId: r.id, hubspotId: r.hubspotId ?? '' }));
  });
}

/** Clears the archive mark of rows whose HubSpot record is there again (restored from HubSpot's recycle bin). */
export async function restoreRecords(db: Db, table: 'deal' | 'ticket', hubspotIds: readonly string[]): Promise<MirroredId[]> {
  if (hubspotIds.length === 0) return [];
  const where = { hubspotId: { in: [...hubspotIds] }, archivedAt: { not: null } };
  const select = { id: true, hubspotId: true } as const;
  return db.$transaction(async (tx) => {
    const rows = table === 'deal' ? await tx.deal.findMany({ where, select }) : await tx.ticket.findMany({ where, select });
    if (table === 'deal') await tx.deal.updateMany({ where, data: { archivedAt: null } });
    else await tx.ticket.updateMany({ where, data: { archivedAt: null } });
    return rows.map((r) => ({ rowId: r.id, hubspotId: r.hubspotId ?? '' }));
  });
}

/**
 * Our contacts linked to these HubSpot contacts take their phone and name (adoptCrmContact),
 * each in its own transaction; returns how many login phones changed.
 */
export async function adoptCrmContacts(db: Db, records: readonly HubSpotRecord[]): Promise<number> {
  let changed = 0;
  for (const record of records) {
    const contact = await db.contact.findUnique({ where: { hubspotId: record.id }, select: { id: true } });
    if (!contact) continue;
    const crm = { phone: record.properties.phone ?? null, firstName: record.properties.firstname ?? null, lastName: record.properties.lastname ?? null };
    const { phoneChanged } = await db.$transaction((tx) => adoptCrmContact(tx, contact.id, crm));
    if (phoneChanged) changed += 1;
  }
  return changed;
}
