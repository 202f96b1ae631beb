import type { Db } from '@app/db/client';
import type { Logger } from '@app/runtime/logger';
import { JOB_QUEUES, type ScheduledJobName } from '@app/runtime/outbox/events';
import type { QueuesByName } from '../outbox/dispatch';

export interface Schedule {
  name: ScheduledJobName;
  /** 0: off. */
  everyMs: number;
}

export interface ScheduleKeeper {
  /** Settles once the start-up assertion is done (or failed: the checks carry on). */
  ready: Promise<void>;
  /** Asserts every schedule that is missing from the queue store; returns the names re-created. */
  checkOnce(): Promise<ScheduledJobName[]>;
  stop(): Promise<void>;
}

export const SCHEDULE_CHECK_MS = 30_000;

/** Scheduled runs keep few records: each run is cheap to lose, the next one comes anyway. */
const SCHEDULED_RUN_OPTIONS = { attempts: 1, removeOnComplete: 100, removeOnFail: 100 } as const;

/**
 * The repeatable schedules (crm.pull, crm.sweep, housekeeping) live in the queue store, which
 * is not durable: a store that lost its data would stop the pull for good. They are asserted on
 * start (one schedule per job however many workers run: upsert by name) and checked every
 * `checkMs`; one that is gone is created again, without waiting for a restart. What was asserted
 * is recorded in job_schedule, so /readyz can say when the queue store lacks one. A schedule set
 * to 0 is off: its row goes, and the store's schedule is left alone.
 */
export function startScheduleKeeper(options: {
  db: Db;
  queues: QueuesByName;
  schedules: readonly Schedule[];
  log: Logger;
  checkMs?: number;
}): ScheduleKeeper {
  const { db, queues, log, checkMs = SCHEDULE_CHECK_MS } = options;
  const active = options.schedules.filter((s) => s.everyMs > 0);
  const queueOf = (s: Schedule) => queues[JOB_QUEUES[s.name]];

  const assert = async (s: Schedule) => {
    await queueOf(s).upsertJobScheduler(s.name, { every: s.everyMs }, { name: s.name, data: {}, opts: SCHEDULED_RUN_OPTIONS });
    await db.jobSchedule.upsert({
      where: { name: s.name },
      create: { name: s.name, queue: JOB_QUEUES[s.name], everyMs: s.everyMs },
      update: { queue: JOB_QUEUES[s.name], everyMs: s.everyMs, assertedAt: new Date() },
    });
  };

  const start = (async () => {
    const off = options.schedules.filter((s) => s.everyMs <= 0).map((s) => s.name);
    if (off.length > 0) await db.jobSchedule.deleteMany({ where: { name: { in: off } } });
    for (const s of active) await assert(s);
  })().catch((error: unknown) => log.warn({ err: error }, 'could not assert the job schedules yet; the next check will'));

  const checkOnce = async (): Promise<ScheduledJobName[]> => {
    const recreated: ScheduledJobName[] = [];
    for (const s of active) {
      if (await queueOf(s).getJobScheduler(s.name)) continue;
      await assert(s);
      recreated.push(s.name);
    }
    if (recreated.length > 0) log.warn({ schedules: recreated }, 'job schedules were missing from the queue store: created again');
    return recreated;
  };

  let running = true;
  let timer: NodeJS.Timeout | undefined;
  let pass: Promise<unknown> = start;
  const tick = () => {
    if (!running) return;
    pass = checkOnce()
      .catch((error: unknown) => log.warn({ err: error }, 'could not check the job schedules; trying again at the next check'))
      .finally(() => {
        if (running) timer = setTimeout(tick, checkMs);
      });
  };
  timer = setTimeout(() => void start.then(tick), checkMs);

  return {
    ready: start,
    checkOnce,
    stop: async () => {
      running = false;
      clearTimeout(timer);
      await pass;
    },
  };
}
