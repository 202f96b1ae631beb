import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TWILIO_STATUS_CALLBACK_PATH } from '@app/shared/routes';
import { createLogger } from '@app/runtime/logger';
import { smsSendJob } from '@app/worker/jobs/sms-send';
import { addOutboxJobs } from '@app/worker/outbox/dispatch';
import { createQueueBackend } from '@app/runtime/queue/connection';
import { startWorkers, type WorkerRuntime } from '@app/worker/runtime';
import { createTwilioClient } from '@app/worker/sms/twilio-client';
import { freePort } from '../../../../dev/src/net';
import { startTwilioEmulator, type TwilioEmulator } from '@app/emulators/twilio/twilio-emulator';
import { testDatabaseUrl, testRedisUrl } from '../../../../test/context';
import { createCustomer, startPortalApi, TestBrowser, latestCode, TEST_OTP_SECRET, type PortalApi, type TestCustomer } from '../../../../test/portal-app';
import { latestSmsEvent } from '../../../../test/sms-events';
import { SMS_CONSENT_VERSION } from '@app/shared/sms-consent';

const log = createLogger({ service: 'code-status-test', level: 'silent', format: 'json' });
const SID = 'AC0123456789abcdef0123456789abcd02';
const TOKEN = 'code-status-test-token';
const FROM = '+15555550100';

/**
 * Delivery reports end to end: the api stores the code with its message row, the worker sends
 * it through the Twilio emulator with the api's StatusCallback URL, the emulator posts signed
 * callbacks to the api's route, and the login page's code-status endpoint tells the requesting
 * browser, and only it, what became of its code. As in login-sms.integration.test.ts the test
 * dispatches its own outbox events (no relay runs on the shared database).
 */
describe('login code delivery status, end to end', () => {
  let api: PortalApi;
  let twilio: TwilioEmulator;
  let runtime: WorkerRuntime;

  beforeAll(async () => {
    const port = await freePort();
    const callbackUrl = `http://127.0.0.1:${port}${TWILIO_STATUS_CALLBACK_PATH}`;
    api = await startPortalApi('code-status', new Date(), { port, twilioStatus: { authToken: TOKEN, callbackUrl } });
    twilio = await startTwilioEmulator({ port: 0, accountSid: SID, authToken: TOKEN, deliveryStepMs: 30 });
    const backend = createQueueBackend({ redisUrl: testRedisUrl(), databaseUrl: testDatabaseUrl(), prefix: api.prefix });
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
  });

  /** Step 1 of the login from `browser`, then the outbox event dispatched as the relay would. */
  async function requestCode(browser: TestBrowser, customer: TestCustomer): Promise<void> {
    const requested = await browser.post('/api/portal/auth/request-code', { email: customer.email, phone: customer.phone, code: '', consentVersion: SMS_CONSENT_VERSION });
    expect(requested.status).toBe(200);
    const event = await latestSmsEvent(api.db, customer.phone);
    await addOutboxJobs(api.queues, [event]);
  }
  const codeStatus = async (browser: TestBrowser) => {
    const response = await browser.request('/api/portal/auth/code-status');
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  it('tells the browser its code could not be delivered, from the signed callbacks Twilio posted', async () => {
    const customer = await createCustomer(api.db);
    await twilio.addDeliveryFailure({ to: customer.phone, status: 'undelivered', errorCode: 30003 });
    const browser = new TestBrowser(api.url);
    await requestCode(browser, customer);

    await expect.poll(async () => (await codeStatus(browser)).body, { timeout: 15_000, interval: 50 }).toEqual({ status: 'failed' });
    const [sent] = twilio.messages({ to: customer.phone });
    const message = await api.db.smsMessage.findFirstOrThrow({ where: { to: customer.phone } });
    expect(message).toMatchObject({ purpose: 'login_code', sid: sent?.sid, status: 'undelivered', errorCode: 30003 });
    expect(message.otpChallengeId).not.toBeNull();
    // Every callback was accepted: the signature the emulator computed is the one the api checks.
    expect(twilio.callbacks().filter((c) => c.sid === sent?.sid).map((c) => [c.status, c.responseStatus])).toEqual([
      ['sent', 200],
      ['undelivered', 200],
    ]);
  });

  it('answers pending, then delivered, only to the browser that asked, and forgets the code after sign-in', async () => {
    const customer = await createCustomer(api.db);
    const browser = new TestBrowser(api.url);
    const requested = await browser.post('/api/portal/auth/request-code', { email: customer.email, phone: customer.phone, code: '', consentVersion: SMS_CONSENT_VERSION });
    expect(requested.status).toBe(200);
    // Not yet handed to the worker.
    expect(await codeStatus(browser)).toEqual({ status: 200, body: { status: 'pending' } });
    const event = await latestSmsEvent(api.db, customer.phone);
    await addOutboxJobs(api.queues, [event]);
    await expect.poll(async () => (await codeStatus(browser)).body, { timeout: 15_000, interval: 50 }).toEqual({ status: 'delivered' });

    // Another browser, with no cookie or with the challenge id but not our signature, learns nothing.
    const stranger = new TestBrowser(api.url);
    expect((await codeStatus(stranger)).status).toBe(404);
    stranger.cookies.set('login_code', browser.cookies.get('login_code') ?? '');
    expect((await codeStatus(stranger)).status).toBe(404);
    stranger.cookies.set('login_code.sig', 'forged');
    expect((await codeStatus(stranger)).status).toBe(404);

    const verified = await browser.post('/api/portal/auth/verify-code', { email: customer.email, phone: customer.phone, code: await latestCode(api, customer.phone) });
    expect(verified.status).toBe(200);
    expect((await codeStatus(browser)).status).toBe(404);
  });

  it("answers each browser about its own latest code only, never another phone's", async () => {
    const [failing, fine] = [await createCustomer(api.db), await createCustomer(api.db)];
    await twilio.addDeliveryFailure({ to: failing.phone, status: 'failed', errorCode: 30006 });
    const [a, b] = [new TestBrowser(api.url), new TestBrowser(api.url)];
    await requestCode(a, failing);
    await requestCode(b, fine);
    await expect.poll(async () => [(await codeStatus(a)).body, (await codeStatus(b)).body], { timeout: 15_000, interval: 50 }).toEqual([
      { status: 'failed' },
      { status: 'delivered' },
    ]);
    expect(await api.db.smsMessage.findFirstOrThrow({ where: { to: failing.phone } })).toMatchObject({ status: 'failed', errorCode: 30006 });
  });
});
