import type { Client } from '@hubspot/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@app/db/client';
import { STAGE } from '@app/shared/deal-stages';
import { OWNER_INACTIVE } from '@app/shared/staff-admin';
import type { HubSpotEmulator } from '@app/emulators/hubspot/server';
import { createOwnTestDatabase } from '../../../test/context';
import type { TestDatabase } from '../../../test/database';
import { insertBooking } from '../../../test/fixtures';
import { startSetUpHubSpot, type TestHubSpot } from '../../../test/hubspot-account';
import { createCustomer, signIn, TestBrowser, type TestCustomer } from '../../../test/portal-app';
import { staffSignIn, startStaffApi, type StaffApi } from '../../../test/staff-app';
import { createLogger } from '@app/runtime/logger';
import { crmPullJob } from './crm-pull';
import { crmPushBookingJob } from './crm-push-booking';
import { crmSweepJob } from './crm-sweep';
import { apiErrorBody } from '@app/shared/api-error';

const log = createLogger({ service: 'sweep-test', level: 'silent', format: 'json' });
const ctx = { log, jobId: 'test', attempt: 1 };
// The tests' own SDK calls (archiving records as staff would) take no slot of the jobs' budget:
// a larger account limit keeps them from running the jobs into HubSpot's 429.
const RATE_LIMIT = { max: 1_000, intervalMs: 10_000 };
const DAY = 86_400_000;
// Real time: the emulator dates its changes by the clock, and the portal's 24-hour rule reads the API's.
const START = new Date();
const inDays = (days: number) => new Date(START.getTime() + days * DAY).toISOString();

interface PortalDeals {
  upcoming: { id: string; dealname: string | null; activeRequest: unknown; manage: { disabled: boolean } }[];
  past: { id: string }[];
}

/** HubSpot through one set-up emulator account: the jobs that push, pull and sweep, and the SDK client itself. */
async function crmOn(db: Db, account: TestHubSpot) {
  const { gateway, client } = account.workerGateway();
  const deps = { db, hubspot: gateway, account: account.account };
  const pushJob = crmPushBookingJob({ ...deps, batchSize: 1 });
  const pullJob = crmPullJob(deps);
  const sweepJob = crmSweepJob(deps);
  return {
    account,
    gateway,
    client,
    push: (dealId: string) => pushJob.process({ dealId }, ctx),
    pull: () => pullJob.process({}, ctx),
    sweep: () => sweepJob.process({}, ctx) as Promise<Record<string, Record<string, number>>>,
  };
}

// Its own database: the sweep checks every HubSpot id the mirror holds against this file's
// emulator, and would archive the rows other files mirror from theirs.
let database: TestDatabase;
let api: StaffApi;
let db: Db;
let staff: TestBrowser;

beforeAll(async () => {
  database = await createOwnTestDatabase('sweep');
  api = await startStaffApi('sweep', START, {}, { databaseUrl: database.url });
  db = api.db;
  staff = new TestBrowser(api.url);
  expect((await staffSignIn(api, staff)).landing).toBe('/admin/dashboard');
}, 120_000);
afterAll(async () => {
  await api?.close();
  await database?.drop();
});

const json = async <T,>(res: Response | Promise<Response>): Promise<T> => (await (await res).json()) as T;

describe('crm.sweep: deals, tickets and contacts deleted or merged in HubSpot', () => {
  let hubspot: HubSpotEmulator;
  let crm: Awaited<ReturnType<typeof crmOn>>;
  let client: Client;
  let customer: TestCustomer;
  let browser: TestBrowser;

  beforeAll(async () => {
    const account = await startSetUpHubSpot({ rateLimit: RATE_LIMIT });
    hubspot = account.emulator;
    crm = await crmOn(db, account);
    ({ client } = crm);
    customer = await createCustomer(db, { with: 'invite' });
    browser = new TestBrowser(api.url);
    await signIn(api, browser, customer);
  });
  afterAll(() => hubspot.close());

  /** A booking of the customer's, pushed to HubSpot, scheduled there and pulled back. */
  async function scheduledBooking(days = 3) {
    const booking = await insertBooking(db, { email: customer.email });
    await crm.push(booking.dealId);
    const hubspotId = (await db.deal.findUniqueOrThrow({ where: { id: booking.dealId } })).hubspotId!;
    hubspot.updateDeal(hubspotId, { dealstage: crm.account.stages.dealStageId(STAGE.CLEANING_SCHEDULED), scheduledAt: inDays(days) });
    await crm.pull();
    return { ...booking, hubspotId };
  }

  const portalDealIds = async () => {
    const deals = await json<PortalDeals>(browser.request('/api/portal/deals'));
    return [...deals.upcoming, ...deals.past].map((d) => d.id);
  };
  const calendarIds = async () => (await json<{ id: string }[]>(staff.request('/api/hubspot/admin/scheduledDeals'))).map((d) => d.id);
  const lookupIds = async () => (await json<{ deals: { id: string }[] }>(staff.request(`/api/hubspot/contact-details/${customer.id}`))).deals.map((d) => d.id);

  it('a deal deleted in HubSpot leaves the portal, the calendar and the lookup; its row stays, archived', async () => {
    const booking = await scheduledBooking();
    expect(await portalDealIds()).toContain(booking.dealId);
    expect(await calendarIds()).toContain(booking.dealId);
    expect(await lookupIds()).toContain(booking.dealId);

    await client.crm.objects.basicApi.archive('deals', booking.hubspotId);
    const summary = await crm.sweep();
    expect(summary.deal).toMatchObject({ archived: 1, restored: 0 });

    expect(await portalDealIds()).not.toContain(booking.dealId);
    expect(await calendarIds()).not.toContain(booking.dealId);
    expect(await lookupIds()).not.toContain(booking.dealId);
    const manage = await browser.post('/api/hubspot/portal/manageBooking', {
      email: customer.email,
      dealId: booking.dealId,
      action: 'cancel',
      reason: 'Moving away',
      hs_ticket_category: 'Cancellation Request',
    });
    expect(manage.status).toBe(404);
    expect((await browser.request(`/api/hubspot/portal/fetchTickets?dealIds=${booking.dealId}`)).status).toBe(404);
    expect((await staff.post(`/api/internal/admin/deals/${booking.dealId}/owner`, { ownerId: null })).status).toBe(404);
    // Nothing is deleted: the row (with our request id) is kept, only hidden.
    expect(await db.deal.findUniqueOrThrow({ where: { id: booking.dealId } })).toMatchObject({ hubspotId: booking.hubspotId, archivedAt: expect.any(Date) });

    // A later pull or sweep does not bring it back, and archives nothing twice.
    await crm.pull();
    expect((await crm.sweep()).deal).toMatchObject({ archived: 0 });
    expect(await portalDealIds()).not.toContain(booking.dealId);
  });

  it('a deal deleted in HubSpot and still in the lagging search index is not brought back by a pull', async () => {
    const booking = await scheduledBooking();
    // From now on search trails writes by 8 s (the sweep and the pull below must fit in it, on a
    // slow machine too). A change made before the deletion (not pulled yet)
    // becomes searchable while the deletion is not: search answers a newer version than the
    // mirror holds, of a deal HubSpot no longer has.
    const LAG_MS = 8_000;
    hubspot.config.set({ indexLagMs: LAG_MS });
    try {
      hubspot.updateDeal(booking.hubspotId, { scheduledAt: inDays(9) });
      await new Promise((resolve) => setTimeout(resolve, LAG_MS + 200));
      await client.crm.objects.basicApi.archive('deals', booking.hubspotId);
      const deletedAt = Date.now();
      expect((await crm.sweep()).deal).toMatchObject({ archived: 1 });
      await crm.pull();
      expect(Date.now() - deletedAt).toBeLessThan(LAG_MS); // the pull met the stale, newer copy
      const row = await db.deal.findUniqueOrThrow({ where: { id: booking.dealId } });
      expect(row.archivedAt).not.toBeNull();
      expect(await portalDealIds()).not.toContain(booking.dealId);
    } finally {
      hubspot.config.set({ indexLagMs: 0 });
    }
  });

  it('a change request deleted in HubSpot no longer blocks Change and Cancel', async () => {
    const booking = await scheduledBooking();
    const stages = crm.account.stages;
    const ticketId = await crm.account.createAsStaff(
      'tickets',
      { subject: 'Cancel', hs_ticket_category: 'Cancellation Request', hs_pipeline: stages.ticketPipelineId, hs_pipeline_stage: stages.ticketStageId('1') },
      [{ toId: booking.hubspotId, typeId: 28 }],
    );
    await crm.pull();
    const dealOf = async () => (await json<PortalDeals>(browser.request('/api/portal/deals'))).upcoming.find((d) => d.id === booking.dealId);
    expect((await dealOf())?.activeRequest).not.toBeNull();
    expect((await dealOf())?.manage.disabled).toBe(true);

    await client.crm.objects.basicApi.archive('tickets', ticketId);
    expect((await crm.sweep()).ticket).toMatchObject({ archived: 1 });
    expect(await dealOf()).toMatchObject({ activeRequest: null, manage: { disabled: false } });
    expect((await db.ticket.findUniqueOrThrow({ where: { hubspotId: ticketId } })).archivedAt).not.toBeNull();
  });

  it('a merged deal: our row takes the primary record id and its data, and stays on the portal', async () => {
    const booking = await scheduledBooking();
    const primaryId = await crm.account.createAsStaff('deals', {
      dealname: 'Deep Clean (merged in HubSpot)',
      dealstage: crm.account.stages.dealStageId(STAGE.CLEANING_SCHEDULED),
      pipeline: crm.account.stages.dealPipelineId,
      scheduled_date: inDays(4),
    });
    // Merged by staff in HubSpot; no pull runs before the sweep, so the sweep is what finds it.
    hubspot.merge('deals', primaryId, booking.hubspotId);

    const summary = await crm.sweep();
    expect(summary.deal).toMatchObject({ followed: 1, archived: 0 });
    expect(await db.deal.findUniqueOrThrow({ where: { id: booking.dealId } })).toMatchObject({
      hubspotId: primaryId,
      name: 'Deep Clean (merged in HubSpot)',
      scheduledAt: new Date(inDays(4)),
      archivedAt: null,
    });
    expect(await portalDealIds()).toContain(booking.dealId);
    // A pull that now meets the primary finds our row: no second row for it.
    await crm.pull();
    expect(await db.deal.count({ where: { hubspotId: primaryId } })).toBe(1);
  });

  it('a merged contact: ours takes the primary id; a contact HubSpot no longer has stays ours, untouched', async () => {
    const contact = await db.contact.findUniqueOrThrow({ where: { id: customer.id } });
    expect(contact.hubspotId).not.toBeNull();
    const primaryId = await crm.account.createAsStaff('contacts', { email: `primary.${contact.id}@example.com` });
    hubspot.merge('contacts', primaryId, contact.hubspotId!);

    const gone = await insertBooking(db);
    await crm.push(gone.dealId);
    const goneContact = await db.contact.findUniqueOrThrow({ where: { id: gone.contactId } });
    await client.crm.objects.basicApi.archive('contacts', goneContact.hubspotId!);

    const summary = await crm.sweep();
    expect(summary.contact).toMatchObject({ followed: 1, missing: 1 });
    expect(await db.contact.findUniqueOrThrow({ where: { id: customer.id } })).toMatchObject({ hubspotId: primaryId, email: contact.email, phone: contact.phone });
    expect(await db.contact.findUniqueOrThrow({ where: { id: gone.contactId } })).toMatchObject({ hubspotId: goneContact.hubspotId, email: goneContact.email });
  });

  it('two of our deals merged into one: both rows kept, and the sweep fails naming them', async () => {
    const [kept, mergedAway] = [await scheduledBooking(5), await scheduledBooking(6)];
    hubspot.merge('deals', kept.hubspotId, mergedAway.hubspotId);

    await expect(crm.sweep()).rejects.toThrow(new RegExp(`a person must decide: deal ${kept.hubspotId}: kept row ${kept.dealId}, left rows ${mergedAway.dealId}`));
    expect(await db.deal.findUniqueOrThrow({ where: { id: kept.dealId } })).toMatchObject({ hubspotId: kept.hubspotId, archivedAt: null });
    expect(await db.deal.findUniqueOrThrow({ where: { id: mergedAway.dealId } })).toMatchObject({ hubspotId: mergedAway.hubspotId, archivedAt: null });
    expect(await portalDealIds()).toEqual(expect.arrayContaining([kept.dealId, mergedAway.dealId]));
    // Nor does a pull that meets the primary change either row.
    await crm.pull();
    expect(await db.deal.findMany({ where: { id: { in: [kept.dealId, mergedAway.dealId] } }, select: { hubspotId: true }, orderBy: { hubspotId: 'asc' } })).toEqual(
      [kept.hubspotId, mergedAway.hubspotId].sort().map((hubspotId) => ({ hubspotId })),
    );
  });
});

describe('crm.pull: owners archived in HubSpot', () => {
  let hubspot: HubSpotEmulator;
  let crm: Awaited<ReturnType<typeof crmOn>>;

  beforeAll(async () => {
    const account = await startSetUpHubSpot({ rateLimit: RATE_LIMIT });
    hubspot = account.emulator;
    crm = await crmOn(db, account);
  });
  afterAll(() => hubspot.close());

  it('an archived owner becomes inactive: not listed, refused for assignment, still named on its deals', async () => {
    const cleaner = hubspot.addOwner({ email: `olive.${Date.now()}@cleaning.example`, firstName: 'Olive', lastName: 'Departed' });
    const booking = await insertBooking(db);
    await crm.push(booking.dealId);
    const hubspotId = (await db.deal.findUniqueOrThrow({ where: { id: booking.dealId } })).hubspotId!;
    hubspot.updateDeal(hubspotId, { dealstage: crm.account.stages.dealStageId(STAGE.CLEANING_SCHEDULED), scheduledAt: inDays(3), ownerId: cleaner.id });
    const other = await insertBooking(db);
    await crm.push(other.dealId);
    await crm.pull();
    const owner = await db.owner.findUniqueOrThrow({ where: { hubspotId: cleaner.id } });
    expect(owner.active).toBe(true);
    const listed = async () => (await json<{ id: string }[]>(staff.request('/api/internal/admin/owners'))).map((o) => o.id);
    expect(await listed()).toContain(owner.id);

    hubspot.archiveOwner(cleaner.id); // the cleaner's HubSpot user is deactivated
    await crm.pull();
    expect((await db.owner.findUniqueOrThrow({ where: { id: owner.id } })).active).toBe(false);
    expect(await listed()).not.toContain(owner.id);

    const refused = await staff.post(`/api/internal/admin/deals/${other.dealId}/owner`, { ownerId: owner.id });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual(apiErrorBody(OWNER_INACTIVE, 'owner_inactive', 'ownerId'));
    expect((await db.deal.findUniqueOrThrow({ where: { id: other.dealId } })).ownerId).toBeNull();
    expect(await db.outboxEvent.count({ where: { type: 'crm.assign-owner', aggregateId: other.dealId } })).toBe(0);

    const calendar = await json<{ id: string; owner: string | null; ownerId: string | null }[]>(staff.request('/api/hubspot/admin/scheduledDeals'));
    expect(calendar.find((d) => d.id === booking.dealId)).toMatchObject({ owner: 'Olive Departed', ownerId: owner.id });
  });
});

describe('crm.sweep spread over runs', () => {
  let hubspot: HubSpotEmulator;
  let crm: Awaited<ReturnType<typeof crmOn>>;

  beforeAll(async () => {
    const account = await startSetUpHubSpot({ rateLimit: RATE_LIMIT });
    hubspot = account.emulator;
    crm = await crmOn(db, account);
  });
  afterAll(() => hubspot.close());

  it('each run checks its slice of every table, the whole mirror once in runsPerPass runs, going on where the last run (or process) stopped', async () => {
    const bookings = [];
    for (let i = 0; i < 4; i++) {
      const booking = await insertBooking(db);
      await crm.push(booking.dealId);
      bookings.push({ ...booking, hubspotId: (await db.deal.findUniqueOrThrow({ where: { id: booking.dealId } })).hubspotId! });
    }
    const gone = bookings[2]!;
    await crm.client.crm.objects.basicApi.archive('deals', gone.hubspotId);
    const since = new Date(Date.now() - 90 * DAY);
    const deals = await db.deal.count({ where: { hubspotId: { not: null }, OR: [{ archivedAt: null }, { archivedAt: { gte: since } }] } });
    const contacts = await db.contact.count({ where: { hubspotId: { not: null } } });
    await db.syncCursor.deleteMany({ where: { name: { startsWith: 'crm.sweep.' } } });

    const RUNS = 3;
    const checked = { deal: [] as number[], contact: [] as number[] };
    const requests: number[] = [];
    let archived = 0;
    for (let run = 0; run < RUNS; run++) {
      // A new job each run, as after a worker restart: where the pass stands is kept in Postgres.
      const job = crmSweepJob({ db, hubspot: crm.gateway, account: crm.account.account, runsPerPass: RUNS });
      const from = Date.now();
      const summary = (await job.process({}, ctx)) as Record<string, Record<string, number>>;
      requests.push(hubspot.requests(from).length);
      checked.deal.push(summary.deal!.checked!);
      checked.contact.push(summary.contact!.checked!);
      archived += summary.deal!.archived!;
    }
    const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
    expect(Math.max(...checked.deal)).toBeLessThanOrEqual(Math.ceil(deals / RUNS));
    expect(sum(checked.deal)).toBeGreaterThanOrEqual(deals);
    expect(Math.max(...checked.contact)).toBeLessThanOrEqual(Math.ceil(contacts / RUNS));
    expect(sum(checked.contact)).toBeGreaterThanOrEqual(contacts);
    // The deal deleted in HubSpot was met once in the pass and archived.
    expect(archived).toBeGreaterThanOrEqual(1);
    expect((await db.deal.findUniqueOrThrow({ where: { id: gone.dealId } })).archivedAt).not.toBeNull();
    // Each run asks HubSpot for its slices only (100 ids a request).
    for (const n of requests) expect(n).toBeLessThanOrEqual(Math.ceil(Math.ceil(deals / RUNS) / 100) + Math.ceil(Math.ceil(contacts / RUNS) / 100) + 6);
  });
});
