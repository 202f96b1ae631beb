import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrismaClient, type Db } from '@app/db/client';
import { startHubSpotEmulator, type HubSpotEmulator } from '../../../dev/src/emulators/hubspot/server';
import { uniqueFirstObjectId } from '../../../test/hubspot-ids';
import { testDatabaseUrl } from '../../../test/context';
import { insertBooking } from '../../../test/fixtures';
import { createHubSpotClient } from '../crm/hubspot-client';
import { createHubSpotGateway, type HubSpotGateway } from '../crm/hubspot-gateway';
import { localRequestBudget } from '../crm/request-budget';
import { createLogger } from '../logger';
import { crmPullJob } from './crm-pull';
import { crmPushBookingJob } from './crm-push-booking';

const log = createLogger({ service: 'pull-test', level: 'silent', format: 'json' });
const TOKEN = 'pull-token';
const ctx = { log, jobId: 'test', attempt: 1 };

describe('crm.pull: HubSpot changes into the mirror', () => {
  let db: Db;
  let hubspot: HubSpotEmulator;
  let gateway: HubSpotGateway;
  let pull: () => Promise<unknown>;
  let push: (dealId: string) => Promise<unknown>;

  beforeAll(async () => {
    db = createPrismaClient(testDatabaseUrl());
    hubspot = await startHubSpotEmulator({ port: 0, accessToken: TOKEN, firstObjectId: uniqueFirstObjectId() });
    gateway = createHubSpotGateway(createHubSpotClient({ accessToken: TOKEN, basePath: hubspot.url }), localRequestBudget({ max: 100, windowMs: 10_000 }));
    const pullJob = crmPullJob({ db, hubspot: gateway });
    const pushJob = crmPushBookingJob({ db, hubspot: gateway, batchSize: 1 });
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

    hubspot.updateDeal(hubspotDealId, { dealstage: '1609338596', scheduledAt: '2026-12-03T15:30:00.000Z', ownerId: owner.id, amount: '379.00' });
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

  it('brings in deals created in HubSpot, with their contact when we know it', async () => {
    const booking = await insertBooking(db);
    await push(booking.dealId);
    const contactHubspotId = (await db.contact.findUniqueOrThrow({ where: { id: booking.contactId } })).hubspotId!;
    const [created] = await gateway.createBatch('deals', [
      { properties: { dealname: 'Office clean (phone order)', dealstage: '1606828763', pipeline: 'default', amount: '650', service_address: '55 Marietta St, Atlanta, GA 30303' }, associations: [{ toId: contactHubspotId, typeId: 3 }] },
    ]);
    await pull();
    const mirrored = await db.deal.findUniqueOrThrow({ where: { hubspotId: created! } });
    expect(mirrored).toMatchObject({ source: 'hubspot', stageId: '1606828763', amountCents: 65_000, contactId: booking.contactId, street: '55 Marietta St, Atlanta, GA 30303' });
  });

  it('mirrors change and cancel tickets and their pipeline stage', async () => {
    const booking = await insertBooking(db);
    await push(booking.dealId);
    const hubspotDealId = (await db.deal.findUniqueOrThrow({ where: { id: booking.dealId } })).hubspotId!;
    const [ticketId] = await gateway.createBatch('tickets', [
      { properties: { subject: 'Reschedule', hs_ticket_category: 'Reschedule Request', hs_pipeline: '0', hs_pipeline_stage: '1' }, associations: [{ toId: hubspotDealId, typeId: 28 }] },
    ]);
    await pull();
    expect(await db.ticket.findUniqueOrThrow({ where: { hubspotId: ticketId! } })).toMatchObject({ dealId: booking.dealId, category: 'RescheduleRequest', pipelineStage: '1' });
    hubspot.updateTicket(ticketId!, { hs_pipeline_stage: '4' });
    await pull();
    expect((await db.ticket.findUniqueOrThrow({ where: { hubspotId: ticketId! } })).pipelineStage).toBe('4');
  });

  it('asks HubSpot only for what changed since the last pull', async () => {
    await pull();
    hubspot.clearRequests();
    const summary = (await pull()) as { deals: number; updated: number; created: number };
    expect(summary.created).toBe(0);
    expect(summary.updated).toBe(0);
    // owners, three searches and two association reads, whatever the size of the account
    expect(hubspot.requests().length).toBeLessThanOrEqual(8);
  });
});
