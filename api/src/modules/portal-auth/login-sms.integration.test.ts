import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '@app/runtime/logger';
import { smsSendJob } from '@app/worker/jobs/sms-send';
import { addOutboxJobs } from '@app/worker/outbox/dispatch';
import { createQueueBackend } from '@app/runtime/queue/connection';
import { startWorkers, type WorkerRuntime } from '@app/worker/runtime';
import { createTwilioClient } from '@app/worker/sms/twilio-client';
import { startTwilioEmulator, type TwilioEmulator } from '@app/emulators/twilio/twilio-emulator';
import { testDatabaseUrl, testRedisUrl } from '../../../../test/context';
import { redisKeysHolding, tablesHolding } from '../../../../test/stores-search';
import { createCustomer, startPortalApi, TestBrowser, TEST_OTP_SECRET, type PortalApi } from '../../../../test/portal-app';
import { latestSmsEvent } from '../../../../test/sms-events';
import { SMS_CONSENT_VERSION } from '@app/shared/sms-consent';

const log = createLogger({ service: 'login-sms-test', level: 'silent', format: 'json' });
const SID = 'AC0123456789abcdef0123456789abcd01';
const TOKEN = 'login-sms-test-token';
const FROM = '+15555550100';

/**
 * The whole login as a customer lives it: the API stores the code and its outbox event, the
 * worker's sms.send job sends the text to Twilio (the emulator), and the code read from that
 * message signs the customer in. The run's database is shared by every test file, so no relay
 * runs here (it would take other files' events): the test dispatches this request's event as
 * the relay would. The browser tests run the real relay.
 */
describe('login code by text message, end to end', () => {
  let api: PortalApi;
  let twilio: TwilioEmulator;
  let runtime: WorkerRuntime;

  beforeAll(async () => {
    // The worker's job compares the code's expiry with the real clock, so the API's clock starts at the real time.
    api = await startPortalApi('login-sms', new Date());
    twilio = await startTwilioEmulator({ port: 0, accountSid: SID, authToken: TOKEN });
    const backend = createQueueBackend({ redisUrl: testRedisUrl(), databaseUrl: testDatabaseUrl(), prefix: api.prefix });
    const client = createTwilioClient({ accountSid: SID, authToken: TOKEN, baseUrl: twilio.url, timeoutMs: 2_000 });
    runtime = await startWorkers({ backend, jobs: [smsSendJob({ portalUrl: 'http://127.0.0.1:5173/login', db: api.db, twilio: client, from: FROM, otpSecret: TEST_OTP_SECRET })], log, settings: { concurrency: 2 } });
  });
  afterAll(async () => {
    await runtime.close();
    await twilio.close();
    await api.close();
  });

  it('texts the code through the worker and signs in with the code from the message', async () => {
    const customer = await createCustomer(api.db);
    const browser = new TestBrowser(api.url);
    const requested = await browser.post('/api/portal/auth/request-code', { email: customer.email, phone: customer.phone, code: '', consentVersion: SMS_CONSENT_VERSION });
    expect(requested.status).toBe(200);
    const event = await latestSmsEvent(api.db, customer.phone);
    await addOutboxJobs(api.queues, [event]);

    await expect.poll(() => twilio.messages({ to: customer.phone }).length, { timeout: 15_000, interval: 100 }).toBe(1);
    const [message] = twilio.messages({ to: customer.phone });
    expect(message?.from).toBe(FROM);
    const code = /\b(\d{6})\b/.exec(message?.body ?? '')?.[1];
    expect(message?.body).toBe(`${code} is your Atlanta Home Cleaning login code. It expires in 10 minutes. Never share it with anyone.`);

    // Only the text at Twilio holds the code: not the database (outbox, challenge, delivery row),
    // nor the queue's job data, result or logs in Redis, even once the job is done.
    await expect.poll(async () => (await api.queues.sms.getJob(event.id))?.finishedOn, { timeout: 15_000 }).toBeTruthy();
    expect(await tablesHolding(api.db, code!)).toEqual([]);
    expect(await redisKeysHolding(testRedisUrl(), api.prefix, code!)).toEqual([]);

    const verified = await browser.post('/api/portal/auth/verify-code', { email: customer.email, phone: customer.phone, code });
    expect(verified.status).toBe(200);
    expect(await verified.json()).toEqual({ success: true });
    const me = await browser.request('/api/portal/me');
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ email: customer.email, phone: customer.phone });
  });
});
