import { Prisma, type Db } from '@app/db/client';

/** The mirror tables that hold HubSpot ids HubSpot may merge. */
export type MergeTable = 'deal' | 'ticket' | 'contact';

/** Two mirror rows that would both be one HubSpot record after a merge: both are left as they are. */
export interface MergeConflict {
  table: MergeTable;
  /** The primary record's HubSpot id. */
  hubspotId: string;
  /** Our row that holds it (or that took it first). */
  keptRowId: string;
  /** Our rows still holding ids merged into it. */
  leftRowIds: string[];
}

export interface MergeOutcome {
  /** Row ids that now carry the primary's HubSpot id. */
  followed: { rowId: string; from: string; to: string }[];
  conflicts: MergeConflict[];
}

interface Row {
  id: string;
  hubspotId: string | null;
}

const rowsOf: Record<MergeTable, (db: Db, ids: string[]) => Promise<Row[]>> = {
  deal: (db, ids) => db.deal.findMany({ where: { hubspotId: { in: ids } }, select: { id: true, hubspotId: true }, orderBy: { createdAt: 'asc' } }),
  ticket: (db, ids) => db.ticket.findMany({ where: { hubspotId: { in: ids } }, select: { id: true, hubspotId: true }, orderBy: { createdAt: 'asc' } }),
  contact: (db, ids) => db.contact.findMany({ where: { hubspotId: { in: ids } }, select: { id: true, hubspotId: true }, orderBy: { createdAt: 'asc' } }),
};

// A followed deal or ticket forgets the version it held: the primary's data is then applied
// even when HubSpot dated it no later than the merged record's (the primary is another record).
const repoint: Record<MergeTable, (db: Db, rowId: string, to: string) => Promise<unknown>> = {
  deal: (db, id, to) => db.deal.update({ where: { id }, data: { hubspotId: to, hubspotUpdatedAt: null, archivedAt: null } }),
  ticket: (db, id, to) => db.ticket.update({ where: { id }, data: { hubspotId: to, hubspotUpdatedAt: null, archivedAt: null } }),
  contact: (db, id, to) => db.contact.update({ where: { id }, data: { hubspotId: to } }),
};

const isUniqueViolation = (error: unknown) => error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002';

/**
 * Follows a merge in HubSpot: the records `fromIds` were merged into `to`. A mirror row that
 * holds a merged id takes the primary's id, unless a row already holds it (or two rows held
 * merged ids): then two of our rows would be one HubSpot record, and neither may be dropped (a
 * customer's request could be lost), so the others keep their dead ids and are reported.
 */
export async function followMerge(db: Db, table: MergeTable, fromIds: readonly string[], to: string): Promise<MergeOutcome> {
  const outcome: MergeOutcome = { followed: [], conflicts: [] };
  const merged = fromIds.filter((id) => id !== to);
  if (merged.length === 0) return outcome;
  const rows = await rowsOf[table](db, [to, ...merged]);
  const secondaries = rows.filter((r) => r.hubspotId !== to);
  if (secondaries.length === 0) return outcome;
  let kept = rows.find((r) => r.hubspotId === to);
  const left: Row[] = [];
  for (const row of secondaries) {
    if (kept) {
      left.push(row);
      continue;
    }
    try {
      await repoint[table](db, row.id, to);
      outcome.followed.push({ rowId: row.id, from: row.hubspotId ?? '', to });
      kept = row;
    } catch (error) {
      // Another job gave a row the primary's id meanwhile (a pull creating it): same conflict.
      if (!isUniqueViolation(error)) throw error;
      left.push(row);
    }
  }
  if (left.length > 0) {
    const holder = kept ?? (await rowsOf[table](db, [to]))[0];
    outcome.conflicts.push({ table, hubspotId: to, keptRowId: holder?.id ?? '', leftRowIds: left.map((r) => r.id) });
  }
  return outcome;
}
