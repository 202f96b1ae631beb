import { PROCESS_START_MS, workerChildren, type WorkerChild } from './worker-child';
import pg from 'pg';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createPrismaClient, type Db } from '@app/db/client';
import { lastPullCompletedAt, outboxBacklog } from '@app/db/sync-status';
import { insertContactTicket } from '@app/api/modules/support-ticket/repository';
import { upsertSignup } from '@app/api/modules/signup/repository';
import { checkPullFreshness, checkSchedules } from '@app/api/modules/health/repository';
import { createQueueBackend, createQueues, type AnyQueue, type QueueBackend, type QueueBackendKind } from '@app/runtime/queue/connection';
import type { QueueName } from '@app/runtime/queue/queues';
import { createOwnTestDatabase, testRedisUrl, uniqueQueuePrefix } from './context';
import type { TestDatabase } from './database';
import { insertBooking } from './fixtures';
import { startSetUpHubSpot, type TestHubSpot } from './hubspot-account';
import { startTwilioEmulator, type TwilioEmulator } from '@app/emulators/twilio/twilio-emulator';
import { outboxEvent } from '@app/runtime/outbox/events';

/**
 * The queue store loses everything while HubSpot is down (a failover to a replica that missed
 * the latest writes, a restart without its append-only file, a FLUSHALL; on the Postgres
 * backend, its tables emptied). With no new traffic, every request still reaches HubSpot or Twilio exactly
 * once and the pull runs again: the worker's reconciler dispatches the events whose job vanished,
 * and its schedule check re-creates the schedules. A real worker process, on a database of its own.
 */

const BOOKINGS = 15;
/** Short here so the test is quick; 30 s by default (the 2-minute bound is measured by npm run chaos). */
const RECONCILE_MS = 1_000;
const TWILIO = { sid: 'AC0123456789abcdef0123456789abcdef', token: 'queue-loss-token', from: '+15555550100' };
const INVITED_PHONE = '+14045550166';

const BACKENDS: ReadonlyArray<[QueueBackendKind, string]> = [
  ['redis', 'Redis loses its data (FLUSHALL)'],
  ['postgres', "the Postgres backend's tables are emptied"],
];

describe.each(BACKENDS)('a lost queue store heals itself: %s backend', { timeout: 180_000 }, (kind, fault) => {
  let database: TestDatabase;
  let db: Db;
  let crm: TestHubSpot;
  let twilio: TwilioEmulator;
  let backend: QueueBackend;
  let queues: Record<QueueName, AnyQueue>;
  let crmQueue: AnyQueue;
  const prefix = uniqueQueuePrefix(`qloss-${kind === 'redis' ? 'r' : 'pg'}`);
  const workers = workerChildren();

  beforeAll(async () => {
    database = await createOwnTestDatabase(`queue_loss_${kind}`);
    db = createPrismaClient(database.url);
    crm = await startSetUpHubSpot();
    twilio = await startTwilioEmulator({ port: 0, accountSid: TWILIO.sid, authToken: TWILIO.token, phoneNumber: TWILIO.from });
    backend = createQueueBackend({ redisUrl: kind === 'redis' ? testRedisUrl() : undefined, databaseUrl: database.url, prefix });
    queues = createQueues(backend);
    crmQueue = queues.crm;
  }, 60_000);
  afterEach(() => workers.stopAll());
  afterAll(async () => {
    await Promise.all(Object.values(queues).map((q) => q.close()));
    await backend.close();
    await crm.emulator.close();
    await twilio.close();
    await db.$disconnect();
    await database.drop();
  });

  function startWorker(): WorkerChild {
    return workers.start({
      DATABASE_URL: database.url,
      ...(kind === 'redis' ? { REDIS_URL: testRedisUrl() } : {}),
      QUEUE_PREFIX: prefix,
      HUBSPOT_ACCESS_TOKEN: crm.token,
      HUBSPOT_BASE_URL: crm.emulator.url,
      TWILIO_ACCOUNT_SID: TWILIO.sid,
      TWILIO_AUTH_TOKEN: TWILIO.token,
      TWILIO_FROM: TWILIO.from,
      TWILIO_BASE_URL: twilio.url,
      CRM_ACCOUNT_RECHECK_MS: '1000',
      HUBSPOT_TIMEOUT_MS: '5000',
      CRM_PULL_INTERVAL_MS: '2000',
      CRM_SWEEP_INTERVAL_MS: '0',
      HOUSEKEEPING_INTERVAL_MS: '60000',
      OUTBOX_RECONCILE_INTERVAL_MS: String(RECONCILE_MS),
    });
  }

  /** Everything the queue store held for this test, gone at once. */
  async function loseQueueStore(): Promise<void> {
    if (kind === 'redis') {
      const redis = new Redis(testRedisUrl());
      try {
        // The test Redis is shared by other files: only this prefix, which is all of this worker's.
        for await (const keys of redis.scanStream({ match: `${prefix}:*`, count: 500 }) as AsyncIterable<string[]>) {
          if (keys.length > 0) await redis.unlink(...keys);
        }
      } finally {
        redis.disconnect();
      }
      return;
    }
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ name: string }>(
        `SELECT format('%I.%I', schemaname, tablename) AS name FROM pg_tables WHERE schemaname = 'bullmq'`,
      );
      expect(rows.length).toBeGreaterThan(0);
      await client.query("SET lock_timeout = '5s'"); // a lock the frozen worker holds fails the test, never hangs it
      // Every row, table by table: TRUNCATE would wait on any lock at all, and the frozen worker
      // may be stopped inside one of its queues' polls (four queues poll now), which hold no row.
      await client.query('BEGIN');
      for (const { name } of rows) await client.query(`DELETE FROM ${name}`);
      await client.query('COMMIT');
    } finally {
      await client.end();
    }
  }

  const syncedCount = async () =>
    (await db.deal.count({ where: { crmSyncedAt: { not: null } } })) +
    (await db.contactTicket.count({ where: { crmSyncedAt: { not: null } } })) +
    (await db.notifySignup.count({ where: { crmSyncedAt: { not: null } } }));

  it(`reaches HubSpot and Twilio exactly once and pulls again when ${fault} mid-outage, with no new traffic`, async () => {
    // HubSpot is down from the start: the worker holds its crm queue (the account cannot be
    // checked), so every event the relay hands over waits there as a job.
    crm.emulator.faults.add({ type: 'outage', seconds: 600 });
    twilio.addFault({ type: 'outage', seconds: 600 });
    const worker = startWorker();
    const bookings = [];
    for (let i = 0; i < BOOKINGS; i += 1) bookings.push(await insertBooking(db));
    const { contactTicketId } = await insertContactTicket(db, {
      name: 'Sam Writer', email: 'sam.writer@example.com', phone: '+14045550111', bookingId: null, reason: 'Question', description: 'Do you clean ovens?', agreed: true,
    });
    const { event: signupEvent } = await upsertSignup(db, { zip: '30303', email: 'notify.me@example.com', firstName: 'Noa', interest: 'Residential Cleaning' });
    // A text, written as the staff invite writes it: its row, and an event naming only the row.
    const invite = await db.smsMessage.create({ data: { purpose: 'staff_invite', to: INVITED_PHONE }, select: { id: true } });
    const text = await db.outboxEvent.create({ data: outboxEvent('sms.send', { messageId: invite.id }, { aggregateId: invite.id }) });
    const events = [text.id, ...bookings.map((b) => b.outboxId), signupEvent!.id, (await db.outboxEvent.findFirstOrThrow({ where: { aggregateId: contactTicketId } })).id];

    // The relay handed every event to the queue.
    await expect.poll(() => db.outboxEvent.count({ where: { id: { in: events }, status: 'dispatched' } }), { timeout: PROCESS_START_MS }).toBe(events.length);
    for (const id of events.slice(1)) expect(await crmQueue.getJobState(id)).not.toBe('unknown');
    // The text's job meets Twilio's outage and waits for its retry.
    await expect.poll(() => twilio.requests().some((r) => r.status === 503), { timeout: 20_000 }).toBe(true);
    await expect.poll(() => crmQueue.getJobScheduler('crm.pull'), { timeout: 20_000 }).toBeDefined();
    // Every schedule asserted in Postgres too (a slow start may not have got to the last one yet).
    const asserted = async () => (await db.jobSchedule.findMany({ select: { name: true } })).map((r) => r.name).sort();
    await expect.poll(asserted, { timeout: 20_000 }).toEqual(['crm.pull', 'housekeeping.purge-expired', 'plans.make-visits']);
    expect(worker.output()).not.toContain('HubSpot account ready');

    // Frozen while the store is lost and looked at, so its checks cannot heal it before the asserts.
    worker.child.kill('SIGSTOP');
    await loseQueueStore();
    const lostAt = new Date();
    expect(await crmQueue.getJobScheduler('crm.pull')).toBeUndefined();
    // What /readyz advises meanwhile.
    await expect(checkSchedules(db, queues)).rejects.toThrow('missing from the queue store: crm.pull, housekeeping.purge-expired, plans.make-visits');
    crm.emulator.faults.clear();
    twilio.clearFaults();
    worker.child.kill('SIGCONT');

    // No new traffic: the reconciler and the schedule check alone bring everything through.
    await expect.poll(syncedCount, { timeout: 60_000, interval: 250 }).toBe(BOOKINGS + 2);
    await expect.poll(async () => (await db.smsMessage.findUniqueOrThrow({ where: { id: invite.id } })).status, { timeout: 30_000 }).not.toBe('queued');
    expect(twilio.messages({ to: INVITED_PHONE })).toHaveLength(1);
    for (const b of bookings) expect(crm.emulator.objects('deals').filter((d) => d.properties.app_request_id === b.dealId)).toHaveLength(1);
    expect(crm.emulator.objects('tickets').filter((t) => t.properties.subject?.includes('Sam Writer') || t.properties.content?.includes('ovens'))).toHaveLength(1);
    expect(crm.emulator.objects('contacts').filter((c) => c.properties.email === 'notify.me@example.com')).toHaveLength(1);

    // Every lost event was dispatched again exactly once, and counted.
    const rows = await db.outboxEvent.findMany({ where: { id: { in: events } }, select: { redispatches: true } });
    expect(rows.map((r) => r.redispatches)).toEqual(events.map(() => 1));
    expect((await outboxBacklog(db)).redispatched).toBe(events.length);

    // The schedules are back and the pull runs again.
    await expect.poll(async () => ((await lastPullCompletedAt(db)) ?? new Date(0)) > lostAt, { timeout: 30_000 }).toBe(true);
    expect(worker.output()).toContain('HubSpot account ready');
    expect(await crmQueue.getJobScheduler('crm.pull')).toBeDefined();
    await expect(checkSchedules(db, queues)).resolves.toBeUndefined();
    // Fresh again: a pull finished within three intervals (on a slow host the first ones may take longer).
    await expect.poll(() => checkPullFreshness(db).then(() => true, () => false), { timeout: 30_000 }).toBe(true);
    // Three pull intervals (2 s here) without a finished pull: stale.
    await expect(checkPullFreshness(db, new Date(Date.now() + 7_000))).rejects.toThrow(/last pull finished \d+ s ago \(every 2 s\)/);
    expect(worker.output()).toContain('job schedules were missing from the queue store: created again');
    expect(worker.output()).toContain('dispatched again');
  });
});
