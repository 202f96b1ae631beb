import type { Db } from '@app/db/client';
import type { HubSpotEmulator } from '@app/emulators/hubspot/server';
import type { AnyQueue } from '@app/runtime/queue/connection';
import { waitUntil } from '../dev/src/net';
import type { StageMap } from '../worker/src/crm/account/stage-map';
import { createChangedDeals } from './seed-changed-deals';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const DAY_MS = 86_400_000;

export interface DailyFigures {
  mirroredDeals: number;
  mirroredContacts: number;
  /** The sweep's runs of one whole pass, and the requests each sent. */
  sweepRuns: number[];
  /** Requests of a pull run that finds nothing changed (median of a few), on a quiet day. */
  idlePull: number;
  /**
   * The same once a burst of changes (the top-up) is older than the re-read window: a run
   * searches from CRM_PULL_REREAD_MS before the later of its cursor and the start of the last
   * finished walk, so after one more walk the burst is not read again.
   */
  pullAfterBurst: number;
  sweepPerDay: number;
  pullPerDay: number;
}

/**
 * HubSpot requests a day at `deals` mirrored deals, measured in the emulator's request log: the
 * mirror is topped up to that size (created in HubSpot, then pulled), the sweep runs one whole
 * pass (CRM_SWEEP_PASS_HOURS / CRM_SWEEP_INTERVAL_MS runs, as the schedule would over that many
 * hours) and a few pulls run with nothing changed (after the pull's re-read window has passed, as
 * on a quiet day). Jobs are added by hand, one at a time; the schedules are removed first.
 */
export async function measureDailyRequests(o: {
  db: Db;
  hubspot: HubSpotEmulator;
  crmQueue: AnyQueue;
  token: string;
  stages: StageMap;
  deals: number;
  runsPerPass: number;
  pullIntervalMs: number;
  sweepIntervalMs: number;
  /** The worker's CRM_PULL_REREAD_MS: how long to wait after the last change before idle pulls. */
  rereadMs: number;
  indexLagMs: number;
  timeoutS: number;
}): Promise<DailyFigures> {
  const { db, hubspot, crmQueue } = o;
  const deadline = Date.now() + o.timeoutS * 1000;
  await crmQueue.removeJobScheduler('crm.pull');
  await crmQueue.removeJobScheduler('crm.sweep');
  let jobs = 0;
  const run = async (name: 'crm.pull' | 'crm.sweep') => {
    const job = await crmQueue.add(name, {}, { jobId: `bench-daily-${name}-${++jobs}`, attempts: 1, removeOnFail: 100 });
    const from = Date.now();
    const done = await waitUntil(async () => ['completed', 'failed'].includes(await job.getState()), Math.max(1, deadline - Date.now()), 100);
    if (!done) throw new Error(`${name} did not finish within BENCH_DAILY_TIMEOUT_S`);
    if ((await job.getState()) === 'failed') throw new Error(`${name} failed: ${(await crmQueue.getJob(job.id!))?.failedReason}`);
    const entries = hubspot.requests(from).filter((e) => e.at <= Date.now());
    if (process.env.BENCH_VERBOSE && name === 'crm.pull') {
      const counts = new Map<string, number>();
      for (const e of entries) counts.set(`${e.method} ${e.path} ${e.status}`, (counts.get(`${e.method} ${e.path} ${e.status}`) ?? 0) + 1);
      console.log(`  ${name}: ${[...counts].map(([k, n]) => `${n} ${k}`).join(', ')}`);
    }
    return entries.length;
  };

  const mirrored = () => db.deal.count({ where: { hubspotId: { not: null } } });
  const missing = o.deals - (await mirrored());
  let lastChange = Date.now();
  if (missing > 0) {
    const contactIds = hubspot.objects('contacts').map((c) => c.id);
    await createChangedDeals({ hubspot, token: o.token, count: missing, stages: o.stages, contactIds });
    lastChange = Date.now();
    await sleep(o.indexLagMs + 500);
    while ((await mirrored()) < o.deals) {
      if (Date.now() > deadline) throw new Error(`only ${await mirrored()} of ${o.deals} deals mirrored within BENCH_DAILY_TIMEOUT_S`);
      await run('crm.pull');
    }
  }

  // One whole pass of the sweep from the start of every table.
  await db.syncCursor.deleteMany({ where: { name: { startsWith: 'crm.sweep.' } } });
  const sweepRuns: number[] = [];
  for (let i = 0; i < o.runsPerPass; i++) sweepRuns.push(await run('crm.sweep'));

  // Pulls once the burst is older than the re-read window, with nothing changed since.
  await sleep(Math.max(0, lastChange + o.rereadMs + o.indexLagMs + 1_000 - Date.now()));
  const median = async () => [await run('crm.pull'), await run('crm.pull'), await run('crm.pull')].sort((a, b) => a - b)[1]!;
  const pullAfterBurst = await median();
  // A quiet day: one ordinary change, made after the burst's window, moves the pull's cursor on.
  const deal = hubspot.objects('deals')[0];
  if (deal) hubspot.editRecord('deals', deal.id, { dealname: 'Bench cleaning (renamed)' });
  await sleep(o.indexLagMs + 1_000);
  await run('crm.pull');
  const idlePull = await median();
  const passRequests = sweepRuns.reduce((a, b) => a + b, 0);
  return {
    mirroredDeals: await mirrored(),
    mirroredContacts: await db.contact.count({ where: { hubspotId: { not: null } } }),
    sweepRuns,
    idlePull,
    pullAfterBurst,
    sweepPerDay: Math.round((passRequests * DAY_MS) / (o.runsPerPass * o.sweepIntervalMs)),
    pullPerDay: Math.round((idlePull * DAY_MS) / o.pullIntervalMs),
  };
}
