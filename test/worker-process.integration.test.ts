import { PROCESS_START_MS, workerChildren, type WorkerChild } from './worker-child';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createPrismaClient, type Db } from '@app/db/client';
import { createQueueBackend, type AnyQueue, type QueueBackend } from '@app/runtime/queue/connection';
import { setUpCrmAccount } from '@app/worker/crm/account/setup-account';
import { startHubSpotEmulator, type HubSpotEmulator } from '@app/emulators/hubspot/server';
import { createOwnTestDatabase, testRedisUrl, uniqueQueuePrefix } from './context';
import type { TestDatabase } from './database';
import { insertBooking } from './fixtures';
import { startSetUpHubSpot, type TestHubSpot } from './hubspot-account';
import { uniqueFirstObjectId } from './hubspot-ids';
import { startTcpProxy } from './tcp-proxy';

/**
 * The worker as a real process: killed with SIGKILL in the middle of a job, and stopped with
 * SIGTERM while a job runs. Bookings go the whole way: outbox row → relay → job → HubSpot.
 * On a database of its own: the worker's relay takes every due row it can see, and the run's
 * shared database holds other files' bookings.
 */
// Each test starts a worker process and waits on it (its polls alone allow up to 50 s): a budget of its own.
describe('worker process faults', { timeout: 180_000 }, () => {
  let database: TestDatabase;
  let db: Db;
  let crm: TestHubSpot;
  let hubspot: HubSpotEmulator;
  let backend: QueueBackend;
  let queue: AnyQueue;
  const prefix = uniqueQueuePrefix('proc-faults');
  const workers = workerChildren();

  // Whatever a test's assertions did, no worker it started outlives it.
  afterEach(() => workers.stopAll());

  beforeAll(async () => {
    database = await createOwnTestDatabase('worker_process');
    db = createPrismaClient(database.url);
    crm = await startSetUpHubSpot();
    hubspot = crm.emulator;
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

  function startWorker(target: { url: string } = hubspot): WorkerChild {
    return workers.start({
      DATABASE_URL: database.url,
      REDIS_URL: testRedisUrl(),
      QUEUE_PREFIX: prefix,
      HUBSPOT_ACCESS_TOKEN: crm.token,
      HUBSPOT_BASE_URL: target.url,
      CRM_ACCOUNT_RECHECK_MS: '1000',
      HUBSPOT_TIMEOUT_MS: '10000',
      WORKER_STALLED_INTERVAL_MS: '2000',
      // No scheduled pull: its HubSpot calls would take the faults these tests arm for the push.
      CRM_PULL_INTERVAL_MS: '0',
      CRM_SWEEP_INTERVAL_MS: '0',
    });
  }

  const dealsFor = (dealId: string) => hubspot.objects('deals').filter((d) => d.properties.app_request_id === dealId);
  // The pending fault is used up once the first HubSpot call arrived (and is being held).
  const heldRequestArrived = () => hubspot.faults.state().pending.length === 0;
  // The worker checks the account before it takes crm jobs: faults meant for a job are armed after that.
  const accountChecked = (worker: { output: () => string }) => expect.poll(() => worker.output().includes('HubSpot account ready'), { timeout: PROCESS_START_MS }).toBe(true);

  it('runs a job again after its worker was killed mid-job, without a duplicate', async () => {
    const first = startWorker();
    await accountChecked(first);
    hubspot.faults.next(1, { timeoutMs: 15_000 }); // the first HubSpot call hangs
    const booking = await insertBooking(db);
    await expect.poll(heldRequestArrived, { timeout: 20_000 }).toBe(true);
    expect(await queue.getJobState(booking.outboxId)).toBe('active');
    first.child.kill('SIGKILL');
    await first.exited;

    const second = startWorker();
    try {
      await expect.poll(() => queue.getJobState(booking.outboxId), { timeout: 90_000, interval: 200 }).toBe('completed');
      expect(dealsFor(booking.dealId)).toHaveLength(1);
      expect((await queue.getJob(booking.outboxId))!.stalledCounter ?? 1).toBeGreaterThanOrEqual(1);
    } finally {
      second.child.kill('SIGTERM');
      await second.exited;
    }
  });

  it('finishes a batch push its worker was killed in the middle of, with no record twice in HubSpot', async () => {
    // Between the worker and HubSpot, to see when the batch's last write has gone out.
    const proxy = await startTcpProxy({ host: '127.0.0.1', port: hubspot.port });
    const viaProxy = { url: `http://127.0.0.1:${proxy.port}` };
    try {
      const first = startWorker(viaProxy);
      await accountChecked(first);
      // The contacts and deals are created; the line items' create reaches HubSpot, and the
      // worker dies before it hears the answer or writes anything back.
      const lineItemsSent = proxy.cutAfter((chunk) => chunk.includes('/line_items/batch/'));
      const bookings = [];
      for (let i = 0; i < 20; i += 1) bookings.push(await insertBooking(db));
      await lineItemsSent;
      first.child.kill('SIGKILL');
      await first.exited;
      proxy.restore();
      const ids = bookings.map((b) => b.dealId);
      expect(await db.deal.count({ where: { id: { in: ids }, crmSyncedAt: null } })).toBeGreaterThan(0);
      expect(bookings.some((b) => dealsFor(b.dealId).length === 1)).toBe(true);

      const second = startWorker(viaProxy);
      try {
        await expect.poll(() => db.deal.count({ where: { id: { in: ids }, crmSyncedAt: { not: null } } }), { timeout: 90_000, interval: 250 }).toBe(20);
        for (const b of bookings) {
          const [deal, ...more] = dealsFor(b.dealId);
          expect(more).toHaveLength(0);
          expect(deal!.associations.line_items ?? []).toHaveLength(1);
        }
        const ours = new Set(bookings.map((b) => b.dealId));
        const items = hubspot.objects('line_items').filter((item) => hubspot.objects('deals').some((d) => ours.has(d.properties.app_request_id ?? '') && d.associations.line_items?.includes(item.id)));
        expect(items).toHaveLength(20);
      } finally {
        second.child.kill('SIGTERM');
        await second.exited;
      }
    } finally {
      await proxy.close();
    }
  });

  it('lets the running job finish on SIGTERM, leaves nothing stalled, and exits 0', async () => {
    const worker = startWorker();
    await accountChecked(worker);
    hubspot.faults.next(1, { timeoutMs: 1_500 }); // held, then dropped: the attempt ends with a retryable error
    const booking = await insertBooking(db);
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
      await expect.poll(() => queue.getJobState(booking.outboxId), { timeout: 90_000, interval: 200 }).toBe('completed');
      expect(dealsFor(booking.dealId)).toHaveLength(1);
    } finally {
      next.child.kill('SIGTERM');
      await next.exited;
    }
  });

  it('holds crm jobs while the account lacks what the product needs, says what, and runs them once crm:setup fixed it', async () => {
    const fresh = await startHubSpotEmulator({ port: 0, accessToken: crm.token, blank: true, firstObjectId: uniqueFirstObjectId() });
    const worker = startWorker(fresh);
    try {
      const booking = await insertBooking(db);
      await expect.poll(() => worker.output().includes('HubSpot account is not set up'), { timeout: PROCESS_START_MS }).toBe(true);
      const status = await db.crmAccountStatus.findUniqueOrThrow({ where: { id: 1 } });
      expect(status.ready).toBe(false);
      expect(status.problems).toContainEqual('deals.app_request_id: missing (string property)');
      // Nothing was tried against the account: the job waits in the queue, not in the failed set.
      expect(await queue.getJobState(booking.outboxId)).toBe('waiting');
      // (The check's scope tries are batch updates without inputs: they change nothing.)
      expect(fresh.requests().filter((r) => r.method === 'POST' && r.path.includes('/objects/') && !r.path.endsWith('/batch/update'))).toHaveLength(0);

      const setup = await setUpCrmAccount({ accessToken: crm.token, basePath: fresh.url, apply: true });
      expect(setup.ready, setup.problems.join('\n')).toBe(true);
      await expect.poll(() => queue.getJobState(booking.outboxId), { timeout: 90_000, interval: 200 }).toBe('completed');
      expect(fresh.objects('deals').filter((d) => d.properties.app_request_id === booking.dealId)).toHaveLength(1);
      // The queue may open on the stored stage map when a check meets the budget crm:setup just spent;
      // the next check that succeeds records the account ready: read it as it lands.
      await expect.poll(async () => (await db.crmAccountStatus.findUniqueOrThrow({ where: { id: 1 } })).ready, { timeout: 30_000, interval: 200 }).toBe(true);
    } finally {
      worker.child.kill('SIGTERM');
      await worker.exited;
      await fresh.close();
    }
  });
});
