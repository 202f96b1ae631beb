import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrismaClient, type Db } from '@app/db/client';
import { createLogger } from '@app/runtime/logger';
import { testDatabaseUrl } from '../../../test/context';
import { insertBooking } from '../../../test/fixtures';
import { LOADED_MACHINE_SEARCH_LIMIT, startSetUpHubSpot, type TestHubSpot } from '../../../test/hubspot-account';
import { crmPullJob } from './crm-pull';
import { crmPushBookingJob } from './crm-push-booking';
import { crmSweepJob } from './crm-sweep';

const log = createLogger({ service: 'pull-context-test', level: 'silent', format: 'json' });
const ctx = { log, jobId: 'test', attempt: 1 };

describe('crm.pull: the customer page\'s HubSpot context (company, lead status, notes, tasks, calls, meetings)', () => {
  let db: Db;
  let crm: TestHubSpot;
  let pull: () => Promise<unknown>;
  let push: (dealId: string) => Promise<unknown>;
  let sweep: () => Promise<unknown>;

  beforeAll(async () => {
    db = createPrismaClient(testDatabaseUrl());
    crm = await startSetUpHubSpot({ rateLimit: { max: 1_000, intervalMs: 10_000 }, searchRateLimit: LOADED_MACHINE_SEARCH_LIMIT });
    const { gateway } = crm.workerGateway();
    const pullJob = crmPullJob({ db, hubspot: gateway, account: crm.account });
    const pushJob = crmPushBookingJob({ db, hubspot: gateway, account: crm.account, batchSize: 1 });
    pull = () => pullJob.process({}, ctx);
    push = (dealId) => pushJob.process({ dealId }, ctx);
    const sweepJob = crmSweepJob({ db, hubspot: gateway, account: crm.account });
    sweep = () => sweepJob.process({}, ctx);
  });
  afterAll(async () => {
    await crm.emulator.close();
    await db.$disconnect();
  });

  /** A booked customer the portal pushed to HubSpot: our contact id and its HubSpot id. */
  async function bookedCustomer() {
    const booking = await insertBooking(db);
    await push(booking.dealId);
    const contact = await db.contact.findUniqueOrThrow({ where: { id: booking.contactId } });
    return { contactId: contact.id, hubspotId: contact.hubspotId! };
  }

  it('mirrors the company staff link in HubSpot, and the lead status and lifecycle stage they set', async () => {
    const customer = await bookedCustomer();
    const company = crm.emulator.createRecord('companies', {
      properties: { name: 'Peachtree Dental', domain: 'peachtreedental.example', industry: 'MEDICAL_PRACTICE', lifecyclestage: 'customer' },
      associations: [{ type: 'contacts', id: customer.hubspotId }],
    });
    crm.emulator.editRecord('contacts', customer.hubspotId, { hs_lead_status: 'CONNECTED', lifecyclestage: 'customer' });
    await pull();

    expect(await db.contact.findUniqueOrThrow({ where: { id: customer.contactId } })).toMatchObject({
      leadStatus: 'CONNECTED',
      lifecycleStage: 'customer',
      companyHubspotId: company.id,
    });
    const mirrored = await db.company.findUniqueOrThrow({ where: { hubspotId: company.id } });
    expect(mirrored).toMatchObject({ name: 'Peachtree Dental', domain: 'peachtreedental.example', industry: 'MEDICAL_PRACTICE', lifecycleStage: 'customer' });
    expect(mirrored.hubspotCreatedAt).toBeInstanceOf(Date);

    // Renamed in HubSpot: the next pull follows; a pull with nothing new changes nothing.
    crm.emulator.editRecord('companies', company.id, { name: 'Peachtree Family Dental' });
    await pull();
    await pull();
    expect((await db.company.findUniqueOrThrow({ where: { hubspotId: company.id } })).name).toBe('Peachtree Family Dental');
  });

  it('mirrors notes (as plain text), tasks, calls and meetings with the contacts and companies they are on', async () => {
    const customer = await bookedCustomer();
    const on = [{ type: 'contacts', id: customer.hubspotId }];
    const note = crm.emulator.createRecord('notes', { properties: { hs_timestamp: '2026-11-20T15:00:00.000Z', hs_note_body: '<div><p>Has a dog &amp; a cat.</p><p>Gate code 4411</p></div>' }, associations: on });
    const task = crm.emulator.createRecord('tasks', {
      properties: { hs_timestamp: '2026-11-28T17:00:00.000Z', hs_task_subject: 'Confirm key drop-off', hs_task_status: 'NOT_STARTED', hs_task_priority: 'HIGH' },
      associations: on,
    });
    const call = crm.emulator.createRecord('calls', { properties: { hs_timestamp: '2026-11-21T14:00:00.000Z', hs_call_title: 'Quote follow-up', hs_call_status: 'COMPLETED' }, associations: on });
    const meeting = crm.emulator.createRecord('meetings', {
      properties: { hs_meeting_title: 'Walkthrough', hs_meeting_start_time: '2026-12-02T15:00:00.000Z', hs_meeting_outcome: 'SCHEDULED' },
      associations: on,
    });
    const elsewhere = crm.emulator.createRecord('notes', { properties: { hs_timestamp: '2026-11-20T15:00:00.000Z', hs_note_body: 'Another customer' } });
    await pull();

    const rows = await db.crmActivity.findMany({ where: { contactHubspotIds: { has: customer.hubspotId } }, orderBy: { occursAt: 'asc' } });
    expect(rows.map((r) => [r.kind, r.hubspotId, r.title, r.status])).toEqual([
      ['note', note.id, null, null],
      ['call', call.id, 'Quote follow-up', 'COMPLETED'],
      ['task', task.id, 'Confirm key drop-off', 'NOT_STARTED'],
      ['meeting', meeting.id, 'Walkthrough', 'SCHEDULED'],
    ]);
    expect(rows[0]?.body).toBe('Has a dog & a cat.\nGate code 4411');
    expect(rows[2]).toMatchObject({ priority: 'HIGH', occursAt: new Date('2026-11-28T17:00:00.000Z') });
    expect(await db.crmActivity.findFirstOrThrow({ where: { hubspotId: elsewhere.id } })).toMatchObject({ contactHubspotIds: [] });

    // Completed in HubSpot: the task follows.
    crm.emulator.editRecord('tasks', task.id, { hs_task_status: 'COMPLETED' });
    await pull();
    expect((await db.crmActivity.findFirstOrThrow({ where: { kind: 'task', hubspotId: task.id } })).status).toBe('COMPLETED');
  });

  it('the sweep archives a note deleted in HubSpot (search never shows deletions), and the customer page stops showing it', async () => {
    const customer = await bookedCustomer();
    const note = crm.emulator.createRecord('notes', { properties: { hs_timestamp: '2026-11-20T15:00:00.000Z', hs_note_body: 'Wrong customer' }, associations: [{ type: 'contacts', id: customer.hubspotId }] });
    const kept = crm.emulator.createRecord('tasks', { properties: { hs_timestamp: '2026-11-20T15:00:00.000Z', hs_task_subject: 'Still there' }, associations: [{ type: 'contacts', id: customer.hubspotId }] });
    await pull();
    crm.emulator.archiveObject('notes', note.id);
    await pull();
    expect((await db.crmActivity.findFirstOrThrow({ where: { kind: 'note', hubspotId: note.id } })).archivedAt).toBeNull();
    const summary = (await sweep()) as { activities: { archived: number } };
    expect(summary.activities.archived).toBeGreaterThanOrEqual(1);
    expect((await db.crmActivity.findFirstOrThrow({ where: { kind: 'note', hubspotId: note.id } })).archivedAt).toBeInstanceOf(Date);
    expect((await db.crmActivity.findFirstOrThrow({ where: { kind: 'task', hubspotId: kept.id } })).archivedAt).toBeNull();
  });

  // Contacts of deals and tickets we mirror are mirrored with them (crm-pull-customers tests).
  it('leaves HubSpot contacts without a deal or ticket of ours out of the mirror', async () => {
    const stranger = crm.emulator.createRecord('contacts', { properties: { email: 'stranger@example.com', lifecyclestage: 'lead' } });
    await pull();
    expect(await db.contact.findFirst({ where: { hubspotId: stranger.id } })).toBeNull();
  });
});
