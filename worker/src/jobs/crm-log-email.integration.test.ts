import { randomBytes, randomUUID } from 'node:crypto';
import { UnrecoverableError } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrismaClient, type Db } from '@app/db/client';
import type { HubSpotEmulator } from '@app/emulators/hubspot/server';
import { TEST_SENDER_DOMAIN, smtpUrlOf, useMailEmulator } from '@app/emulators/mail/test-emulator';
import { STAGE } from '@app/shared/deal-stages';
import { createLogger } from '@app/runtime/logger';
import { testDatabaseUrl } from '../../../test/context';
import { insertBooking } from '../../../test/fixtures';
import { startSetUpHubSpot, type TestHubSpot } from '../../../test/hubspot-account';
import { HubSpotTimeoutError } from '../crm/hubspot-client';
import type { HubSpotGateway } from '../crm/hubspot-gateway';
import { emailSendJob } from '../email/email-send';
import { createMailTransport, type MailTransport } from '../email/mail-transport';
import { crmLogEmailJob } from './crm-log-email';
import { crmPushBookingJob } from './crm-push-booking';

const log = createLogger({ service: 'log-email-test', level: 'silent', format: 'json' });
const context = { log, jobId: 'job', attempt: 1 };
const FROM = `Atlanta Home Cleaning <hello@${TEST_SENDER_DOMAIN}>`;
const company = { name: 'Atlanta Home Cleaning', phone: '(404) 555-0100', address: '12 Peachtree St NE, Atlanta, GA 30303', email: `hello@${TEST_SENDER_DOMAIN}`, websiteUrl: 'https://www.cleaning.example' };
const EMAIL_TO_CONTACT = 198;
const EMAIL_TO_DEAL = 210;

describe('e-mails logged on HubSpot timelines (crm.log-email) against the emulators', () => {
  const mail = useMailEmulator();
  let db: Db;
  let crm: TestHubSpot;
  let hubspot: HubSpotEmulator;
  let gateway: HubSpotGateway;
  let transport: MailTransport;

  beforeAll(async () => {
    db = createPrismaClient(testDatabaseUrl());
    crm = await startSetUpHubSpot();
    hubspot = crm.emulator;
    gateway = crm.gateway();
  });
  afterAll(async () => {
    transport?.close();
    await hubspot.close();
    await db.$disconnect();
  });

  const logJob = (g: HubSpotGateway = gateway) => crmLogEmailJob({ db, hubspot: g });
  const logEmail = (emailId: string, g?: HubSpotGateway) => logJob(g).process({ emailId }, context);
  const sendJob = () => {
    transport ??= createMailTransport({ smtpUrl: smtpUrlOf(mail()), verifyTls: false, timeoutMs: 5_000 });
    return emailSendJob({ db, transport, from: FROM, company, publicUrl: 'https://www.cleaning.example', portalUrl: 'https://www.cleaning.example/login', otpSecret: 'o'.repeat(32) });
  };

  /** A customer with a booking; in HubSpot (its contact and deal have ids) unless told otherwise. */
  async function customer(options: { inHubSpot?: boolean } = {}) {
    const booking = await insertBooking(db, { email: `emails.${randomBytes(4).toString('hex')}@example.com` });
    if (options.inHubSpot !== false) await pushBooking(booking);
    return booking;
  }
  const pushBooking = (booking: { dealId: string; outboxId: string }) =>
    crmPushBookingJob({ db, hubspot: gateway, account: crm.account, batchSize: 1 }).process({ dealId: booking.dealId }, { ...context, jobId: booking.outboxId });
  const hubspotIds = async (c: { contactId: string; dealId: string }) => ({
    contact: (await db.contact.findUniqueOrThrow({ where: { id: c.contactId } })).hubspotId!,
    deal: (await db.deal.findUniqueOrThrow({ where: { id: c.dealId } })).hubspotId!,
  });

  /** An e-mail notice sent by the email.send job to the mail emulator: the row as sent, and its log events. */
  async function send(c: { dealId: string; email: string }, notice: { purpose: 'request_received' } | { purpose: 'reminder'; scheduledAt: Date } = { purpose: 'request_received' }) {
    const id = randomUUID();
    let noticeId: string | undefined;
    if (notice.purpose === 'reminder') {
      await db.deal.update({ where: { id: c.dealId }, data: { stageId: STAGE.CLEANING_SCHEDULED, scheduledAt: notice.scheduledAt } });
      noticeId = randomUUID();
      await db.customerNotice.create({ data: { id: noticeId, kind: 'reminder', dealId: c.dealId, subject: { scheduledAt: notice.scheduledAt.toISOString() }, dedupeKey: `reminder:${id}` } });
    }
    await db.emailMessage.create({ data: { id, purpose: notice.purpose, to: c.email, dealId: c.dealId, noticeId } });
    await sendJob().process({ emailId: id }, context);
    const row = await db.emailMessage.findUniqueOrThrow({ where: { id } });
    const events = await db.outboxEvent.findMany({ where: { type: 'crm.log-email', aggregateId: id } });
    return { row, events };
  }

  const emailsOn = (contactHubspotId: string) => hubspot.objects('emails').filter((e) => e.associations.contacts?.includes(contactHubspotId));
  const creates = () => hubspot.requests().filter((r) => r.method === 'POST' && /^\/crm\/v3\/objects\/emails(\/batch\/create)?$/.test(r.path)).length;
  const associated = (from: string, to: string, typeId: number) => hubspot.associations().some((a) => a.fromId === from && a.toId === to && a.typeId === typeId);

  it('logs a sent e-mail once, on the contact (198) and the deal (210), with its subject, text and Message-ID; a duplicate event changes nothing', async () => {
    const c = await customer();
    const ids = await hubspotIds(c);
    const sent = await send(c);
    expect(sent.row).toMatchObject({ status: 'sent', sender: FROM, messageId: `<${sent.row.id}@${TEST_SENDER_DOMAIN}>`, hubspotLogDueAt: sent.row.sentAt });
    expect(sent.events.map((e) => e.payload)).toEqual([{ emailId: sent.row.id }]);
    const [delivered] = mail().messages({ to: c.email });
    // What is kept is what went.
    expect(sent.row.subject).toBe(delivered!.subject);
    const lines = (text: string) => text.replace(/\r\n/g, '\n').trim();
    expect(lines(sent.row.textBody!)).toBe(lines(delivered!.text));

    const result = await logEmail(sent.row.id);
    const [engagement, ...more] = emailsOn(ids.contact);
    expect(more).toHaveLength(0);
    expect(result).toMatchObject({ outcome: 'logged', engagementId: engagement!.id });
    expect(engagement!.properties).toMatchObject({
      hs_email_direction: 'EMAIL',
      hs_email_status: 'SENT',
      hs_email_subject: sent.row.subject,
      hs_email_text: sent.row.textBody,
      hs_email_from_email: `hello@${TEST_SENDER_DOMAIN}`,
      hs_email_from_firstname: 'Atlanta Home Cleaning',
      hs_email_to_email: c.email,
      hs_email_to_firstname: 'Pat',
      hs_email_to_lastname: 'Customer',
    });
    expect(Date.parse(engagement!.properties.hs_timestamp!)).toBe(sent.row.sentAt!.getTime());
    expect(JSON.parse(engagement!.properties.hs_email_headers!)).toMatchObject({ messageId: sent.row.messageId, to: [{ email: c.email }] });
    expect(engagement!.associations.deals).toEqual([ids.deal]);
    expect(associated(engagement!.id, ids.contact, EMAIL_TO_CONTACT)).toBe(true);
    expect(associated(engagement!.id, ids.deal, EMAIL_TO_DEAL)).toBe(true);
    expect(await db.emailMessage.findUniqueOrThrow({ where: { id: sent.row.id } })).toMatchObject({ hubspotEmailId: engagement!.id, hubspotLogDueAt: null });

    // The same event again (a redelivered job, or the reconciler's): nothing more is sent to HubSpot.
    const before = hubspot.requests().length;
    expect(await logEmail(sent.row.id)).toEqual({ outcome: 'logged', engagementId: engagement!.id });
    expect(hubspot.requests().length).toBe(before);
    expect(emailsOn(ids.contact)).toHaveLength(1);
  });

  it('keeps and logs a reminder without its unsubscribe link, which the customer’s copy still has', async () => {
    const c = await customer();
    const ids = await hubspotIds(c);
    const sent = await send(c, { purpose: 'reminder', scheduledAt: new Date(Date.now() + 2 * 86_400_000) });
    const [delivered] = mail().messages({ to: c.email });
    const link = delivered!.unsubscribe?.url;
    expect(link).toMatch(/\/api\/email\/unsubscribe\?/);
    expect(delivered!.text).toContain(link);
    expect(sent.row.textBody).not.toContain(link);
    expect(sent.row.textBody).toContain('(link left out of this record)');

    await logEmail(sent.row.id);
    const [engagement] = emailsOn(ids.contact);
    expect(engagement!.properties.hs_email_text).toBe(sent.row.textBody);
  });

  it('retries after a lost answer without a second engagement: it finds the one HubSpot made', async () => {
    const c = await customer();
    const ids = await hubspotIds(c);
    // An e-mail logged before on the same contact must not be taken for this one.
    const earlier = await send(c);
    await logEmail(earlier.row.id);
    const sent = await send(c);
    // HubSpot creates the engagement, and the answer never arrives.
    const lossy = crm.workerGateway();
    const create = lossy.client.crm.objects.batchApi.create.bind(lossy.client.crm.objects.batchApi);
    lossy.client.crm.objects.batchApi.create = async (...args: Parameters<typeof create>) => {
      await create(...args);
      throw new HubSpotTimeoutError(15_000);
    };
    await expect(logEmail(sent.row.id, lossy.gateway)).rejects.toThrow(/timeout/);
    expect(emailsOn(ids.contact)).toHaveLength(2);
    expect(await db.emailMessage.findUniqueOrThrow({ where: { id: sent.row.id } })).toMatchObject({ hubspotEmailId: null, hubspotLogClaimedAt: expect.any(Date) });

    const before = creates();
    const result = await logEmail(sent.row.id);
    expect(creates()).toBe(before);
    const logged = emailsOn(ids.contact);
    expect(logged).toHaveLength(2);
    const made = logged.find((e) => e.properties.hs_email_headers?.includes(sent.row.messageId!));
    expect(result).toMatchObject({ outcome: 'logged', engagementId: made!.id, found: true });
    expect((await db.emailMessage.findUniqueOrThrow({ where: { id: sent.row.id } })).hubspotEmailId).toBe(made!.id);
  });

  it('waits while the customer is not in HubSpot yet, then logs', async () => {
    const c = await customer({ inHubSpot: false });
    const sent = await send(c);
    expect(sent.events).toHaveLength(1);
    const before = hubspot.requests().length;
    await expect(logEmail(sent.row.id)).rejects.toThrow(/is not in HubSpot yet/);
    expect(hubspot.requests().length).toBe(before);
    // Still due: the retry (or the reconciler, should the job be lost) logs it.
    expect((await db.emailMessage.findUniqueOrThrow({ where: { id: sent.row.id } })).hubspotLogDueAt).toEqual(sent.row.sentAt);
    await pushBooking(c);
    expect(await logEmail(sent.row.id)).toMatchObject({ outcome: 'logged' });
    expect(emailsOn((await hubspotIds(c)).contact)).toHaveLength(1);
  });

  it('two jobs at once create one engagement', async () => {
    const c = await customer();
    const sent = await send(c);
    const before = creates();
    const results = await Promise.allSettled([logEmail(sent.row.id), logEmail(sent.row.id)]);
    expect(creates() - before).toBe(1);
    expect(results.some((r) => r.status === 'fulfilled' && (r.value as { outcome: string }).outcome === 'logged')).toBe(true);
    for (const r of results) if (r.status === 'rejected') expect(String(r.reason)).toMatch(/being logged by another job/);
    expect(emailsOn((await hubspotIds(c)).contact)).toHaveLength(1);
  });

  it('rides out a HubSpot outage: the e-mail waits, then is logged once', async () => {
    const c = await customer();
    const sent = await send(c);
    hubspot.faults.outage(60);
    await expect(logEmail(sent.row.id)).rejects.toThrow(/HTTP 503|unavailable|outage/i);
    hubspot.faults.clear();
    expect(await logEmail(sent.row.id)).toMatchObject({ outcome: 'logged' });
    expect(emailsOn((await hubspotIds(c)).contact)).toHaveLength(1);
  });

  it('fails an e-mail HubSpot refuses with its reason, unrecoverable, and logs it once retried', async () => {
    const c = await customer();
    const sent = await send(c);
    hubspot.faults.failBatchInputs({ count: 1, property: 'hs_email_subject', values: [sent.row.subject!], objectType: 'emails' });
    const refused = await logEmail(sent.row.id).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(UnrecoverableError);
    expect(String(refused)).toMatch(/Injected failure/);
    // Refused, so nothing was created: no claim left to look behind.
    expect(await db.emailMessage.findUniqueOrThrow({ where: { id: sent.row.id } })).toMatchObject({ hubspotEmailId: null, hubspotLogClaimedAt: null });
    expect(await logEmail(sent.row.id)).toMatchObject({ outcome: 'logged' });
    expect(emailsOn((await hubspotIds(c)).contact)).toHaveLength(1);
  });

  it('skips an e-mail whose customer is gone: nothing to put it on', async () => {
    const c = await customer();
    const sent = await send(c);
    await db.emailMessage.update({ where: { id: sent.row.id }, data: { dealId: null, to: `gone.${randomBytes(3).toString('hex')}@example.com` } });
    expect(await logEmail(sent.row.id)).toEqual({ outcome: 'skipped', reason: 'no-contact' });
    expect((await db.emailMessage.findUniqueOrThrow({ where: { id: sent.row.id } })).hubspotLogDueAt).toBeNull();
  });
});
