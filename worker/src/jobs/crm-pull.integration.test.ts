import type { Client } from '@hubspot/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrismaClient, type Db } from '@app/db/client';
import { lastPullCompletedAt } from '@app/db/sync-status';
import { STAGE } from '@app/shared/deal-stages';
import type { HubSpotEmulator } from '@app/emulators/hubspot/server';
import { testDatabaseUrl } from '../../../test/context';
import { insertBooking } from '../../../test/fixtures';
import { LOADED_MACHINE_SEARCH_LIMIT, startSetUpHubSpot, type TestHubSpot } from '../../../test/hubspot-account';
import type { HubSpotGateway } from '../crm/hubspot-gateway';
import { applyDeals, applyInvoices } from '../crm/mirror-repository';
import { createLogger } from '@app/runtime/logger';
import { crmPullJob } from './crm-pull';
import { crmPushBookingJob } from './crm-push-booking';

const log = createLogger({ service: 'pull-test', level: 'silent', format: 'json' });
const ctx = { log, jobId: 'test', attempt: 1 };

describe('crm.pull: HubSpot changes into the mirror', () => {
  let db: Db;
  let crm: TestHubSpot;
  let hubspot: HubSpotEmulator;
  let gateway: HubSpotGateway;
  let client: Client;
  let pull: () => Promise<unknown>;
  let push: (dealId: string) => Promise<unknown>;
  /**
   * Ids the search index has not caught up with yet: searches leave them out, as HubSpot's
   * lagging index does. The emulator's own lag (indexLagMs) is the same for every write, so it
   * never shows a newer change before an older one; HubSpot's indexing can, which is the case here.
   */
  const notIndexedYet = new Set<string>();

  beforeAll(async () => {
    db = createPrismaClient(testDatabaseUrl());
    // What the tests do as staff in HubSpot takes no slot of the jobs' budget: a larger account
    // limit keeps those calls from running the jobs into HubSpot's 429 (hubspot-budget tests the budget).
    crm = await startSetUpHubSpot({ rateLimit: { max: 1_000, intervalMs: 10_000 }, searchRateLimit: LOADED_MACHINE_SEARCH_LIMIT });
    hubspot = crm.emulator;
    ({ gateway, client } = crm.workerGateway());
    const search = client.crm.objects.searchApi.doSearch.bind(client.crm.objects.searchApi);
    client.crm.objects.searchApi.doSearch = async (type, request, options) => {
      const page = await search(type, request, options);
      return { ...page, results: page.results.filter((r) => !notIndexedYet.has(r.id)) };
    };
    const pullJob = crmPullJob({ db, hubspot: gateway, account: crm.account });
    const pushJob = crmPushBookingJob({ db, hubspot: gateway, account: crm.account, batchSize: 1 });
    pull = () => pullJob.process({}, ctx);
    push = (dealId) => pushJob.process({ dealId }, ctx);
  });
  afterAll(async () => {
    await hubspot.close();
    await db.$disconnect();
  });

  it('mirrors stage, scheduled date, owner and invoice set in HubSpot, and later payment', async () => {
    const booking = await insertBooking(db);
    await push(booking.dealId);
    const hubspotDealId = (await db.deal.findUniqueOrThrow({ where: { id: booking.dealId } })).hubspotId!;
    const owner = hubspot.owners()[0]!;

    hubspot.updateDeal(hubspotDealId, { dealstage: crm.stages.dealStageId(STAGE.CLEANING_SCHEDULED), scheduledAt: '2026-12-03T15:30:00.000Z', ownerId: owner.id, amount: '379.00' });
    hubspot.attachInvoice(hubspotDealId, { status: 'open', amount: '379.00', number: 'INV-2001' });
    await pull();

    const deal = await db.deal.findUniqueOrThrow({ where: { id: booking.dealId }, include: { owner: true } });
    expect(deal.stageId).toBe('1609338596');
    expect(deal.scheduledAt?.toISOString()).toBe('2026-12-03T15:30:00.000Z');
    expect(deal.amountCents).toBe(37_900);
    expect(deal.owner?.email).toBe(owner.email);
    expect(deal).toMatchObject({ invoiceStatus: 'open', invoiceAmountCents: 37_900, invoiceNumber: 'INV-2001' });
    expect(deal.invoicePdfUrl).toMatch(/^http/);

    // Paying changes only the invoice, not the deal: the pull still sees it.
    hubspot.attachInvoice(hubspotDealId, { status: 'paid', amount: '379.00', number: 'INV-2001' });
    await pull();
    expect((await db.deal.findUniqueOrThrow({ where: { id: booking.dealId } })).invoiceStatus).toBe('paid');
  });

  it('keeps the roster\'s "is a cleaner" (ours, not HubSpot\'s) through every pull, a deactivation too', async () => {
    const added = hubspot.addOwner({ email: `cleo.${Date.now()}@cleaning.example`, firstName: 'Cleo', lastName: 'Marked' });
    await pull();
    const mirrored = await db.owner.findUniqueOrThrow({ where: { hubspotId: added.id } });
    expect(mirrored.isCleaner).toBe(false);
    await db.owner.update({ where: { id: mirrored.id }, data: { isCleaner: true } });

    await pull();
    expect(await db.owner.findUniqueOrThrow({ where: { id: mirrored.id } })).toMatchObject({ isCleaner: true, active: true });
    hubspot.archiveOwner(added.id);
    await pull();
    // Inactive, the owner gives no sign-in the cleaner role (api session store); the mark stays for a return.
    expect(await db.owner.findUniqueOrThrow({ where: { id: mirrored.id } })).toMatchObject({ isCleaner: true, active: false });
  });

  it('records when a pull ended without error (for the staleness alert), and not when it failed', async () => {
    const before = Date.now();
    await pull();
    const completed = await lastPullCompletedAt(db);
    expect(completed?.getTime()).toBeGreaterThanOrEqual(before);
    hubspot.faults.add({ type: 'next', count: 1, status: 400 });
    await expect(pull()).rejects.toThrow();
    expect((await lastPullCompletedAt(db))?.getTime()).toBe(completed?.getTime());
  });

  it('brings in deals created in HubSpot, with their contact when we know it', async () => {
    const booking = await insertBooking(db);
    await push(booking.dealId);
    const contactHubspotId = (await db.contact.findUniqueOrThrow({ where: { id: booking.contactId } })).hubspotId!;
    const created = await crm.createAsStaff(
      'deals',
      { dealname: 'Office clean (phone order)', dealstage: crm.stages.dealStageId('1606828763'), pipeline: crm.stages.dealPipelineId, amount: '650', service_address: '55 Marietta St, Atlanta, GA 30303' },
      [{ toId: contactHubspotId, typeId: 3 }],
    );
    await pull();
    const mirrored = await db.deal.findUniqueOrThrow({ where: { hubspotId: created } });
    expect(mirrored).toMatchObject({ source: 'hubspot', stageId: '1606828763', amountCents: 65_000, contactId: booking.contactId, street: '55 Marietta St, Atlanta, GA 30303' });
  });

  it('mirrors change and cancel tickets and their pipeline stage', async () => {
    const booking = await insertBooking(db);
    await push(booking.dealId);
    const hubspotDealId = (await db.deal.findUniqueOrThrow({ where: { id: booking.dealId } })).hubspotId!;
    const ticketId = await crm.createAsStaff(
      'tickets',
      { subject: 'Reschedule', hs_ticket_category: 'Reschedule Request', hs_pipeline: crm.stages.ticketPipelineId, hs_pipeline_stage: crm.stages.ticketStageId('1') },
      [{ toId: hubspotDealId, typeId: 28 }],
    );
    await pull();
    expect(await db.ticket.findUniqueOrThrow({ where: { hubspotId: ticketId } })).toMatchObject({ dealId: booking.dealId, category: 'RescheduleRequest', pipelineStage: '1' });
    // A closing stage setup created ('Request Completed') comes back as the product's own key.
    hubspot.updateTicket(ticketId, { hs_pipeline_stage: crm.stages.ticketStageId('1613485805') });
    await pull();
    expect((await db.ticket.findUniqueOrThrow({ where: { hubspotId: ticketId } })).pipelineStage).toBe('1613485805');
  });

  it('still pulls a change the search index took in late, with a timestamp older than one already pulled', async () => {
    const [late, early] = [await insertBooking(db), await insertBooking(db)];
    await push(late.dealId);
    await push(early.dealId);
    const idOf = async (dealId: string) => (await db.deal.findUniqueOrThrow({ where: { id: dealId } })).hubspotId!;
    const [lateId, earlyId] = [await idOf(late.dealId), await idOf(early.dealId)];
    await pull();

    hubspot.updateDeal(lateId, { dealstage: crm.stages.dealStageId(STAGE.CLEANING_SCHEDULED), scheduledAt: '2026-12-08T15:00:00.000Z' });
    hubspot.updateDeal(earlyId, { dealstage: crm.stages.dealStageId(STAGE.CLEANING_SCHEDULED), scheduledAt: '2026-12-09T15:00:00.000Z' });
    notIndexedYet.add(lateId); // the first change is not searchable yet; the second, newer one is
    await pull();
    expect((await db.deal.findUniqueOrThrow({ where: { id: early.dealId } })).stageId).toBe('1609338596');
    expect((await db.deal.findUniqueOrThrow({ where: { id: late.dealId } })).stageId).toBe('1606828760');

    // Without a re-read window the cursor has passed it for good.
    notIndexedYet.clear();
    await crmPullJob({ db, hubspot: gateway, account: crm.account, rereadMs: 0 }).process({}, ctx);
    expect((await db.deal.findUniqueOrThrow({ where: { id: late.dealId } })).stageId).toBe('1606828760');
    // The default window reads the last minutes again and finds it.
    await pull();
    expect(await db.deal.findUniqueOrThrow({ where: { id: late.dealId } })).toMatchObject({ stageId: '1609338596', scheduledAt: new Date('2026-12-08T15:00:00.000Z') });
  });

  it('reads a burst of changes again only while it is inside the re-read window of a finished walk', async () => {
    const windowMs = 1_000;
    const pullWithWindow = crmPullJob({ db, hubspot: gateway, account: crm.account, rereadMs: windowMs });
    const dealsRead = async () => ((await pullWithWindow.process({}, ctx)) as { deals: number }).deals;
    const burst = [await insertBooking(db), await insertBooking(db), await insertBooking(db)];
    for (const booking of burst) await push(booking.dealId);
    for (const booking of burst) {
      const id = (await db.deal.findUniqueOrThrow({ where: { id: booking.dealId } })).hubspotId!;
      hubspot.updateDeal(id, { dealstage: crm.stages.dealStageId(STAGE.CLEANING_SCHEDULED) });
    }
    expect(await dealsRead()).toBeGreaterThanOrEqual(burst.length);
    await new Promise((resolve) => setTimeout(resolve, windowMs + 100));
    await dealsRead(); // may still reach back into the burst: its walk began less than a window after it
    // Nothing changed since: this walk starts a window before the last one began, after the burst.
    // (Starting a window before the cursor instead, every idle pull read the burst again.)
    expect(await dealsRead()).toBe(0);
  });

  it('re-reading is harmless: an older copy of a deal or of its invoice changes nothing', async () => {
    const booking = await insertBooking(db);
    await push(booking.dealId);
    const hubspotDealId = (await db.deal.findUniqueOrThrow({ where: { id: booking.dealId } })).hubspotId!;
    hubspot.updateDeal(hubspotDealId, { dealstage: crm.stages.dealStageId(STAGE.CLEANING_SCHEDULED) });
    hubspot.attachInvoice(hubspotDealId, { status: 'paid', amount: '120.00', number: 'INV-3001' });
    await pull();
    const held = await db.deal.findUniqueOrThrow({ where: { id: booking.dealId } });
    expect(held).toMatchObject({ stageId: '1609338596', invoiceStatus: 'paid' });

    // What a lagging index may still answer: the versions from before these changes.
    const older = new Date(held.hubspotUpdatedAt!.getTime() - 1_000);
    await applyDeals(db, [
      { hubspotId: hubspotDealId, appRequestId: booking.dealId, name: 'old name', stageId: '1606828760', scheduledAt: null, durationMinutes: null, visitOutcome: null, amountCents: 1, ownerHubspotId: null, serviceType: null, serviceAddress: null, skus: [], contactHubspotId: null, modifiedAt: older, mergedHubspotIds: [] },
    ]);
    await applyInvoices(db, new Map([[hubspotDealId, { hubspotId: held.invoiceHubspotId!, status: 'open' as const, amountCents: 12_000, number: 'INV-3001', pdfUrl: null, url: null, modifiedAt: new Date(held.invoiceHubspotUpdatedAt!.getTime() - 1_000) }]]));
    const after = await db.deal.findUniqueOrThrow({ where: { id: booking.dealId } });
    expect(after).toMatchObject({ stageId: '1609338596', invoiceStatus: 'paid', name: held.name, updatedAt: held.updatedAt });
  });

  it('follows a deal merged into another: the row takes the primary id and its data, no second row', async () => {
    const booking = await insertBooking(db);
    await push(booking.dealId);
    const mergedId = (await db.deal.findUniqueOrThrow({ where: { id: booking.dealId } })).hubspotId!;
    const primaryId = await crm.createAsStaff('deals', {
      dealname: 'Deep Clean (merged)',
      dealstage: crm.stages.dealStageId(STAGE.CLEANING_SCHEDULED),
      pipeline: crm.stages.dealPipelineId,
      scheduled_date: '2026-12-10T14:00:00.000Z',
    });
    // Staff merge our deal into another one in HubSpot: our deal's id stops existing.
    hubspot.merge('deals', primaryId, mergedId);
    const summary = (await pull()) as { followed: number };

    expect(summary.followed).toBeGreaterThanOrEqual(1);
    // Our row (the customer's request, their contact) carries on under the primary's id.
    expect(await db.deal.findUniqueOrThrow({ where: { id: booking.dealId } })).toMatchObject({
      hubspotId: primaryId,
      contactId: booking.contactId,
      name: 'Deep Clean (merged)',
      stageId: '1609338596',
      archivedAt: null,
    });
    expect(await db.deal.count({ where: { hubspotId: primaryId } })).toBe(1);
  });

  it('keeps its searches under HubSpot’s search limit (4 a second): pulls at once meet no 429', async () => {
    hubspot.clearRequests();
    await Promise.all([pull(), pull(), pull()]);
    const searches = hubspot.requests().filter((r) => r.path.endsWith('/search'));
    expect(searches.length).toBeGreaterThanOrEqual(9);
    expect(hubspot.requests().filter((r) => r.status === 429)).toHaveLength(0);
    // The budget spaces the searches' departures at 4 a second; on a loaded machine some arrive
    // bunched (the file's emulator allows for it, LOADED_MACHINE_SEARCH_LIMIT). Three pulls with
    // no budget would send their nine and more searches within the first second.
    const times = searches.map((r) => r.at).sort((a, b) => a - b);
    expect(Math.max(...times.map((t) => times.filter((u) => u >= t && u < t + 1_000).length))).toBeLessThanOrEqual(LOADED_MACHINE_SEARCH_LIMIT.max);
  });

  it('asks HubSpot only for what changed since the last pull', async () => {
    await pull();
    hubspot.clearRequests();
    const summary = (await pull()) as { deals: number; updated: number; created: number };
    expect(summary.created).toBe(0);
    expect(summary.updated).toBe(0);
    // owners (active and archived) and one search per type (deals, invoices, tickets, companies,
    // contacts, notes, tasks, calls, meetings), whatever the size of the account: what the
    // re-read window reads again is already mirrored and costs no further request
    expect(hubspot.requests().length).toBeLessThanOrEqual(11);
  });
});
