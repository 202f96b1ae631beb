import { UnrecoverableError } from 'bullmq';
import type { Db } from '@app/db/client';
import type { CrmAccount } from '../crm/account/crm-account';
import { CONTACT_IDENTITY_PROPERTIES, type HubSpotGateway, type HubSpotRecord, type IdCheck, type ObjectType } from '../crm/hubspot-gateway';
import { markActivities, mirroredActivityIds } from '../crm/context-repository';
import { followMerge, type MergeConflict } from '../crm/merge-repository';
import { readCursor, writeCursor } from '../crm/mirror-repository';
import { adoptCrmContacts, archiveRecords, countMirrored, mirroredIds, restoreRecords, type MirroredId, type SweptTable } from '../crm/sweep-repository';
import { DailyLimitError } from './job-errors';
import type { Logger } from '@app/runtime/logger';
import { ACTIVITY_SOURCES } from './crm-pull-context';
import type { NoticePolicy } from '../crm/notice-rules';
import { DEAL_PROPERTIES, emptySummary, logMergeConflicts, mirrorDealRecords, mirrorTicketRecords, TICKET_PROPERTIES } from './crm-pull';
import { defineJob } from './job';

/** HubSpot keeps a deleted record restorable this long; rows archived earlier are not checked again. */
const RESTORABLE_MS = 90 * 24 * 3_600_000;
/** Rows read from Postgres at a time (HubSpot is asked 100 ids per request). */
const ROWS_PER_PAGE = 1_000;

interface TableCounts {
  checked: number;
  archived: number;
  restored: number;
  followed: number;
  /** Ids HubSpot neither answered nor reported missing: left alone. */
  unresolved: number;
  /** Contacts HubSpot no longer has: reported only, a contact is ours. */
  missing: number;
  /** Contacts whose login phone changed to HubSpot's. */
  phonesChanged: number;
}

const SWEEPS: readonly { table: SweptTable; type: ObjectType; properties: readonly string[] }[] = [
  { table: 'deal', type: 'deals', properties: DEAL_PROPERTIES },
  { table: 'ticket', type: 'tickets', properties: TICKET_PROPERTIES },
  { table: 'contact', type: 'contacts', properties: CONTACT_IDENTITY_PROPERTIES },
];

const sample = (rows: readonly MirroredId[]) => rows.slice(0, 20);

/** Where each table's pass stands: the last row id checked ('' at the start), in sync_cursor. */
const cursorName = (table: string) => `crm.sweep.${table}`;

/** One entry per primary record (a merge is met both when following it and when applying the primary's data). */
function distinct(conflicts: readonly MergeConflict[]): MergeConflict[] {
  const byRecord = new Map<string, MergeConflict>();
  for (const c of conflicts) {
    const key = `${c.table}:${c.hubspotId}`;
    const seen = byRecord.get(key);
    byRecord.set(key, seen ? { ...seen, leftRowIds: [...new Set([...seen.leftRowIds, ...c.leftRowIds])] } : c);
  }
  return [...byRecord.values()];
}

/**
 * Finds what the incremental pull cannot see: HubSpot's search never returns deleted records,
 * and a merged record's id simply stops existing. Every HubSpot id the mirror holds is checked
 * with batch read (100 per request): a deal or ticket HubSpot no longer has is archived (kept,
 * but no longer shown), one restored in HubSpot is shown again, and a row holding a merged id
 * takes the primary's id (deals and tickets also take its data). Contacts follow merges and take
 * HubSpot's phone and name (the login phone is the CRM's: docs/identity.md). Notes, tasks, calls
 * and meetings HubSpot no longer has are archived (and shown again when restored).
 * Where a merge would make two of our rows one HubSpot record, both rows are kept and the job
 * fails at the end, after all other work, naming them: a person has to decide, and the failed
 * job is how operations hear of it (queue dashboard, failed count in /metrics).
 */
export function crmSweepJob(deps: {
  db: Db;
  hubspot: HubSpotGateway;
  account: CrmAccount;
  notices?: NoticePolicy;
  now?: () => Date;
  /**
   * In how many runs the whole mirror is checked: each run checks its share of every table
   * (a slice after the last one's), so the sweep's daily cost stays bounded however large the
   * mirror grows. 1 (the default): every run checks everything.
   */
  runsPerPass?: number;
}) {
  const { db, hubspot, now = () => new Date() } = deps;
  const runsPerPass = Math.max(1, deps.runsPerPass ?? 1);

  /**
   * This run's slice of a table: about 1/runsPerPass of its rows, from where the last run left
   * off, starting again at the beginning once the end is reached. The cursor moves after each
   * page is checked, so a run stopped by HubSpot's daily limit goes on from there next time.
   * Answers false when the daily limit stopped it.
   */
  async function slice(name: string, total: number, read: (afterRowId: string | null, take: number) => Promise<MirroredId[]>, check: (rows: MirroredId[]) => Promise<void>, log: Logger): Promise<boolean> {
    const quota = Math.ceil(total / runsPerPass);
    let after: string | null = (await readCursor(db, cursorName(name))) || null;
    let wrapped = after === null;
    for (let checked = 0; checked < quota; ) {
      const rows = await read(after, Math.min(ROWS_PER_PAGE, quota - checked));
      if (rows.length === 0) {
        if (wrapped) break;
        after = null; // the end of the table: this pass is done, the next one starts here
        wrapped = true;
        await writeCursor(db, cursorName(name), '');
        continue;
      }
      try {
        await check(rows);
      } catch (error) {
        if (!(error instanceof DailyLimitError)) throw error;
        log.warn({ table: name, resumeAt: new Date(error.resumeAt).toISOString() }, "the sweep's share of HubSpot's daily limit is spent: it goes on from here in a later run");
        return false;
      }
      checked += rows.length;
      after = rows.at(-1)?.rowId ?? null;
      await writeCursor(db, cursorName(name), after ?? '');
    }
    return true;
  }

  async function sweepTable(sweep: (typeof SWEEPS)[number], log: Logger, conflicts: MergeConflict[]): Promise<TableCounts & { done: boolean }> {
    const counts: TableCounts = { checked: 0, archived: 0, restored: 0, followed: 0, unresolved: 0, missing: 0, phonesChanged: 0 };
    const archivedSince = new Date(now().getTime() - RESTORABLE_MS);
    const total = await countMirrored(db, sweep.table, archivedSince);
    const read = (afterRowId: string | null, take: number) => mirroredIds(db, sweep.table, { afterRowId, take, archivedSince });
    const done = await slice(sweep.table, total, read, async (rows) => {
      const check = await hubspot.checkIds(sweep.type, rows.map((r) => r.hubspotId), sweep.properties);
      counts.checked += rows.length;
      counts.unresolved += check.unresolved.length;
      if (check.unresolved.length > 0) log.warn({ table: sweep.table, ids: check.unresolved.slice(0, 20) }, 'HubSpot neither returned nor reported missing these ids: left as they are');
      counts.followed += await followMerges(sweep.table, check, log, conflicts);
      if (sweep.table === 'contact') {
        counts.missing += check.missing.length;
        // The login phone follows HubSpot's (docs/identity.md); a changed one ends the contact's portal sessions.
        const changed = await adoptCrmContacts(db, [...check.live.values(), ...check.merged.values()]);
        counts.phonesChanged += changed;
        if (changed > 0) log.info({ contacts: changed }, "contacts' login phones follow HubSpot: their portal sessions ended");
        return;
      }
      const archived = await archiveRecords(db, sweep.table, check.missing, now());
      const restored = await restoreRecords(db, sweep.table, [...check.live.keys()]);
      counts.archived += archived.length;
      counts.restored += restored.length;
      if (archived.length > 0) log.info({ table: sweep.table, rows: sample(archived) }, 'deleted in HubSpot: archived in the mirror');
      if (restored.length > 0) log.info({ table: sweep.table, rows: sample(restored) }, 'restored in HubSpot: shown again');
    }, log);
    return { ...counts, done };
  }

  /** Notes, tasks, calls and meetings deleted in HubSpot leave the customer page (restored ones come back); they are never merged. */
  async function sweepActivities(log: Logger): Promise<{ checked: number; archived: number; restored: number; unresolved: number; done: boolean }> {
    const counts = { checked: 0, archived: 0, restored: 0, unresolved: 0, done: true };
    const archivedSince = new Date(now().getTime() - RESTORABLE_MS);
    const sweepSource = async (source: (typeof ACTIVITY_SOURCES)[number]) => {
      const total = await countMirrored(db, source.kind, archivedSince);
      const read = (afterRowId: string | null, take: number) => mirroredActivityIds(db, source.kind, { afterRowId, take, archivedSince });
      return slice(source.kind, total, read, async (rows) => {
        const check = await hubspot.checkIds(source.type, rows.map((r) => r.hubspotId), []);
        const marked = await markActivities(db, source.kind, check.missing, [...check.live.keys()], now());
        counts.checked += rows.length;
        counts.archived += marked.archived;
        counts.restored += marked.restored;
        counts.unresolved += check.unresolved.length;
      }, log);
    };
    for (const source of ACTIVITY_SOURCES) {
      if (!(await sweepSource(source))) {
        counts.done = false;
        break;
      }
    }
    if (counts.archived + counts.restored > 0) log.info(counts, 'notes, tasks, calls and meetings deleted or restored in HubSpot');
    return counts;
  }

  /** Rows holding merged ids take the primary's; deals and tickets then take the primary's data too. */
  async function followMerges(table: SweptTable, check: IdCheck, log: Logger, conflicts: MergeConflict[]): Promise<number> {
    let followed = 0;
    const primaries = new Map<string, HubSpotRecord>();
    for (const [from, primary] of check.merged) {
      const outcome = await followMerge(db, table, [from], primary.id);
      followed += outcome.followed.length;
      conflicts.push(...outcome.conflicts);
      for (const f of outcome.followed) log.info({ table, rowId: f.rowId, from: f.from, to: f.to }, 'merged in HubSpot: mirror row follows the primary record');
      primaries.set(primary.id, primary);
    }
    if (primaries.size === 0 || table === 'contact') return followed;
    const refreshed = emptySummary();
    if (table === 'deal') await mirrorDealRecords(deps, [...primaries.values()], refreshed);
    else await mirrorTicketRecords(deps, [...primaries.values()], refreshed);
    conflicts.push(...refreshed.conflicts);
    return followed + refreshed.followed;
  }

  return defineJob('crm.sweep', async (_payload, { log }) => {
      const found: MergeConflict[] = [];
      const summary: Partial<Record<SweptTable, TableCounts>> = {};
      let stopped = false;
      for (const sweep of SWEEPS) {
        const { done, ...counts } = await sweepTable(sweep, log, found);
        summary[sweep.table] = counts;
        if ((stopped = !done)) break;
      }
      const { done: activitiesDone, ...activities } = stopped ? { checked: 0, archived: 0, restored: 0, unresolved: 0, done: false } : await sweepActivities(log);
      const conflicts = distinct(found);
      // Most runs check a slice and find nothing: those log at debug; a run that changed or found
      // something (or stopped at the daily limit) at info.
      const changedRows = Object.values(summary).some((c) => c.archived + c.restored + c.followed + c.missing + c.phonesChanged > 0);
      const noteworthy = changedRows || activities.archived + activities.restored > 0 || conflicts.length > 0 || stopped || !activitiesDone;
      log[noteworthy ? 'info' : 'debug']({ ...summary, activities, conflicts: conflicts.length }, 'checked the mirror against HubSpot');
      if (conflicts.length > 0) {
        logMergeConflicts(log, conflicts);
        const named = conflicts.slice(0, 10).map((c) => `${c.table} ${c.hubspotId}: kept row ${c.keptRowId}, left rows ${c.leftRowIds.join(', ')}`);
        const more = conflicts.length > 10 ? ` and ${conflicts.length - 10} more (see the log)` : '';
        throw new UnrecoverableError(`Merged in HubSpot, but our rows would share one record, so both were kept; a person must decide: ${named.join('; ')}${more}`);
      }
      return { ...summary, activities, ...(stopped || !activitiesDone ? { stopped: 'hubspot-daily-limit' } : {}) };
  });
}
