import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrismaClient, type Db } from '@app/db/client';
import type { HubSpotEmulator } from '@app/emulators/hubspot/server';
import { testDatabaseUrl } from '../../../test/context';
import { insertBooking } from '../../../test/fixtures';
import { startSetUpHubSpot, type TestHubSpot } from '../../../test/hubspot-account';
import type { HubSpotGateway } from '../crm/hubspot-gateway';
import { createLogger } from '@app/runtime/logger';
import { crmAssignOwnerJob } from './crm-assign-owner';
import { crmPushBookingJob } from './crm-push-booking';

const log = createLogger({ service: 'assign-owner-test', level: 'silent', format: 'json' });

describe('crm.assign-owner against the HubSpot emulator', () => {
  let db: Db;
  let crm: TestHubSpot;
  let hubspot: HubSpotEmulator;
  let gateway: HubSpotGateway;
  /** Our mirror rows of two cleaners added to the account (what crm.pull would have made). */
  let maria: { id: string; hubspotId: string };
  let james: { id: string; hubspotId: string };

  beforeAll(async () => {
    db = createPrismaClient(testDatabaseUrl());
    crm = await startSetUpHubSpot();
    hubspot = crm.emulator;
    gateway = crm.gateway();
    // Cleaners are users of the account (added in HubSpot's settings); ids are unique across the run's emulators.
    const mirror = async (firstName: string, lastName: string) => {
      const owner = hubspot.addOwner({ email: `${firstName.toLowerCase()}.${randomBytes(3).toString('hex')}@cleaning.example`, firstName, lastName });
      return db.owner.create({ data: { hubspotId: owner.id, firstName, lastName, email: owner.email }, select: { id: true, hubspotId: true } });
    };
    maria = await mirror('Maria', 'Alvarez');
    james = await mirror('James', 'Carter');
  });
  afterAll(async () => {
    await hubspot.close();
    await db.$disconnect();
  });

  /** A booking pushed to HubSpot, as crm.push-booking leaves it. */
  async function bookingInHubSpot() {
    const booking = await insertBooking(db, { email: `owner.${randomBytes(4).toString('hex')}@example.com` });
    await crmPushBookingJob({ db, hubspot: gateway, account: crm.account, batchSize: 1 }).process({ dealId: booking.dealId }, { log, jobId: booking.outboxId, attempt: 1 });
    const { hubspotId } = await db.deal.findUniqueOrThrow({ where: { id: booking.dealId } });
    return { dealId: booking.dealId, hubspotId: hubspotId! };
  }

  /** What the API stores when staff assign (see api/src/modules/staff/deals/repository.ts). */
  async function assignmentEvent(dealId: string, ownerId: string | null) {
    await db.deal.update({ where: { id: dealId }, data: { ownerId } });
    return db.outboxEvent.create({ data: { type: 'crm.assign-owner', payload: { dealId, ownerId }, aggregateType: 'deal', aggregateId: dealId } });
  }

  const remoteOwner = (hubspotId: string) => hubspot.objects('deals').find((d) => d.id === hubspotId)?.properties.hubspot_owner_id;

  it('sets hubspot_owner_id on the HubSpot deal (PATCH), and again harmlessly on a retry', async () => {
    const deal = await bookingInHubSpot();
    const event = await assignmentEvent(deal.dealId, maria.id);
    const job = crmAssignOwnerJob({ db, hubspot: gateway });
    const since = hubspot.requests().length;
    const result = await job.process({ dealId: deal.dealId, ownerId: maria.id }, { log, jobId: event.id, attempt: 1 });
    expect(result).toEqual({ outcome: 'pushed', ownerHubspotId: maria.hubspotId });
    expect(remoteOwner(deal.hubspotId)).toBe(maria.hubspotId);
    const patches = hubspot.requests().slice(since).filter((r) => r.method === 'PATCH');
    expect(patches.map((r) => r.path)).toEqual([`/crm/v3/objects/deals/${deal.hubspotId}`]);

    await job.process({ dealId: deal.dealId, ownerId: maria.id }, { log, jobId: event.id, attempt: 2 });
    expect(remoteOwner(deal.hubspotId)).toBe(maria.hubspotId);
  });

  it('refuses, visibly, to push a cleaner deactivated in HubSpot after staff chose them', async () => {
    const deal = await bookingInHubSpot();
    const departed = await db.owner.create({ data: { hubspotId: `9${randomBytes(4).readUInt32BE()}`, firstName: 'Dee', lastName: 'Parted', active: false }, select: { id: true, hubspotId: true } });
    const event = await assignmentEvent(deal.dealId, departed.id);
    const since = hubspot.requests().length;
    await expect(crmAssignOwnerJob({ db, hubspot: gateway }).process({ dealId: deal.dealId, ownerId: departed.id }, { log, jobId: event.id, attempt: 1 })).rejects.toThrow(
      `owner ${departed.hubspotId} is archived in HubSpot: assign the deal to an active cleaner`,
    );
    expect(hubspot.requests().slice(since).filter((r) => r.method === 'PATCH')).toHaveLength(0);
  });

  it('has nothing to push for a deal deleted in HubSpot (archived by the sweep)', async () => {
    const deal = await bookingInHubSpot();
    const event = await assignmentEvent(deal.dealId, maria.id);
    await db.deal.update({ where: { id: deal.dealId }, data: { archivedAt: new Date() } });
    const result = await crmAssignOwnerJob({ db, hubspot: gateway }).process({ dealId: deal.dealId, ownerId: maria.id }, { log, jobId: event.id, attempt: 1 });
    expect(result).toEqual({ outcome: 'deal-archived' });
  });

  it('puts the assignment back into the mirror when a pull brought HubSpot’s older owner meanwhile', async () => {
    const deal = await bookingInHubSpot();
    const event = await assignmentEvent(deal.dealId, james.id);
    await db.deal.update({ where: { id: deal.dealId }, data: { ownerId: null } }); // a crm.pull in between
    await crmAssignOwnerJob({ db, hubspot: gateway }).process({ dealId: deal.dealId, ownerId: james.id }, { log, jobId: event.id, attempt: 1 });
    expect(remoteOwner(deal.hubspotId)).toBe(james.hubspotId);
    expect((await db.deal.findUniqueOrThrow({ where: { id: deal.dealId } })).ownerId).toBe(james.id);
  });

  it('unassigns with an empty owner', async () => {
    const deal = await bookingInHubSpot();
    const job = crmAssignOwnerJob({ db, hubspot: gateway });
    const first = await assignmentEvent(deal.dealId, maria.id);
    await job.process({ dealId: deal.dealId, ownerId: maria.id }, { log, jobId: first.id, attempt: 1 });
    const second = await assignmentEvent(deal.dealId, null);
    await job.process({ dealId: deal.dealId, ownerId: null }, { log, jobId: second.id, attempt: 1 });
    expect(remoteOwner(deal.hubspotId) ?? '').toBe('');
  });

  it('lets a later assignment win over an earlier one retried after it', async () => {
    const deal = await bookingInHubSpot();
    const job = crmAssignOwnerJob({ db, hubspot: gateway });
    const earlier = await assignmentEvent(deal.dealId, maria.id);
    await new Promise((r) => setTimeout(r, 5)); // created_at apart
    const later = await assignmentEvent(deal.dealId, james.id);
    await job.process({ dealId: deal.dealId, ownerId: james.id }, { log, jobId: later.id, attempt: 1 });
    const since = hubspot.requests().length;
    expect(await job.process({ dealId: deal.dealId, ownerId: maria.id }, { log, jobId: earlier.id, attempt: 3 })).toEqual({ outcome: 'superseded' });
    expect(hubspot.requests().slice(since).filter((r) => r.method === 'PATCH')).toHaveLength(0);
    expect(remoteOwner(deal.hubspotId)).toBe(james.hubspotId);
    expect((await db.deal.findUniqueOrThrow({ where: { id: deal.dealId } })).ownerId).toBe(james.id);
  });

  it('waits (throws, so BullMQ retries) while the deal is not in HubSpot yet; a deleted deal is done', async () => {
    const booking = await insertBooking(db, { email: `owner.${randomBytes(4).toString('hex')}@example.com` });
    const event = await assignmentEvent(booking.dealId, maria.id);
    const job = crmAssignOwnerJob({ db, hubspot: gateway });
    await expect(job.process({ dealId: booking.dealId, ownerId: maria.id }, { log, jobId: event.id, attempt: 1 })).rejects.toThrow(/not in HubSpot yet/);
    expect(await job.process({ dealId: 'gone', ownerId: maria.id }, { log, jobId: 'x', attempt: 1 })).toEqual({ outcome: 'missing' });
  });
});
