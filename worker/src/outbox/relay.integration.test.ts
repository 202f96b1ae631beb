import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPrismaClient, type Db } from '@app/db/client';
import { createOwnTestDatabase, testRedisUrl, uniqueQueuePrefix } from '../../../test/context';
import type { TestDatabase } from '../../../test/database';
import { createLogger } from '@app/runtime/logger';
import { createQueueBackend, createQueues, type QueueBackend } from '@app/runtime/queue/connection';
import { addOutboxJobs, type QueuesByName } from './dispatch';
import { createRedisConnection } from '@app/runtime/queue/connection';
import { createOutboxNotifier, listenForOutboxNudges } from '@app/runtime/outbox/notifier';
import { trackProviderOutages } from '../queue/provider-outages';
import { HELD_REASON } from './relay-repository';
import { startRelay } from './relay';
import { untilReady } from '../../../test/outbox-nudges';

const log = createLogger({ service: 'relay-test', level: 'silent', format: 'json' });

/**
 * A relay claims every due row of its database and these tests empty the outbox between
 * cases, so they get a database of their own: the run's shared one has other files' rows.
 */
describe('outbox relay', () => {
  let database: TestDatabase;
  let db: Db;
  let backend: QueueBackend;
  let queues: QueuesByName;
  let prefix: string;

  beforeAll(async () => {
    database = await createOwnTestDatabase('relay');
    db = createPrismaClient(database.url);
  }, 60_000);
  beforeEach(async () => {
    await db.outboxEvent.deleteMany();
    prefix = uniqueQueuePrefix('relay');
    backend = createQueueBackend({ redisUrl: testRedisUrl(), databaseUrl: database.url, prefix, role: 'producer' });
    queues = createQueues(backend);
  });
  afterAll(async () => {
    await Promise.all(Object.values(queues).map((q) => q.close()));
    await backend.close();
    await db.$disconnect();
    await database.drop();
  });

  async function insertEvents(count: number, type = 'crm.push-booking'): Promise<string[]> {
    const rows = Array.from({ length: count }, () => ({
      id: randomUUID(),
      type,
      payload: { dealId: randomUUID() },
      aggregateType: 'deal',
      aggregateId: randomUUID(),
    }));
    await db.outboxEvent.createMany({ data: rows });
    return rows.map((r) => r.id);
  }

  it('turns due events into jobs whose id is the outbox id, and marks them dispatched', async () => {
    const ids = await insertEvents(3);
    await db.outboxEvent.create({
      data: { type: 'sms.send', payload: { messageId: 'x' }, aggregateType: 'sms_message', aggregateId: 'x' },
    });
    const relay = startRelay({ db, queues, log, idleMs: 60_000 });
    await relay.stop(); // one pass ran on start
    for (const id of ids) expect((await queues.crm.getJob(id))?.name).toBe('crm.push-booking');
    expect(await queues.sms.count()).toBe(1);
    const rows = await db.outboxEvent.findMany();
    expect(rows.every((r) => r.status === 'dispatched' && r.dispatchedAt !== null && r.attempts === 1)).toBe(true);
  });

  it('adds a booking push delayed by what is left of the linger since the booking was made, other jobs at once', async () => {
    const [fresh] = await insertEvents(1);
    const [late] = await insertEvents(1); // held during an outage, say: it has waited long enough
    await db.outboxEvent.update({ where: { id: late! }, data: { createdAt: new Date(Date.now() - 60_000) } });
    const [sms] = await insertEvents(1, 'sms.send');
    const relay = startRelay({ db, queues, log, idleMs: 60_000, pushLingerMs: 5_000 });
    await relay.stop(); // one pass ran on start
    const delay = (await queues.crm.getJob(fresh!))?.opts.delay ?? 0;
    expect(delay).toBeGreaterThan(3_000);
    expect(delay).toBeLessThanOrEqual(5_000);
    expect(await queues.crm.getJobState(fresh!)).toBe('delayed');
    expect(await queues.crm.getJobState(late!)).toBe('waiting');
    expect(await queues.sms.getJobState(sms!)).toBe('waiting');
  });

  it('never dispatches a row twice when two relays run at once', async () => {
    await insertEvents(400);
    const a = startRelay({ db, queues, log, idleMs: 20, batchSize: 50 });
    const b = startRelay({ db, queues, log, idleMs: 20, batchSize: 50 });
    await expect.poll(() => db.outboxEvent.count({ where: { status: 'pending' } }), { timeout: 20_000 }).toBe(0);
    await Promise.all([a.stop(), b.stop()]);
    expect(await queues.crm.count()).toBe(400);
    expect(await db.outboxEvent.count({ where: { attempts: { not: 1 } } })).toBe(0);
  });

  it('keeps events pending while the queue is down, and dispatches them once it is back', async () => {
    const ids = await insertEvents(2);
    const downBackend = createQueueBackend({ redisUrl: 'redis://127.0.0.1:1', databaseUrl: database.url, prefix: 'down', role: 'producer' });
    const downQueues = createQueues(downBackend);
    const down = startRelay({ db, queues: downQueues, log, idleMs: 60_000 });
    await down.stop();
    await Promise.all(Object.values(downQueues).map((q) => q.close()));
    await downBackend.close();

    const parked = await db.outboxEvent.findMany({ where: { id: { in: ids } } });
    expect(parked.every((r) => r.status === 'pending' && r.lastError !== null && r.attempts === 1)).toBe(true);
    expect(parked.every((r) => r.availableAt.getTime() > Date.now())).toBe(true);

    await db.outboxEvent.updateMany({ data: { availableAt: new Date() } }); // skip the short retry pause
    const up = startRelay({ db, queues, log, idleMs: 60_000 });
    await up.stop();
    expect(await db.outboxEvent.count({ where: { status: 'dispatched', id: { in: ids } } })).toBe(2);
    expect(await queues.crm.count()).toBe(2);
  });

  it("keeps a down provider's events in the outbox, dispatches the others, and releases them when it answers", async () => {
    const outages = trackProviderOutages();
    outages.reportOutage('crm'); // a crm job just met an outage
    outages.reportOutage('sms'); // so did a text message: those are never held
    const crm = await insertEvents(3);
    const [sms] = await insertEvents(1, 'sms.send');
    const relay = startRelay({ db, queues, log, idleMs: 60_000, outages });
    try {
      await expect.poll(() => db.outboxEvent.count({ where: { id: sms!, status: 'dispatched' } })).toBe(1);
      const held = await db.outboxEvent.findMany({ where: { id: { in: crm } } });
      expect(held.every((r) => r.status === 'pending' && r.lastError === HELD_REASON && r.attempts === 0)).toBe(true);
      expect(held.every((r) => r.availableAt.getTime() > Date.now() + 20_000)).toBe(true);
      expect(await queues.crm.count()).toBe(0);
      expect((await queues.sms.getJob(sms!))?.name).toBe('sms.send');

      outages.reportSuccess('crm'); // a crm job succeeded: HubSpot answers again
      await expect.poll(() => db.outboxEvent.count({ where: { id: { in: crm }, status: 'dispatched' } }), { timeout: 15_000 }).toBe(3);
      for (const id of crm) expect((await queues.crm.getJob(id))?.name).toBe('crm.push-booking');
      expect(await db.outboxEvent.count({ where: { id: { in: crm }, attempts: 1, lastError: null } })).toBe(3);
    } finally {
      await relay.stop();
    }
  });

  it('adds no second job when a crash came between enqueueing and marking the row', async () => {
    const ids = await insertEvents(5);
    const rows = await db.outboxEvent.findMany({ where: { id: { in: ids } }, select: { id: true, type: true, payload: true } });
    await addOutboxJobs(queues, rows); // enqueued, then "crashed" before the UPDATE
    expect(await queues.crm.count()).toBe(5);
    const relay = startRelay({ db, queues, log, idleMs: 60_000 });
    await relay.stop();
    expect(await queues.crm.count()).toBe(5);
    expect(await db.outboxEvent.count({ where: { status: 'dispatched' } })).toBe(5);
  });

  it('parks events of an unknown type and still dispatches the others', async () => {
    const [unknownId] = await insertEvents(1, 'no.such.job');
    const known = await insertEvents(2);
    const relay = startRelay({ db, queues, log, idleMs: 10 });
    await expect.poll(() => db.outboxEvent.count({ where: { id: { in: known }, status: 'dispatched' } })).toBe(2);
    await relay.stop();
    const parked = await db.outboxEvent.findUniqueOrThrow({ where: { id: unknownId! } });
    expect(parked.status).toBe('pending');
    expect(parked.lastError).toBe('unknown event type');
    expect(parked.availableAt.getTime()).toBeGreaterThan(Date.now() + 30 * 60_000);
  });

  it("runs a pass as soon as the API nudges, not at its next poll", async () => {
    const relay = startRelay({ db, queues, log, idleMs: 60_000 });
    const listener = listenForOutboxNudges({ redisUrl: testRedisUrl(), queuePrefix: prefix, log, onNudge: relay.wake });
    await listener.ready;
    const redis = createRedisConnection(testRedisUrl(), 'producer');
    try {
      await untilReady(redis);
      const notifier = createOutboxNotifier({ redis, queuePrefix: prefix, log });
      await expect.poll(() => db.outboxEvent.count({ where: { status: 'pending' } })).toBe(0); // the start-up pass is done
      const ids = await insertEvents(3);
      // Committed by three requests in one turn: one nudge.
      notifier.notify();
      notifier.notify();
      notifier.notify();
      // Well before the next poll (a minute away).
      await expect.poll(() => db.outboxEvent.count({ where: { id: { in: ids }, status: 'dispatched' } }), { timeout: 15_000 }).toBe(3);
      for (const id of ids) expect((await queues.crm.getJob(id))?.name).toBe('crm.push-booking');
    } finally {
      redis.disconnect();
      await listener.close();
      await relay.stop();
    }
  });
});
