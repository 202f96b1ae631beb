import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createPrismaClient, type Db } from '@app/db/client';
import { createQueueBackend, type AnyQueue, type QueueBackend } from '@app/worker/queue/connection';
import { startHubSpotEmulator, type HubSpotEmulator } from '../dev/src/emulators/hubspot/server';
import { uniqueFirstObjectId } from './hubspot-ids';
import { testRedisUrl, uniqueQueuePrefix } from './context';
import { createTestDatabase, type TestDatabase } from './database';
import { insertBooking } from './fixtures';

/**
 * The worker as a real process: killed with SIGKILL in the middle of a job, and stopped with
 * SIGTERM while a job runs. Bookings go the whole way: outbox row → relay → job → HubSpot.
 * On a database of its own: the worker's relay takes every due row it can see, and the run's
 * shared database holds other files' bookings.
 */
const ROOT = path.resolve(import.meta.dirname, '..');
const TOKEN = 'process-test-token';

describe('worker process faults', () => {
  let database: TestDatabase;
  let db: Db;
  let hubspot: HubSpotEmulator;
  let backend: QueueBackend;
  let queue: AnyQueue;
  const prefix = uniqueQueuePrefix('proc-faults');
  const started: ChildProcess[] = [];

  // Whatever a test's assertions did, no worker it started outlives it.
  afterEach(async () => {
    await Promise.all(
      started.splice(0).map(async (child) => {
        if (child.exitCode !== null || child.signalCode !== null) return;
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGKILL');
        await exited;
      }),
    );
  });

  beforeAll(async () => {
    database = await createTestDatabase('worker_process');
    db = createPrismaClient(database.url);
    hubspot = await startHubSpotEmulator({ port: 0, accessToken: TOKEN, firstObjectId: uniqueFirstObjectId() });
    backend = createQueueBackend({ redisUrl: testRedisUrl(), databaseUrl: database.url, prefix });
    queue = backend.createQueue('crm');
  }, 60_000);
  afterAll(async () => {
    await queue.close();
    await backend.close();
    await hubspot.close();
    await db.$disconnect();
    await database.drop();
  });

  function startWorker(): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
    // One plain node process (tsx as a loader), so a signal reaches the worker itself.
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'worker/src/main.ts')], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'test',
        LOG_FORMAT: 'json',
        DATABASE_URL: database.url,
        REDIS_URL: testRedisUrl(),
        QUEUE_PREFIX: prefix,
        HUBSPOT_ACCESS_TOKEN: TOKEN,
        HUBSPOT_BASE_URL: hubspot.url,
        HUBSPOT_TIMEOUT_MS: '10000',
        WORKER_STALLED_INTERVAL_MS: '2000',
        // No scheduled pull: its HubSpot calls would take the faults these tests arm for the push.
        CRM_PULL_INTERVAL_MS: '0',
        CRM_SWEEP_INTERVAL_MS: '0',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    started.push(child);
    let output = '';
    child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    return { child, output: () => output, exited };
  }

  const dealsFor = (dealId: string) => hubspot.objects('deals').filter((d) => d.properties.app_request_id === dealId);
  // The pending fault is used up once the first HubSpot call arrived (and is being held).
  const heldRequestArrived = () => hubspot.faults.state().pending.length === 0;

  it('runs a job again after its worker was killed mid-job, without a duplicate', async () => {
    const booking = await insertBooking(db);
    hubspot.faults.next(1, { timeoutMs: 15_000 }); // the first HubSpot call hangs
    const first = startWorker();
    await expect.poll(heldRequestArrived, { timeout: 20_000 }).toBe(true);
    expect(await queue.getJobState(booking.outboxId)).toBe('active');
    first.child.kill('SIGKILL');
    await first.exited;

    const second = startWorker();
    try {
      await expect.poll(() => queue.getJobState(booking.outboxId), { timeout: 30_000, interval: 200 }).toBe('completed');
      expect(dealsFor(booking.dealId)).toHaveLength(1);
      expect((await queue.getJob(booking.outboxId))!.stalledCounter ?? 1).toBeGreaterThanOrEqual(1);
    } finally {
      second.child.kill('SIGTERM');
      await second.exited;
    }
  });

  it('lets the running job finish on SIGTERM, leaves nothing stalled, and exits 0', async () => {
    const booking = await insertBooking(db);
    hubspot.faults.next(1, { timeoutMs: 1_500 }); // held, then dropped: the attempt ends with a retryable error
    const worker = startWorker();
    await expect.poll(heldRequestArrived, { timeout: 20_000 }).toBe(true);
    worker.child.kill('SIGTERM');
    const code = await worker.exited;
    expect(worker.output()).toContain('worker stopping');
    expect(worker.output()).toContain('worker stopped');
    expect(code).toBe(0);
    // The attempt ended before the exit: the job is waiting for its retry, not stuck as active.
    expect(await queue.getJobState(booking.outboxId)).not.toBe('active');

    const next = startWorker();
    try {
      await expect.poll(() => queue.getJobState(booking.outboxId), { timeout: 30_000, interval: 200 }).toBe('completed');
      expect(dealsFor(booking.dealId)).toHaveLength(1);
    } finally {
      next.child.kill('SIGTERM');
      await next.exited;
    }
  });
});
