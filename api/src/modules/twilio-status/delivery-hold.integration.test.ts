import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TWILIO_STATUS_CALLBACK_PATH } from '@app/shared/routes';
import { STAGE } from '@app/shared/deal-stages';
import { HELD_TEXT_REASON } from '@app/shared/sms-delivery-hold';
import { SMS_CONSENT_VERSION } from '@app/shared/sms-consent';
import { createLogger } from '@app/runtime/logger';
import type { SmsPurpose } from '@app/db/generated/client';
import { smsSendJob } from '@app/worker/jobs/sms-send';
import { addOutboxJobs } from '@app/worker/outbox/dispatch';
import { DEFAULT_JOB_OPTIONS } from '@app/worker/queue/job-options';
import { createQueueBackend } from '@app/runtime/queue/connection';
import { startWorkers, type WorkerRuntime } from '@app/worker/runtime';
import { createTwilioClient } from '@app/worker/sms/twilio-client';
import { freePort } from '../../../../dev/src/net';
import { startTwilioEmulator, type TwilioEmulator } from '@app/emulators/twilio/twilio-emulator';
import { createOwnTestDatabase, testRedisUrl } from '../../../../test/context';
import type { TestDatabase } from '../../../../test/database';
import { insertBooking } from '../../../../test/fixtures';
import { recordStatusCallback } from './service';
import { createCustomer, signIn, startPortalApi, TestBrowser, TEST_OTP_SECRET, type PortalApi, type TestCustomer } from '../../../../test/portal-app';
import { latestSmsEvent } from '../../../../test/sms-events';

const log = createLogger({ service: 'delivery-hold-test', level: 'silent', format: 'json' });
const SID = 'AC0123456789abcdef0123456789abcd31';
const TOKEN = 'delivery-hold-test-token';
const FROM = '+15555550100';

/**
 * Delivery holds (docs/customer-messages.md), end to end through the real SDK: the worker sends
 * through the Twilio emulator with the api's StatusCallback URL, the emulator posts signed
 * delivery reports to the api. A 30006 report holds the phone back (no more texts but login
 * codes, the others canceled with the reason), a delivered login code releases it, and /metrics
 * counts both. A login code carries its remaining life as ValidityPeriod, and one that outlives
 * it in Twilio's queue is never delivered.
 */
describe('texts to a phone Twilio could not reach, and codes that expire in the queue', () => {
  let api: PortalApi;
  let twilio: TwilioEmulator;
  let runtime: WorkerRuntime;
  let database: TestDatabase;
  let jobs = 0;

  beforeAll(async () => {
    // Its own database: the metrics it reads count every phone and text there.
    database = await createOwnTestDatabase('delivery_hold');
    const port = await freePort();
    const callbackUrl = `http://127.0.0.1:${port}${TWILIO_STATUS_CALLBACK_PATH}`;
    api = await startPortalApi('delivery-hold', new Date(), { port, metrics: true, twilioStatus: { authToken: TOKEN, callbackUrl }, databaseUrl: database.url });
    twilio = await startTwilioEmulator({ port: 0, accountSid: SID, authToken: TOKEN, deliveryStepMs: 30 });
    const backend = createQueueBackend({ redisUrl: testRedisUrl(), databaseUrl: database.url, prefix: api.prefix });
    const client = createTwilioClient({ accountSid: SID, authToken: TOKEN, baseUrl: twilio.url, timeoutMs: 2_000 });
    runtime = await startWorkers({
      backend,
      jobs: [smsSendJob({ portalUrl: 'http://127.0.0.1:5173/login', db: api.db, twilio: client, from: FROM, otpSecret: TEST_OTP_SECRET, statusCallbackUrl: callbackUrl })],
      log,
      settings: { concurrency: 2 },
    });
  });
  afterAll(async () => {
    await runtime.close();
    await twilio.close();
    await api.close();
    await database.drop();
  });
  beforeEach(() => {
    twilio.reset();
    api.clock.set(new Date());
  });

  /** A customer text as the CRM pull writes it: its row, then its sms.send job (the relay's part). */
  async function customerText(phone: string, purpose: SmsPurpose, dealId: string, subject?: { scheduledAt: string }) {
    const { id: messageId } = await api.db.smsMessage.create({ data: { purpose, to: phone, dealId }, select: { id: true } });
    const jobId = `hold-${++jobs}`;
    await api.queues.sms.add('sms.send', { messageId, ...(subject && { subject }) }, { ...DEFAULT_JOB_OPTIONS, jobId });
    await expect.poll(() => api.queues.sms.getJobState(jobId), { timeout: 15_000, interval: 50 }).toBe('completed');
    return { messageId, result: (await api.queues.sms.getJob(jobId))?.returnvalue as unknown };
  }
  /** Step 1 of the login, then its outbox event handed to the queue as the relay would. */
  async function requestCode(customer: TestCustomer): Promise<TestBrowser> {
    const browser = new TestBrowser(api.url);
    const requested = await browser.post('/api/portal/auth/request-code', { email: customer.email, phone: customer.phone, code: '', consentVersion: SMS_CONSENT_VERSION });
    expect(requested.status).toBe(200);
    const event = await latestSmsEvent(api.db, customer.phone);
    await addOutboxJobs(api.queues, [event]);
    return browser;
  }
  const metric = async (series: string) => {
    const text = await (await fetch(`${api.url}/metrics`)).text();
    const line = text.split('\n').find((l) => l.startsWith(`${series} `));
    return line === undefined ? undefined : Number(line.slice(series.length + 1));
  };
  const row = (id: string) => api.db.smsMessage.findUniqueOrThrow({ where: { id } });
  const hold = (phone: string) => api.db.smsDeliveryHold.findUnique({ where: { phone } });

  it('a 30006 report holds back the next reminder but not a login code, whose delivery releases the phone', async () => {
    const customer = await createCustomer(api.db);
    const { dealId } = await insertBooking(api.db);
    const at = new Date(Date.now() + 3 * 86_400_000);
    await api.db.deal.update({ where: { id: dealId }, data: { stageId: STAGE.CLEANING_SCHEDULED, scheduledAt: at } });
    expect(await metric('sms_held_phones{error_code="30006"}')).toBe(0);
    expect(await metric('sms_failed_texts{error_code="30006",window="hour"}')).toBe(0);

    // The confirmation reaches a landline: Twilio reports it undelivered with 30006.
    await twilio.addDeliveryFailure({ to: customer.phone, count: 1, status: 'undelivered', errorCode: 30006 });
    const confirmation = await customerText(customer.phone, 'cleaning_confirmed', dealId, { scheduledAt: at.toISOString() });
    await expect.poll(() => row(confirmation.messageId), { timeout: 15_000, interval: 50 }).toMatchObject({ status: 'undelivered', errorCode: 30006 });
    await expect.poll(() => hold(customer.phone), { timeout: 5_000, interval: 50 }).toMatchObject({ errorCode: 30006, purpose: 'cleaning_confirmed' });
    expect(await metric('sms_held_phones{error_code="30006"}')).toBe(1);
    expect(await metric('sms_failed_texts{error_code="30006",window="hour"}')).toBe(1);

    // The reminder is not sent: canceled, with the reason staff read.
    const reminder = await customerText(customer.phone, 'reminder', dealId, { scheduledAt: at.toISOString() });
    expect(reminder.result).toEqual({ skipped: 'held' });
    expect(await row(reminder.messageId)).toMatchObject({ status: 'canceled', sid: null, errorMessage: HELD_TEXT_REASON });
    expect(twilio.messages({ to: customer.phone })).toHaveLength(1);

    // The person asking for a code is there to see it: it goes, is delivered, and the phone takes texts again.
    const browser = await requestCode(customer);
    await expect.poll(async () => (await (await browser.request('/api/portal/auth/code-status')).json()) as unknown, { timeout: 15_000, interval: 50 }).toEqual({ status: 'delivered' });
    await expect.poll(() => hold(customer.phone), { timeout: 5_000, interval: 50 }).toBeNull();
    expect(await metric('sms_held_phones{error_code="30006"}')).toBe(0);
    // The failure itself still counts in its window.
    expect(await metric('sms_failed_texts{error_code="30006",window="day"}')).toBe(1);
    const again = await customerText(customer.phone, 'reminder', dealId, { scheduledAt: at.toISOString() });
    expect(again.result).toEqual({ sid: expect.stringMatching(/^SM/) });
    expect(twilio.messages({ to: customer.phone })).toHaveLength(3);
  });

  it('a 30007 report holds the phone back until the customer signs in to the portal with it', async () => {
    const customer = await createCustomer(api.db);
    await twilio.addDeliveryFailure({ to: customer.phone, count: 1, status: 'undelivered', errorCode: 30007 });
    const { dealId } = await insertBooking(api.db);
    const received = await customerText(customer.phone, 'request_received', dealId);
    await expect.poll(() => row(received.messageId), { timeout: 15_000, interval: 50 }).toMatchObject({ status: 'undelivered', errorCode: 30007 });
    await expect.poll(() => hold(customer.phone), { timeout: 5_000, interval: 50 }).toMatchObject({ errorCode: 30007 });
    expect(await metric('sms_held_phones{error_code="30007"}')).toBe(1);

    // Signing in proves the code reached the phone, even when no delivery report came.
    await signIn(api, new TestBrowser(api.url), customer);
    expect(await hold(customer.phone)).toBeNull();
    expect(await metric('sms_held_phones{error_code="30007"}')).toBe(0);
  });

  it('an earlier failure reported after a later delivery does not hold the phone back', async () => {
    const customer = await createCustomer(api.db);
    const old = await api.db.smsMessage.create({ data: { purpose: 'request_received', to: customer.phone, sid: `SM${'c'.repeat(32)}`, status: 'sent', createdAt: new Date(Date.now() - 60_000) } });
    await api.db.smsMessage.create({ data: { purpose: 'login_code', to: customer.phone, status: 'delivered' } });
    const outcome = await recordStatusCallback({ db: api.db, now: api.clock.now }, { MessageSid: old.sid!, MessageStatus: 'undelivered', ErrorCode: '30006' }, null);
    expect(outcome).toMatchObject({ kind: 'recorded', status: 'undelivered', errorCode: 30006, hold: null });
    expect(await hold(customer.phone)).toBeNull();
  });

  it('sends a login code with its remaining life as ValidityPeriod, and one that outlives it in the queue is never delivered', async () => {
    const customer = await createCustomer(api.db);
    expect(await metric('sms_failed_texts{error_code="30036",window="hour"}')).toBe(0);
    // A fresh code has its 10 minutes.
    const first = await requestCode(customer);
    await expect.poll(async () => (await (await first.request('/api/portal/auth/code-status')).json()) as unknown, { timeout: 15_000, interval: 50 }).toEqual({ status: 'delivered' });
    const validity = Number(twilio.requests().find((r) => r.params?.To === customer.phone)?.params?.ValidityPeriod);
    expect(validity).toBeGreaterThanOrEqual(590);
    expect(validity).toBeLessThanOrEqual(600);

    // A code written when the api's clock said 590 s ago has about 10 s left when the worker sends
    // it, and Twilio's queue holds it longer than that: it fails with 30036 and never arrives.
    // (Another phone: the api's clock going back would put the first code inside the rate limit.)
    const other = await createCustomer(api.db);
    twilio.setQueueWait(10_500);
    api.clock.set(new Date(Date.now() - 590_000));
    const late = await requestCode(other);
    const message = () => api.db.smsMessage.findFirstOrThrow({ where: { to: other.phone, purpose: 'login_code' } });
    await expect.poll(async () => (await message()).sid, { timeout: 15_000, interval: 50 }).not.toBeNull();
    const sent = twilio.requests().find((r) => r.params?.To === other.phone);
    expect(Number(sent?.params?.ValidityPeriod)).toBeGreaterThanOrEqual(6);
    expect(Number(sent?.params?.ValidityPeriod)).toBeLessThanOrEqual(10);
    await expect.poll(async () => (await (await late.request('/api/portal/auth/code-status')).json()) as unknown, { timeout: 15_000, interval: 100 }).toEqual({ status: 'failed' });
    const { sid } = await message();
    expect(await message()).toMatchObject({ status: 'failed', errorCode: 30036 });
    expect(twilio.messages({ to: other.phone })).toEqual([expect.objectContaining({ sid, status: 'failed', error_code: 30036 })]);
    expect(twilio.callbacks().filter((c) => c.sid === sid).map((c) => [c.status, c.responseStatus])).toEqual([['failed', 200]]);
    expect(await metric('sms_failed_texts{error_code="30036",window="hour"}')).toBe(1);
  }, 40_000);
});
