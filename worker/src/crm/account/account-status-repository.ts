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
