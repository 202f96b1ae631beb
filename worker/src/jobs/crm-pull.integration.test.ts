import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrismaClient, type Db } from '@app/db/client';
import { STAGE } from '@app/shared/deal-stages';
import { hubspotCrm, type HubSpotCrm } from '../../../dev/src/demo/hubspot-crm';
import type { HubSpotEmulator } from '../../../dev/src/emulators/hubspot/server';
import { testDatabaseUrl } from '../../../test/context';
import { insertBooking } from '../../../test/fixtures';
import { startSetUpHubSpot, type TestHubSpot } from '../../../test/hubspot-account';
import { createLogger } from '../logger';
import { crmPullJob } from './crm-pull';
import { crmPushBookingJob } from './crm-push-booking';

const log = createLogger({ service: 'pull-test', level: 'silent', format: 'json' });
const ctx = { log, jobId: 'test', attempt: 1 };

describe('crm.pull: HubSpot changes into the mirror', () => {
  let db: Db;
  let crm: TestHubSpot;
  let hubspot: HubSpotEmulator;
  /** What staff do in HubSpot itself. */
  let staff: HubSpotCrm;
  let pull: () => Promise<unknown>;
  let push: (dealId: string) => Promise<unknown>;

  beforeAll(async () => {
    db = createPrismaClient(testDatabaseUrl());
    crm = await startSetUpHubSpot();
    hubspot = crm.emulator;
    staff = hubspotCrm(hubspot.url, crm.token);
    const gateway = crm.gateway();
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
    // Stored under the product's own stage key, whatever id the account gave the stage.
    expect(deal.stageId).toBe(STAGE.CLEANING_SCHEDULED);
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
    const schedulingInProgress = '1606828763';
    const created = await staff.createDeal(
      {
        dealname: 'Office clean (phone order)',
        dealstage: crm.stages.dealStageId(schedulingInProgress),
        pipeline: crm.stages.dealPipelineId,
        amount: '650',
        service_address: '55 Marietta St, Atlanta, GA 30303',
      },
      contactHubspotId,
    );
    await pull();
    const mirrored = await db.deal.findUniqueOrThrow({ where: { hubspotId: created.id } });
    expect(mirrored).toMatchObject({ source: 'hubspot', stageId: schedulingInProgress, amountCents: 65_000, contactId: booking.contactId, street: '55 Marietta St, Atlanta, GA 30303' });
  });

  it('mirrors change and cancel tickets and their pipeline stage', async () => {
    const booking = await insertBooking(db);
    await push(booking.dealId);
    const hubspotDealId = (await db.deal.findUniqueOrThrow({ where: { id: booking.dealId } })).hubspotId!;
    const contactHubspotId = (await db.contact.findUniqueOrThrow({ where: { id: booking.contactId } })).hubspotId!;
    const { id: ticketId } = await staff.createTicket(
      { subject: 'Reschedule', hs_ticket_category: 'Reschedule Request', hs_pipeline: crm.stages.ticketPipelineId, hs_pipeline_stage: crm.stages.ticketStageId('1') },
      hubspotDealId,
      contactHubspotId,
    );
    await pull();
    expect(await db.ticket.findUniqueOrThrow({ where: { hubspotId: ticketId } })).toMatchObject({ dealId: booking.dealId, category: 'RescheduleRequest', pipelineStage: '1' });
    // A stage the account created for us ('Request Completed') comes back as the product's key.
    hubspot.updateTicket(ticketId, { hs_pipeline_stage: crm.stages.ticketStageId('1613485805') });
    await pull();
    expect((await db.ticket.findUniqueOrThrow({ where: { hubspotId: ticketId } })).pipelineStage).toBe('1613485805');
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
