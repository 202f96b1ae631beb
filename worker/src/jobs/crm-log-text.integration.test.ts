import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrismaClient, type Db } from '@app/db/client';
import type { HubSpotEmulator } from '@app/emulators/hubspot/server';
import { startTwilioEmulator, type TwilioEmulator } from '@app/emulators/twilio/twilio-emulator';
import { createLogger } from '@app/runtime/logger';
import { receiveText } from '../../../api/src/modules/twilio-inbound/service';
import { testDatabaseUrl } from '../../../test/context';
import { insertBooking } from '../../../test/fixtures';
import { startSetUpHubSpot, type TestHubSpot } from '../../../test/hubspot-account';
import { TEST_OTP_SECRET, uniquePhone } from '../../../test/portal-app';
import { HubSpotTimeoutError } from '../crm/hubspot-client';
import type { HubSpotGateway } from '../crm/hubspot-gateway';
import { createTwilioClient } from '../sms/twilio-client';
import { crmLogTextReceivedJob, crmLogTextSentJob } from './crm-log-text';
import { crmPushBookingJob } from './crm-push-booking';
import { smsSendJob } from './sms-send';

const log = createLogger({ service: 'log-text-test', level: 'silent', format: 'json' });
const context = { log, jobId: 'job', attempt: 1 };
const OUR_NUMBER = '+15555550100';
const SID = 'AC0123456789abcdef0123456789abcdef';
const TOKEN = 'log-text-test-token';
const COMMUNICATION_TO_CONTACT = 81;
/** A Wednesday, 11 AM in Atlanta: office hours, so no after-hours answer joins in. */
const OPEN = Date.parse('2026-12-09T16:00:00.000Z');

describe('texts logged on HubSpot timelines (crm.log-text-received, crm.log-text-sent) against the emulators', () => {
  let db: Db;
  let crm: TestHubSpot;
  let hubspot: HubSpotEmulator;
  let gateway: HubSpotGateway;
  let twilio: TwilioEmulator;
  let minute = 0;

  beforeAll(async () => {
    db = createPrismaClient(testDatabaseUrl());
    crm = await startSetUpHubSpot();
    hubspot = crm.emulator;
    gateway = crm.gateway();
    twilio = await startTwilioEmulator({ port: 0, accountSid: SID, authToken: TOKEN, deliveryStepMs: 20 });
  });
  afterAll(async () => {
    await twilio.close();
    await hubspot.close();
    await db.$disconnect();
  });

  // One text per job unless a test is about batches: the database is shared with other test files,
  // whose texts must not ride in these jobs' batches (the batch test allows for them).
  const received = (g: HubSpotGateway = gateway, batchSize = 1) => crmLogTextReceivedJob({ db, hubspot: g, batchSize });
  const sent = (g: HubSpotGateway = gateway, batchSize = 1) => crmLogTextSentJob({ db, hubspot: g, batchSize });
  const sendJob = () =>
    smsSendJob({ db, twilio: createTwilioClient({ accountSid: SID, authToken: TOKEN, baseUrl: twilio.url, timeoutMs: 2_000 }), from: OUR_NUMBER, otpSecret: TEST_OTP_SECRET, portalUrl: 'http://127.0.0.1:5173/login' });

  /** A customer whose booking is in HubSpot: their contact and deal have HubSpot ids. */
  async function customer(options: { inHubSpot?: boolean } = {}) {
    const booking = await insertBooking(db, { email: `texts.${randomBytes(4).toString('hex')}@example.com` });
    const phone = uniquePhone();
    await db.contact.update({ where: { id: booking.contactId }, data: { phone } });
    if (options.inHubSpot !== false) await pushBooking(booking);
    return { ...booking, phone };
  }
  const pushBooking = (booking: { dealId: string; outboxId: string }) =>
    crmPushBookingJob({ db, hubspot: gateway, account: crm.account, batchSize: 1 }).process({ dealId: booking.dealId }, { ...context, jobId: booking.outboxId });
  const hubspotIds = async (c: { contactId: string; dealId: string }) => ({
    contact: (await db.contact.findUniqueOrThrow({ where: { id: c.contactId } })).hubspotId!,
    deal: (await db.deal.findUniqueOrThrow({ where: { id: c.dealId } })).hubspotId!,
  });

  /** A text to our number, through the api's webhook handling: kept, and its log event written. Each a minute after the last. */
  async function receive(from: string, words: string) {
    const at = new Date(OPEN + ++minute * 60_000);
    const sid = `SM${randomBytes(16).toString('hex')}`;
    await receiveText({ db, now: () => at, auth: { smsBudget: { perHour: 100, perDay: 1_000 } } }, { MessageSid: sid, From: from, To: OUR_NUMBER, Body: words });
    const row = await db.inboundText.findUniqueOrThrow({ where: { sid } });
    const events = await db.outboxEvent.findMany({ where: { type: 'crm.log-text-received', aggregateId: row.id } });
    return { row, at, events };
  }

  /** A text we send, through the sms.send job: sent by Twilio, and its log event written. */
  async function send(data: { purpose: 'staff_reply' | 'request_received' | 'login_code' | 'staff_invite'; to: string; body?: string; staffEmail?: string; dealId?: string }) {
    const { id } = await db.smsMessage.create({ data, select: { id: true } });
    if (data.purpose === 'login_code') {
      const challenge = await db.otpChallenge.create({ data: { phone: data.to, email: 'code@example.com', codeHmac: 'not-checked', expiresAt: new Date(Date.now() + 600_000) } });
      await db.smsMessage.update({ where: { id }, data: { otpChallengeId: challenge.id } });
    }
    await sendJob().process({ messageId: id }, context);
    const row = await db.smsMessage.findUniqueOrThrow({ where: { id } });
    const events = await db.outboxEvent.findMany({ where: { type: 'crm.log-text-sent', aggregateId: id } });
    return { row, events };
  }

  const communicationsOn = (contactHubspotId: string) => hubspot.objects('communications').filter((c) => c.associations.contacts?.includes(contactHubspotId));
  const creates = () => hubspot.requests().filter((r) => r.method === 'POST' && /^\/crm\/v3\/objects\/communications(\/batch\/create)?$/.test(r.path)).length;

  it('logs a customer’s text as one SMS communication on their contact, and a duplicate event changes nothing', async () => {
    const c = await customer();
    const ids = await hubspotIds(c);
    const text = await receive(c.phone, 'Can she come at 10 instead?');
    expect(text.events.map((e) => e.payload)).toEqual([{ inboundTextId: text.row.id }]);
    expect(text.row.hubspotLogDueAt).toEqual(text.at);

    const result = await received().process({ inboundTextId: text.row.id }, context);
    const [communication, ...more] = communicationsOn(ids.contact);
    expect(more).toHaveLength(0);
    expect(result).toMatchObject({ outcome: 'logged', communicationId: communication!.id });
    expect(communication!.properties).toMatchObject({
      hs_communication_channel_type: 'SMS',
      hs_communication_logged_from: 'CRM',
      hs_communication_body: 'Customer: Can she come at 10 instead?',
    });
    expect(Date.parse(communication!.properties.hs_timestamp!)).toBe(text.at.getTime());
    expect(communication!.associations.deals ?? []).toEqual([]);
    expect(hubspot.associations().some((a) => a.fromId === communication!.id && a.toId === ids.contact && a.typeId === COMMUNICATION_TO_CONTACT)).toBe(true);
    expect(await db.inboundText.findUniqueOrThrow({ where: { id: text.row.id } })).toMatchObject({ hubspotCommunicationId: communication!.id, hubspotLogDueAt: null });

    // The same event again (a redelivered job, or a second event): nothing more is created.
    const before = hubspot.requests().length;
    expect(await received().process({ inboundTextId: text.row.id }, context)).toEqual({ outcome: 'logged', communicationId: communication!.id });
    expect(hubspot.requests().length).toBe(before);
    expect(communicationsOn(ids.contact)).toHaveLength(1);
  });

  it('logs our reply with who wrote it (their HubSpot user as its creator), and a text about a cleaning on the deal too', async () => {
    const c = await customer();
    const ids = await hubspotIds(c);
    const owner = hubspot.addOwner({ email: `sam.${randomBytes(3).toString('hex')}@cleaning.example`, firstName: 'Sam', lastName: 'Office' });
    await db.owner.create({ data: { hubspotId: owner.id, email: owner.email, firstName: 'Sam', lastName: 'Office' } });

    const reply = await send({ purpose: 'staff_reply', to: c.phone, body: 'Yes, 10 works.', staffEmail: owner.email });
    expect(reply.row.status).toBe('sent');
    expect(reply.events.map((e) => e.payload)).toEqual([{ messageId: reply.row.id }]);
    const notice = await send({ purpose: 'request_received', to: c.phone, dealId: c.dealId });
    expect(notice.events).toHaveLength(1);

    expect(await sent().process({ messageId: reply.row.id }, context)).toMatchObject({ outcome: 'logged' });
    expect(await sent().process({ messageId: notice.row.id }, context)).toMatchObject({ outcome: 'logged' });
    const logged = communicationsOn(ids.contact);
    expect(logged).toHaveLength(2);
    const ofReply = logged.find((l) => l.properties.hs_communication_body?.startsWith(`Us (${owner.email})`));
    expect(ofReply?.properties).toMatchObject({ hs_communication_body: `Us (${owner.email}): Yes, 10 works.`, hubspot_owner_id: owner.id, hs_communication_channel_type: 'SMS' });
    expect(Date.parse(ofReply!.properties.hs_timestamp!)).toBe(reply.row.sentAt!.getTime());
    expect(ofReply!.associations.deals ?? []).toEqual([]);
    const ofNotice = logged.find((l) => l !== ofReply)!;
    expect(ofNotice.properties.hs_communication_body).toBe(`Us (automatic request received): ${(await db.smsMessage.findUniqueOrThrow({ where: { id: notice.row.id } })).body}`);
    expect(ofNotice.associations.deals).toEqual([ids.deal]);
    expect((await db.smsMessage.findMany({ where: { id: { in: [reply.row.id, notice.row.id] } } })).map((m) => m.hubspotCommunicationId).sort()).toEqual(logged.map((l) => l.id).sort());
  });

  it('never logs a login code or a portal invitation, nor a text from or to a number no customer has', async () => {
    const c = await customer();
    const ids = await hubspotIds(c);
    for (const purpose of ['login_code', 'staff_invite'] as const) {
      const text = await send({ purpose, to: c.phone });
      expect(text.row.status).toBe('sent');
      expect(text.events).toEqual([]);
      expect(text.row.hubspotLogDueAt).toBeNull();
    }
    const stranger = uniquePhone();
    const unknown = await receive(stranger, 'Who is this?');
    expect(unknown.events).toEqual([]);
    expect(unknown.row.hubspotLogDueAt).toBeNull();
    // An answer to a stranger is sent, and then has no timeline to go on.
    const answer = await send({ purpose: 'staff_reply', to: stranger, body: 'Atlanta Home Cleaning here.', staffEmail: 'sam@cleaning.example' });
    expect(await sent().process({ messageId: answer.row.id }, context)).toEqual({ outcome: 'skipped', reason: 'no-contact' });
    expect((await db.smsMessage.findUniqueOrThrow({ where: { id: answer.row.id } })).hubspotLogDueAt).toBeNull();
    expect(communicationsOn(ids.contact)).toHaveLength(0);
  });

  it('waits while the customer is not in HubSpot yet, then logs', async () => {
    const c = await customer({ inHubSpot: false });
    const text = await receive(c.phone, 'Is my booking through?');
    const before = hubspot.requests().length;
    await expect(received().process({ inboundTextId: text.row.id }, context)).rejects.toThrow(/is not in HubSpot yet/);
    expect(hubspot.requests().length).toBe(before);
    await pushBooking(c);
    expect(await received().process({ inboundTextId: text.row.id }, context)).toMatchObject({ outcome: 'logged' });
    expect(communicationsOn((await hubspotIds(c)).contact)).toHaveLength(1);
  });

  it('logs every text due in one create request; their own jobs then find them logged', async () => {
    const texts = [];
    for (let i = 0; i < 3; i++) texts.push(await receive((await customer()).phone, `Text number ${i + 1}`));
    const before = creates();
    const result = await received(gateway, 100).process({ inboundTextId: texts[1]!.row.id }, context);
    // Texts other test files left due may ride along too.
    expect(result).toMatchObject({ outcome: 'logged', batch: expect.any(Number) });
    expect((result as { batch: number }).batch).toBeGreaterThanOrEqual(3);
    expect(creates() - before).toBe(1);
    for (const text of texts) expect(await received().process({ inboundTextId: text.row.id }, context)).toMatchObject({ outcome: 'logged' });
    expect(creates() - before).toBe(1);
  });

  it('retries after a lost answer without a second communication: it finds the one HubSpot made', async () => {
    const c = await customer();
    const ids = await hubspotIds(c);
    const text = await receive(c.phone, 'Thank you!');
    // HubSpot creates the communication, and the answer never arrives.
    const lossy = crm.workerGateway();
    const create = lossy.client.crm.objects.batchApi.create.bind(lossy.client.crm.objects.batchApi);
    lossy.client.crm.objects.batchApi.create = async (...args: Parameters<typeof create>) => {
      await create(...args);
      throw new HubSpotTimeoutError(15_000);
    };
    await expect(received(lossy.gateway).process({ inboundTextId: text.row.id }, context)).rejects.toThrow(/timeout/);
    expect(communicationsOn(ids.contact)).toHaveLength(1);
    expect(await db.inboundText.findUniqueOrThrow({ where: { id: text.row.id } })).toMatchObject({ hubspotCommunicationId: null, hubspotLogClaimedAt: expect.any(Date) });

    const before = creates();
    const result = await received().process({ inboundTextId: text.row.id }, context);
    const [communication, ...more] = communicationsOn(ids.contact);
    expect(more).toHaveLength(0);
    expect(result).toMatchObject({ outcome: 'logged', communicationId: communication!.id });
    expect(creates()).toBe(before);
    expect((await db.inboundText.findUniqueOrThrow({ where: { id: text.row.id } })).hubspotCommunicationId).toBe(communication!.id);
  });

  it('rides out a HubSpot outage: the text waits, then is logged once', async () => {
    const c = await customer();
    const ids = await hubspotIds(c);
    const text = await receive(c.phone, 'Running 5 minutes late to let you in');
    hubspot.faults.outage(60);
    await expect(received().process({ inboundTextId: text.row.id }, context)).rejects.toThrow(/HTTP 503|unavailable|outage/i);
    expect(communicationsOn(ids.contact)).toHaveLength(0);
    expect(await db.inboundText.findUniqueOrThrow({ where: { id: text.row.id } })).toMatchObject({ hubspotCommunicationId: null });
    hubspot.faults.clear();
    expect(await received().process({ inboundTextId: text.row.id }, context)).toMatchObject({ outcome: 'logged' });
    expect(communicationsOn(ids.contact)).toHaveLength(1);
  });

  it('fails a text HubSpot refuses with its reason, and logs it once retried', async () => {
    const c = await customer();
    const bad = await receive(c.phone, 'A text HubSpot refuses');
    hubspot.faults.failBatchInputs({ count: 1, property: 'hs_communication_body', values: ['Customer: A text HubSpot refuses'], objectType: 'communications' });
    await expect(received().process({ inboundTextId: bad.row.id }, context)).rejects.toThrow(/Injected failure/);
    // Refused for good, so nothing was created: no claim left to look behind.
    expect(await db.inboundText.findUniqueOrThrow({ where: { id: bad.row.id } })).toMatchObject({
      hubspotCommunicationId: null,
      hubspotLogClaimedAt: null,
      hubspotLogError: expect.stringContaining('Injected failure'),
    });
    // Retried (the queue dashboard's retry button) once the cause is fixed: logged.
    expect(await received().process({ inboundTextId: bad.row.id }, context)).toMatchObject({ outcome: 'logged', batch: 1 });
    expect(await db.inboundText.findUniqueOrThrow({ where: { id: bad.row.id } })).toMatchObject({ hubspotLogError: null });
  });
});
