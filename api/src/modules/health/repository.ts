import type { Db } from '@app/db/client';
import { lastPullCompletedAt } from '@app/db/sync-status';
import type { AnyQueue } from '@app/runtime/queue/connection';
import type { QueueName } from '@app/runtime/queue/queues';
import { readAccountStatus } from '../ops/repository';

export async function pingDatabase(db: Db): Promise<void> {
  await db.$queryRaw`SELECT 1`;
}

/** Fails with what the HubSpot account lacks, as the worker's last check found it. */
export async function checkCrmAccount(db: Db): Promise<void> {
  const status = await readAccountStatus(db);
  if (!status) throw new Error('not checked yet: the worker checks the HubSpot account at start (or run npm run crm:setup)');
  if (!status.ready) throw new Error(`checked ${status.checkedAt.toISOString()}: ${status.problems.join('; ')}`);
}

/**
 * Fails naming the schedules the worker asserted (job_schedule) that the queue store no longer
 * holds. The worker puts them back within OUTBOX_RECONCILE_INTERVAL_MS; one that stays missing
 * means no worker is running its checks.
 */
export async function checkSchedules(db: Db, queues: Readonly<Record<QueueName, AnyQueue>>): Promise<void> {
  const schedules = await db.jobSchedule.findMany({ select: { name: true, queue: true } });
  const missing: string[] = [];
  for (const s of schedules) {
    const queue = queues[s.queue as QueueName];
    if (!queue || !(await queue.getJobScheduler(s.name))) missing.push(s.name);
  }
  if (missing.length > 0) throw new Error(`missing from the queue store: ${missing.join(', ')}`);
}

/** How many pull intervals without a finished pull make the mirror stale. */
const STALE_PULL_INTERVALS = 3;

/**
 * Fails when the last HubSpot pull that ended without error is older than three of its
 * intervals (or none ended within three intervals of its schedule being set). Passes when the
 * pull is not scheduled.
 */
export async function checkPullFreshness(db: Db, now: Date = new Date()): Promise<void> {
  const schedule = await db.jobSchedule.findUnique({ where: { name: 'crm.pull' } });
  if (!schedule) return;
  const last = await lastPullCompletedAt(db);
  const since = last ?? schedule.assertedAt;
  const ageMs = now.getTime() - since.getTime();
  if (ageMs > STALE_PULL_INTERVALS * schedule.everyMs) {
    throw new Error(`${last ? 'last pull finished' : 'no pull finished since the schedule was set'} ${Math.round(ageMs / 1000)} s ago (every ${schedule.everyMs / 1000} s)`);
  }
}
