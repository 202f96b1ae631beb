import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrismaClient, type Db } from '@app/db/client';
import { TICKET_STAGE_NEW } from '@app/shared/crm-schema';
import type { HubSpotEmulator } from '@app/emulators/hubspot/server';
import { testDatabaseUrl } from '../../../test/context';
import { insertBooking } from '../../../test/fixtures';
import { startSetUpHubSpot, type TestHubSpot } from '../../../test/hubspot-account';
import type { HubSpotGateway } from '../crm/hubspot-gateway';
import { createLogger } from '@app/runtime/logger';
import { crmPushBookingJob } from './crm-push-booking';
import { crmPushChangeRequestJob } from './crm-push-change-request';
import { crmPushSupportTicketJob } from './crm-push-support-ticket';
import { crmRecordSignupJob } from './crm-record-signup';

const ctx = { log: createLogger({ service: 'requests-test', level: 'silent', format: 'json' }), jobId: 'test', attempt: 1 };

describe('pushing tickets and signups to HubSpot', () => {
  let db: Db;
  let crm: TestHubSpot;
  let hubspot: HubSpotEmulator;
  let gateway: HubSpotGateway;

  beforeAll(async () => {
    db = createPrismaClient(testDatabaseUrl());
    crm = await startSetUpHubSpot();
    hubspot = crm.emulator;
    gateway = crm.gateway();
  });
  afterAll(async () => {
    await hubspot.close();
    await db.$disconnect();
  });

  it('creates a change request ticket on its deal once the deal is in HubSpot, exactly once', async () => {
    const booking = await insertBooking(db);
    const ticket = await db.ticket.create({
      data: {
        dealId: booking.dealId,
        contactId: booking.contactId,
        category: 'RescheduleRequest',
        reason: 'Out of town',
        changeType: 'Reschedule to another day',
        requestedDate: new Date('2026-12-04T00:00:00Z'),
      },
    });
    const job = crmPushChangeRequestJob({ db, hubspot: gateway, account: crm.account });
    await expect(job.process({ ticketId: ticket.id }, ctx)).rejects.toThrow(/not in HubSpot yet/);

    await crmPushBookingJob({ db, hubspot: gateway, account: crm.account, batchSize: 1 }).process({ dealId: booking.dealId }, ctx);
    const result = await job.process({ ticketId: ticket.id }, ctx);
    expect(result).toMatchObject({ outcome: 'pushed' });
    const dealHubspotId = (await db.deal.findUniqueOrThrow({ where: { id: booking.dealId } })).hubspotId;
    const remote = hubspot.objects('tickets').filter((t) => t.properties.app_request_id === ticket.id);
    expect(remote).toHaveLength(1);
    expect(remote[0]?.properties).toMatchObject({
      hs_ticket_category: 'Reschedule Request',
      hs_pipeline: crm.stages.ticketPipelineId,
      hs_pipeline_stage: crm.stages.ticketStageId(TICKET_STAGE_NEW),
      // Staff read the new day asked for with the change and the reason.
      content: 'Change: Reschedule to another day\nRequested date: 2026-12-04\nReason: Out of town',
    });
    expect(remote[0]?.associations.deals).toEqual([dealHubspotId]);

    // A retry after the id was lost finds the ticket instead of creating another.
    await db.ticket.update({ where: { id: ticket.id }, data: { hubspotId: null } });
    await job.process({ ticketId: ticket.id }, ctx);
    expect(hubspot.objects('tickets').filter((t) => t.properties.app_request_id === ticket.id)).toHaveLength(1);
  });

  it('creates a re-clean claim as a ticket of its own category on its deal, with what was missed', async () => {
    const booking = await insertBooking(db);
    await crmPushBookingJob({ db, hubspot: gateway, account: crm.account, batchSize: 1 }).process({ dealId: booking.dealId }, ctx);
    const claim = await db.ticket.create({ data: { dealId: booking.dealId, contactId: booking.contactId, category: 'RecleanClaim', reason: 'The oven was not cleaned.' } });
    expect(await crmPushChangeRequestJob({ db, hubspot: gateway, account: crm.account }).process({ ticketId: claim.id }, ctx)).toMatchObject({ outcome: 'pushed' });
    const deal = await db.deal.findUniqueOrThrow({ where: { id: booking.dealId } });
    const [remote] = hubspot.objects('tickets').filter((t) => t.properties.app_request_id === claim.id);
    expect(remote?.properties).toMatchObject({
      subject: `Re-clean Claim: ${deal.name}`,
      hs_ticket_category: 'Re-clean Claim',
      hs_pipeline_stage: crm.stages.ticketStageId(TICKET_STAGE_NEW),
      content: 'What was missed: The oven was not cleaned.',
    });
    expect(remote?.associations.deals).toEqual([deal.hubspotId]);
    expect((await db.ticket.findUniqueOrThrow({ where: { id: claim.id } })).hubspotId).toBe(remote!.id);
  });

  it('creates an unhappy customer\'s ticket for staff on the rated deal: "Unhappy with a cleaning: <deal name>"', async () => {
    const booking = await insertBooking(db);
    await crmPushBookingJob({ db, hubspot: gateway, account: crm.account, batchSize: 1 }).process({ dealId: booking.dealId }, ctx);
    const unhappy = await db.ticket.create({ data: { dealId: booking.dealId, contactId: booking.contactId, category: 'UnhappyCustomer', reason: 'Rated 2 out of 5 by text: "2"' } });
    expect(await crmPushChangeRequestJob({ db, hubspot: gateway, account: crm.account }).process({ ticketId: unhappy.id }, ctx)).toMatchObject({ outcome: 'pushed' });
    const deal = await db.deal.findUniqueOrThrow({ where: { id: booking.dealId } });
    const [remote] = hubspot.objects('tickets').filter((t) => t.properties.app_request_id === unhappy.id);
    expect(remote?.properties).toMatchObject({
      subject: `Unhappy with a cleaning: ${deal.name}`,
      hs_ticket_category: 'Unhappy Customer',
      hs_pipeline_stage: crm.stages.ticketStageId(TICKET_STAGE_NEW),
      content: 'Reason: Rated 2 out of 5 by text: "2"',
    });
    expect(remote?.associations.deals).toEqual([deal.hubspotId]);
    expect(remote?.associations.contacts).toHaveLength(1);
  });

  it('creates a support ticket from the contact form on the sender’s contact', async () => {
    const message = await db.contactTicket.create({
      data: { name: 'Ada Lovelace', email: `ada.${Date.now()}@example.com`, phone: '+14045550111', reason: 'Service Inquiry', description: 'Do you clean offices?', agreed: true },
    });
    await crmPushSupportTicketJob({ db, hubspot: gateway, account: crm.account }).process({ contactTicketId: message.id }, ctx);
    const [ticket] = hubspot.objects('tickets').filter((t) => t.properties.app_request_id === message.id);
    const [contact] = hubspot.objects('contacts').filter((c) => c.properties.email === message.email);
    expect(ticket?.properties.subject).toBe('Service Inquiry: Ada Lovelace');
    expect(ticket?.associations.contacts).toEqual([contact!.id]);
    expect((await db.contactTicket.findUniqueOrThrow({ where: { id: message.id } })).hubspotId).toBe(ticket!.id);
  });

  it('records a notify-me signup on the contact', async () => {
    const signup = await db.notifySignup.create({
      data: { zip: '30303', email: `grace.${Date.now()}@example.com`, firstName: 'Grace', interest: 'Landlord Partnership' },
    });
    await crmRecordSignupJob({ db, hubspot: gateway }).process({ signupId: signup.id }, ctx);
    const [contact] = hubspot.objects('contacts').filter((c) => c.properties.email === signup.email);
    expect(contact?.properties).toMatchObject({ firstname: 'Grace', zip: '30303', notify_interest: 'Landlord Partnership', notify_zip: '30303' });
    expect((await db.notifySignup.findUniqueOrThrow({ where: { id: signup.id } })).hubspotId).toBe(contact!.id);
  });
});
