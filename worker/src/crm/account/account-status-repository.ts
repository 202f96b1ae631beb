import type { Db } from '@app/db/client';
import type { AccountReport } from './reconcile-account';
import type { StageMapData } from './stage-map';

/** Keeps the last account check: /readyz reports it, and a worker that cannot reach HubSpot at start uses its stage map. */
export async function saveAccountStatus(db: Db, report: AccountReport, checkedAt = new Date()): Promise<void> {
  const data = {
    ready: report.ready,
    problems: report.problems,
    // A check that could not see every stage keeps the last complete map rather than none.
    ...(report.stageMap ? { stageMap: report.stageMap as object } : {}),
    checkedAt,
  };
  await db.crmAccountStatus.upsert({ where: { id: 1 }, create: { id: 1, ...data }, update: data });
}

export async function loadStoredStageMap(db: Db): Promise<StageMapData | null> {
  const row = await db.crmAccountStatus.findUnique({ where: { id: 1 }, select: { stageMap: true } });
  return (row?.stageMap as StageMapData | null | undefined) ?? null;
}

export interface CrmAccountStatusView {
  ready: boolean;
  problems: string[];
  checkedAt: Date;
}

/** The last check as the api shows it (null before any worker or crm:setup ran). */
export async function readAccountStatus(db: Db): Promise<CrmAccountStatusView | null> {
  const row = await db.crmAccountStatus.findUnique({ where: { id: 1 }, select: { ready: true, problems: true, checkedAt: true } });
  return row ? { ready: row.ready, problems: (row.problems as string[] | null) ?? [], checkedAt: row.checkedAt } : null;
}

/** Bookings HubSpot refused for a reason retrying cannot fix (their jobs sit in the failed set with it). */
export async function countRefusedBookings(db: Db): Promise<number> {
  return db.deal.count({ where: { crmSyncedAt: null, crmPushFailedAt: { not: null } } });
}
