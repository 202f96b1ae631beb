import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAGE } from '@app/shared/deal-stages';
import { EMAIL_EVENTS_PATH } from '@app/shared/routes';
import { createLogger } from '@app/runtime/logger';
import { EMULATOR_DEFAULTS } from '@app/runtime/emulator-defaults';
import { createQueueBackend } from '@app/runtime/queue/connection';
import { startMailEmulator, type MailEmulator } from '@app/emulators/mail/mail-emulator';
import { TEST_MAIL_LOGIN, TEST_SENDER_DOMAIN, smtpUrlOf } from '@app/emulators/mail/test-emulator';
import { applyDeals, type MirroredDeal } from '@app/worker/crm/mirror-repository';
import { EMAIL_SKIP_REASONS, emailSendJob } from '@app/worker/email/email-send';
import { createMailTransport, type MailTransport } from '@app/worker/email/mail-transport';
import { DEFAULT_JOB_OPTIONS } from '@app/worker/queue/job-options';
import { startWorkers, type WorkerRuntime } from '@app/worker/runtime';
import { testDatabaseUrl, testRedisUrl } from '../../../../test/context';
import { insertBooking } from '../../../../test/fixtures';
import { startPortalApi, type PortalApi } from '../../../../test/portal-app';

const log = createLogger({ service: 'bounce-flow-test', level: 'silent', format: 'json' });
const company = { name: 'Atlanta Home Cleaning', phone: '(404) 555-0100', address: '12 Peachtree St NE, Atlanta, GA 30303', email: `hello@${TEST_SENDER_DOMAIN}`, websiteUrl: 'https://www.cleaning.example' };

/**
 * Bounces and complaints end to end, each part real: the worker's email.send job hands the
 * e-mail to the mail emulator over SMTP, the emulator reports what became of it to the api's
 * webhook, signed as Mailgun signs, and the api's record stops the next e-mail to the address.
 * Everything reads the real clock, as the emulator's signatures do.
 */
describe('a bounced or complained-of address gets no more e-mail', () => {
  let api: PortalApi;
  let mail: MailEmulator;
  let transport: MailTransport;
  let runtime: WorkerRuntime;
  let jobs = 0;

  beforeAll(async () => {
    api = await startPortalApi('bounce-flow', new Date(), { metrics: true, realClock: true });
    mail = await startMailEmulator({ ...TEST_MAIL_LOGIN, verifiedDomains: [TEST_SENDER_DOMAIN], webhook: { url: `${api.url}${EMAIL_EVENTS_PATH}`, signingKey: EMULATOR_DEFAULTS.EMAIL_WEBHOOK_SIGNING_KEY }, webhookStepMs: 20 });
    transport = createMailTransport({ smtpUrl: smtpUrlOf(mail), verifyTls: false, timeoutMs: 5_000 });
    const backend = createQueueBackend({ redisUrl: testRedisUrl(), databaseUrl: testDatabaseUrl(), prefix: api.prefix });
    const job = emailSendJob({ db: api.db, transport, from: `Atlanta Home Cleaning <hello@${TEST_SENDER_DOMAIN}>`, company, publicUrl: 'https://www.cleaning.example', portalUrl: 'https://www.cleaning.example/login', otpSecret: 'o'.repeat(32) });
    runtime = await startWorkers({ backend, jobs: [job], log, settings: { concurrency: 2 } });
    // The job loads the templates (React Email) with its first e-mail: here instead, in the hook's time.
    await import('../../../../worker/src/email/render-notice');
  });
  afterAll(async () => {
    await runtime?.close();
    transport?.close();
    await mail?.close();
    await api?.close();
  });

  /** A cleaning booked by `email` (no text consent) and scheduled three days out: its confirmation and its reminder, queued. */
  async function scheduledCleaning(email: string) {
    const booking = await insertBooking(api.db, { email });
    await api.db.contact.update({ where: { id: booking.contactId }, data: { phone: null } });
    await api.db.deal.update({ where: { id: booking.dealId }, data: { submittedPhone: null } });
    const now = new Date();
    const deal: MirroredDeal = {
      hubspotId: `hs-${randomBytes(4).toString('hex')}`, appRequestId: booking.dealId, name: null, stageId: STAGE.CLEANING_SCHEDULED, scheduledAt: new Date(now.getTime() + 3 * 86_400_000),
      durationMinutes: null, visitOutcome: null, amountCents: null, ownerHubspotId: null, serviceType: null, serviceAddress: null, skus: [], contactHubspotId: null, modifiedAt: now, mergedHubspotIds: [],
    };
    await applyDeals(api.db, [deal], { now });
    const emails = await api.db.emailMessage.findMany({ where: { dealId: booking.dealId }, select: { id: true, purpose: true } });
    const of = (purpose: string) => emails.find((e) => e.purpose === purpose)!.id;
    return { confirmation: of('cleaning_confirmed'), reminder: of('reminder') };
  }
  /** The email.send job of a row, through the queue and the worker, as the relay would add it. */
  async function send(emailId: string): Promise<unknown> {
    const jobId = `email-${++jobs}`;
    await api.queues.email.add('email.send', { emailId }, { ...DEFAULT_JOB_OPTIONS, jobId });
    await expect.poll(() => api.queues.email.getJobState(jobId), { timeout: 15_000, interval: 50 }).toBe('completed');
    return (await api.queues.email.getJob(jobId))?.returnvalue;
  }
  const row = (id: string) => api.db.emailMessage.findUniqueOrThrow({ where: { id } });
  const suppression = (address: string) => api.db.emailSuppression.findUnique({ where: { address } });
  const metric = async (series: string) => {
    const line = (await (await fetch(`${api.url}/metrics`)).text()).split('\n').find((l) => l.startsWith(`${series} `));
    return line === undefined ? undefined : Number(line.slice(series.length + 1));
  };

  it("a hard bounce, reported by the provider's webhook, cancels the next e-mail to the address", async () => {
    const address = `bounce.${randomBytes(3).toString('hex')}@customer.example`;
    const { confirmation, reminder } = await scheduledCleaning(address);
    expect(await metric('email_sent_total{kind="cleaning_confirmed"}')).toBe(0);

    expect(await send(confirmation)).toEqual({ sent: true });
    await expect.poll(() => suppression(address), { timeout: 10_000, interval: 50 }).toMatchObject({ bouncedAt: expect.any(Date), reason: expect.stringContaining('550 5.1.1') });
    // Staff read which e-mail bounced and the provider's words for it.
    expect(await row(confirmation)).toMatchObject({ status: 'sent', delivery: 'bounced', deliveryDetail: expect.stringMatching(/^550 5\.1\.1 The email account/) });
    expect(mail.webhookPosts()).toEqual([expect.objectContaining({ event: 'failed', severity: 'permanent', responseStatus: 200, attempt: 1 })]);
    expect(await metric('email_sent_total{kind="cleaning_confirmed"}')).toBe(1);
    expect(await metric('email_bounced_total{kind="cleaning_confirmed"}')).toBe(1);

    expect(await send(reminder)).toEqual({ skipped: 'bounced' });
    expect(await row(reminder)).toMatchObject({ status: 'canceled', errorMessage: EMAIL_SKIP_REASONS.bounced });
    expect(mail.messages({ to: address })).toHaveLength(1);
    expect(await metric('email_sent_total{kind="reminder"}')).toBe(0);
  });

  it('a complaint stops the address too; a soft bounce and a plain delivery stop nothing', async () => {
    const complains = `complain.${randomBytes(3).toString('hex')}@customer.example`;
    const spam = await scheduledCleaning(complains);
    expect(await send(spam.confirmation)).toEqual({ sent: true });
    await expect.poll(() => suppression(complains), { timeout: 10_000, interval: 50 }).toMatchObject({ complainedAt: expect.any(Date), bouncedAt: null });
    await expect.poll(async () => (await row(spam.confirmation)).delivery, { timeout: 5_000, interval: 50 }).toBe('complained');
    expect(await metric('email_complained_total{kind="cleaning_confirmed"}')).toBe(1);
    expect(await send(spam.reminder)).toEqual({ skipped: 'bounced' });

    for (const local of ['defer', 'dana']) {
      const address = `${local}.${randomBytes(3).toString('hex')}@customer.example`;
      const { confirmation, reminder } = await scheduledCleaning(address);
      expect(await send(confirmation)).toEqual({ sent: true });
      await expect.poll(async () => (await row(confirmation)).delivery, { timeout: 10_000, interval: 50 }).toBe('delivered');
      expect(await suppression(address)).toBeNull();
      expect(await send(reminder)).toEqual({ sent: true });
    }
    // The soft bounces (one for each of the two e-mails to defer…@) were reported and taken, stopping nothing.
    await expect.poll(() => mail.webhookReportsInFlight(), { timeout: 10_000, interval: 50 }).toBe(0);
    const soft = mail.webhookPosts().filter((p) => p.severity === 'temporary');
    expect(soft.map((p) => [p.recipient.split('.')[0], p.event, p.responseStatus])).toEqual([['defer', 'failed', 200], ['defer', 'failed', 200]]);
  });
});
