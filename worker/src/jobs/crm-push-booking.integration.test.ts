import type { Job } from 'bullmq';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPrismaClient, type Db } from '@app/db/client';
import type { HubSpotEmulator } from '@app/emulators/hubspot/server';
import { startSetUpHubSpot, type TestHubSpot } from '../../../test/hubspot-account';
import { testDatabaseUrl, testRedisUrl, uniqueQueuePrefix } from '../../../test/context';
import { insertBooking } from '../../../test/fixtures';
import { createLogger } from '@app/runtime/logger';
import { createQueueBackend, type AnyQueue } from '@app/runtime/queue/connection';
import { DEFAULT_JOB_OPTIONS } from '../queue/job-options';
import { startWorkers, type WorkerRuntime } from '../runtime';
import { crmPushBookingJob } from './crm-push-booking';
import { STAGE } from '@app/shared/deal-stages';

const log = createLogger({ service: 'push-test', level: process.env.TEST_LOG_LEVEL ?? 'silent', format: 'json' });

describe('crm.push-booking against the HubSpot emulator', () => {
  let db: Db;
  let crm: TestHubSpot;
  let hubspot: HubSpotEmulator;
  let runtime: WorkerRuntime;
  let queue: AnyQueue;

  beforeAll(async () => {
    db = createPrismaClient(testDatabaseUrl());
    crm = await startSetUpHubSpot();
    hubspot = crm.emulator;
  });
  afterAll(async () => {
    await hubspot.close();
    await db.$disconnect();
  });

  beforeEach(async () => {
    // Not reset(): HubSpot never reuses ids, and earlier tests' ids are recorded in our database.
    hubspot.faults.clear();
    hubspot.clearRequests();
    await db.deal.updateMany({ where: { crmSyncedAt: null }, data: { crmSyncedAt: new Date(0) } }); // earlier tests' leftovers are not ours
    const gateway = crm.gateway({ timeoutMs: 2_000 });
    const backend = createQueueBackend({ redisUrl: testRedisUrl(), databaseUrl: testDatabaseUrl(), prefix: uniqueQueuePrefix('push') });
    runtime = await startWorkers({
      backend,
      jobs: [crmPushBookingJob({ db, hubspot: gateway, account: crm.account })],
      log,
      settings: { concurrency: 4, backoff: { baseMs: 200, capMs: 1_000 } },
    });
    queue = backend.createQueue('crm');
  });
  afterEach(async () => {
    await queue.close();
    await runtime.close();
  });

  const enqueue = (booking: { dealId: string; outboxId: string }, options = {}) =>
    queue.add('crm.push-booking', { dealId: booking.dealId }, { ...DEFAULT_JOB_OPTIONS, jobId: booking.outboxId, ...options });

  async function settled(jobId: string, states = ['completed', 'failed'], timeout = 20_000): Promise<Job> {
    await expect.poll(() => queue.getJobState(jobId), { timeout, interval: 100 }).toSatisfy((s: string) => states.includes(s));
    return (await queue.getJob(jobId))!;
  }

  const dealsFor = (dealId: string) => hubspot.objects('deals').filter((d) => d.properties.app_request_id === dealId);

  it('creates the contact, the deal at Clean Requested with its contact, and a line item per product', async () => {
    const booking = await insertBooking(db, { skus: ['deep-1500', 'addon-oven'] });
    await enqueue(booking);
    const job = await settled(booking.outboxId);
    expect(job.returnvalue).toEqual({ outcome: 'pushed', pushed: 1, failed: 0 });

    const [contact] = hubspot.objects('contacts').filter((c) => c.properties.email === booking.email);
    const [deal] = dealsFor(booking.dealId);
    expect(deal?.properties).toMatchObject({ pipeline: crm.stages.dealPipelineId, dealstage: crm.stages.dealStageId(STAGE.CLEAN_REQUESTED), amount: '349.00', external_skus: 'deep-1500;addon-oven', service_type: 'Deep Clean' });
    expect(deal?.associations.contacts).toEqual([contact!.id]);
    const items = hubspot.objects('line_items').filter((i) => deal!.associations.line_items?.includes(i.id));
    expect(items.map((i) => i.properties.hs_sku).sort()).toEqual(['addon-oven', 'deep-1500']);
    expect(items.find((i) => i.properties.hs_sku === 'addon-oven')?.properties.price).toBe('80.00');

    const local = await db.deal.findUniqueOrThrow({ where: { id: booking.dealId }, include: { contact: true } });
    expect(local.hubspotId).toBe(deal!.id);
    expect(local.crmSyncedAt).not.toBeNull();
    expect(local.contact?.hubspotId).toBe(contact!.id);
  });

  it("creates a recurring plan's visit scheduled, with its cleaner, length and plan, in the same requests", async () => {
    const cleaner = hubspot.addOwner({ email: `carla.${Date.now()}@cleaning.example`, firstName: 'Carla', lastName: 'Cleaner' });
    const owner = await db.owner.create({ data: { hubspotId: cleaner.id, firstName: 'Carla', lastName: 'Cleaner', isCleaner: true } });
    const booking = await insertBooking(db, { skus: ['deep-1500'] });
    const plan = await db.recurringPlan.create({
      data: {
        contactId: booking.contactId, squareFootage: 1500, serviceType: 'Recurring Clean', visitType: 'basic', skus: ['deep-1500'], amountCents: 12_900,
        firstVisitCents: 12_900, frequency: 'weekly', weekday: 2, startTime: '10:00', durationMinutes: 150, ownerId: owner.id, startDate: new Date('2026-12-01T00:00:00Z'), createdBy: 'office@example.com',
      },
    });
    await db.deal.update({
      where: { id: booking.dealId },
      data: { source: 'plan', stageId: STAGE.CLEANING_SCHEDULED, scheduledAt: new Date('2026-12-08T15:00:00Z'), durationMinutes: 150, ownerId: owner.id, planId: plan.id, planOccurrence: new Date('2026-12-08T00:00:00Z') },
    });
    hubspot.clearRequests();
    await enqueue(booking);
    expect((await settled(booking.outboxId)).returnvalue).toEqual({ outcome: 'pushed', pushed: 1, failed: 0 });
    const [deal] = dealsFor(booking.dealId);
    expect(deal?.properties).toMatchObject({
      dealstage: crm.stages.dealStageId(STAGE.CLEANING_SCHEDULED),
      duration_minutes: '150',
      hubspot_owner_id: cleaner.id,
      recurring_plan_id: plan.id,
      plan_occurrence_date: '2026-12-08',
    });
    expect(Date.parse(deal!.properties.scheduled_date!)).toBe(Date.parse('2026-12-08T15:00:00Z'));
    // Contact, deal, line item: no request of its own to schedule it.
    expect(hubspot.requests().filter((r) => r.method !== 'GET').length).toBeLessThanOrEqual(3);
  });

  it('pushes many bookings in batches, with few requests and no duplicates', async () => {
    const bookings = [];
    for (let i = 0; i < 150; i++) bookings.push(await insertBooking(db));
    hubspot.clearRequests();
    await Promise.all(bookings.map((b) => enqueue(b)));
    for (const b of bookings) await settled(b.outboxId, ['completed']);
    const ours = new Set(bookings.map((b) => b.dealId));
    const pushed = hubspot.objects('deals').filter((d) => ours.has(d.properties.app_request_id ?? ''));
    expect(pushed).toHaveLength(150);
    expect(new Set(pushed.map((d) => d.properties.app_request_id)).size).toBe(150);
    // Roughly four requests per hundred bookings; one request per booking would be 150+.
    expect(hubspot.requests().length).toBeLessThanOrEqual(30);
    // Every booking of a batch keeps its own deal's and contact's HubSpot ids (one statement per table).
    const local = await db.deal.findMany({ where: { id: { in: [...ours] } }, select: { id: true, hubspotId: true, contact: { select: { email: true, hubspotId: true, crmSyncedAt: true } } } });
    const dealIds = new Map(pushed.map((d) => [d.properties.app_request_id, d.id]));
    const contactIds = new Map(hubspot.objects('contacts').map((c) => [c.properties.email, c.id]));
    expect(local.filter((d) => d.hubspotId !== dealIds.get(d.id) || d.contact?.hubspotId !== contactIds.get(d.contact?.email ?? ''))).toEqual([]);
    expect(local.every((d) => d.contact?.crmSyncedAt)).toBe(true);
  });

  it('bookings made while the first one\'s job lingers ride in its batch: three requests, and their own jobs make none', async () => {
    const bookings = [];
    for (let i = 0; i < 5; i++) bookings.push(await insertBooking(db));
    hubspot.clearRequests();
    // As the relay adds them with CRM_PUSH_LINGER_MS: each job runs that long after its own booking.
    await enqueue(bookings[0]!, { delay: 300 });
    await Promise.all(bookings.slice(1).map((b) => enqueue(b, { delay: 1_500 })));
    const [first, ...later] = await Promise.all(bookings.map((b) => settled(b.outboxId, ['completed'])));
    expect(first!.returnvalue).toEqual({ outcome: 'pushed', pushed: 5, failed: 0 });
    for (const job of later) expect(job.returnvalue).toEqual({ outcome: 'already-synced' });
    expect(hubspot.requests().map((r) => r.path).sort()).toEqual([
      '/crm/v3/objects/contacts/batch/create',
      '/crm/v3/objects/deals/batch/create',
      '/crm/v3/objects/line_items/batch/create',
    ]);
    const ours = new Set(bookings.map((b) => b.dealId));
    expect(hubspot.objects('deals').filter((d) => ours.has(d.properties.app_request_id ?? ''))).toHaveLength(5);
  });

  it('a 207 failing one booking of a batch of 50: 49 synced at once, the one after the fault clears, none lost or duplicated', async () => {
    const bookings = [];
    for (let i = 0; i < 50; i++) bookings.push(await insertBooking(db));
    const victim = bookings[17]!;
    // HubSpot answers the batch create 207: every deal but the victim's created, the victim's refused for a passing reason.
    hubspot.faults.failBatchInputs({ count: 1, objectType: 'deals', property: 'app_request_id', values: [victim.dealId], category: 'INTERNAL_ERROR' });
    const first = bookings[0]!;
    await enqueue(first);
    expect((await settled(first.outboxId, ['completed'])).returnvalue).toEqual({ outcome: 'pushed', pushed: 49, failed: 1 });

    const local = await db.deal.findMany({ where: { id: { in: bookings.map((b) => b.dealId) } } });
    expect(local.filter((d) => d.crmSyncedAt !== null)).toHaveLength(49);
    const waiting = local.find((d) => d.id === victim.dealId)!;
    expect(waiting).toMatchObject({ crmSyncedAt: null, hubspotId: null, crmPushFailedAt: null });
    expect(waiting.crmLastError).toContain('Injected failure');
    expect(dealsFor(victim.dealId)).toHaveLength(0);

    // The victim's own job (its outbox event) pushes it now that HubSpot takes it.
    await enqueue(victim);
    await settled(victim.outboxId, ['completed']);
    for (const b of bookings) expect(dealsFor(b.dealId)).toHaveLength(1);
    expect(await db.deal.count({ where: { id: { in: bookings.map((b) => b.dealId) }, crmSyncedAt: null } })).toBe(0);
  });

  it('a booking HubSpot refuses for good fails its own job with HubSpot’s reason and no longer rides in other batches', async () => {
    const refused = await insertBooking(db);
    hubspot.faults.failBatchInputs({ count: 3, objectType: 'deals', property: 'app_request_id', values: [refused.dealId], message: 'Property values were not valid: dealname' });
    await enqueue(refused);
    const failed = await settled(refused.outboxId, ['failed']);
    expect(failed.attemptsMade).toBe(1);
    expect(failed.failedReason).toContain('VALIDATION_ERROR: Property values were not valid: dealname');
    expect(await db.deal.findUniqueOrThrow({ where: { id: refused.dealId } })).toMatchObject({ crmSyncedAt: null, crmPushFailedAt: expect.any(Date) });

    // Another booking's push leaves it out (the fault still has two uses left, none is spent).
    const other = await insertBooking(db);
    await enqueue(other);
    expect((await settled(other.outboxId, ['completed'])).returnvalue).toEqual({ outcome: 'pushed', pushed: 1, failed: 0 });

    hubspot.faults.clear(); // the cause fixed in HubSpot
    await failed.retry(); // what the queue dashboard's retry button does
    await settled(refused.outboxId, ['completed']);
    expect(dealsFor(refused.dealId)).toHaveLength(1);
    expect(await db.deal.findUniqueOrThrow({ where: { id: refused.dealId } })).toMatchObject({ crmPushFailedAt: null, crmLastError: null });
  });

  it('rides out an outage and then syncs exactly once', async () => {
    const bookings = [await insertBooking(db), await insertBooking(db), await insertBooking(db)];
    hubspot.faults.outage(2);
    await Promise.all(bookings.map((b) => enqueue(b)));
    for (const b of bookings) {
      const job = await settled(b.outboxId, ['completed']);
      expect(job.returnvalue.outcome).toMatch(/pushed|already-synced/);
      expect(dealsFor(b.dealId)).toHaveLength(1);
    }
    const attempts = await Promise.all(bookings.map(async (b) => (await queue.getJob(b.outboxId))!.attemptsMade));
    expect(Math.max(...attempts)).toBeGreaterThan(0);
    expect(hubspot.objects('contacts').filter((c) => bookings.some((b) => b.email === c.properties.email))).toHaveLength(3);
  });

  it('honours a 429 Retry-After and completes', async () => {
    const booking = await insertBooking(db);
    hubspot.faults.next(1, { status: 429, retryAfterSeconds: 1 });
    await enqueue(booking);
    await settled(booking.outboxId, ['completed']);
    expect(dealsFor(booking.dealId)).toHaveLength(1);
    // Read from HubSpot's side: after the 429, the paused queue sent nothing until Retry-After had passed.
    const requests = hubspot.requests().sort((a, b) => a.at - b.at);
    const limited = requests.findIndex((r) => r.status === 429);
    expect(limited).toBeGreaterThanOrEqual(0);
    const nextRequest = requests[limited + 1];
    expect(nextRequest).toBeDefined();
    expect(nextRequest!.at - requests[limited]!.at).toBeGreaterThanOrEqual(900);
  });

  it('fails a 400 at once, keeps it in the failed set, and succeeds when retried after the fix', async () => {
    const booking = await insertBooking(db);
    hubspot.faults.next(1, { status: 400 });
    await enqueue(booking);
    const failed = await settled(booking.outboxId, ['failed']);
    expect(failed.attemptsMade).toBe(1);
    expect(failed.failedReason).toContain('HTTP 400');
    expect(dealsFor(booking.dealId)).toHaveLength(0);

    await failed.retry(); // what the queue dashboard's retry button does
    await settled(booking.outboxId, ['completed']);
    expect(dealsFor(booking.dealId)).toHaveLength(1);
  });

  it('finds a deal an earlier attempt created before it could record it, instead of creating another, without search', async () => {
    // HubSpot's search index trails writes by seconds: finding by search would miss the deal and create a second.
    hubspot.config.set({ indexLagMs: 60_000 });
    const first = await insertBooking(db);
    await enqueue(first);
    await settled(first.outboxId, ['completed']);
    const hubspotDealId = dealsFor(first.dealId)[0]!.id;
    // As if the process died after HubSpot answered but before our transaction committed.
    await db.deal.update({ where: { id: first.dealId }, data: { hubspotId: null, crmSyncedAt: null } });
    await enqueue(first, { jobId: `${first.outboxId}-again` });
    await settled(`${first.outboxId}-again`, ['completed']);
    expect(dealsFor(first.dealId)).toHaveLength(1);
    expect((await db.deal.findUniqueOrThrow({ where: { id: first.dealId } })).hubspotId).toBe(hubspotDealId);
    expect(hubspot.requests().filter((r) => r.path.endsWith('/search'))).toHaveLength(0);
    hubspot.config.set({ indexLagMs: 0 });
  });

  it('does nothing for a booking another job already pushed', async () => {
    const booking = await insertBooking(db);
    await enqueue(booking);
    await settled(booking.outboxId, ['completed']);
    hubspot.clearRequests();
    await enqueue(booking, { jobId: `${booking.outboxId}-dup` });
    const job = await settled(`${booking.outboxId}-dup`, ['completed']);
    expect(job.returnvalue).toEqual({ outcome: 'already-synced' });
    expect(hubspot.requests()).toHaveLength(0);
  });
});
