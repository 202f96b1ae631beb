import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTwilioEmulator, type TwilioEmulator } from '../../../dev/src/emulators/twilio/twilio-emulator';
import { testDatabaseUrl, testRedisUrl, uniqueQueuePrefix } from '../../../test/context';
import { createLogger } from '../logger';
import { createQueueBackend, type AnyQueue } from '../queue/connection';
import { DEFAULT_JOB_OPTIONS } from '../queue/job-options';
import { startWorkers, type WorkerRuntime } from '../runtime';
import { createTwilioClient } from '../sms/twilio-client';
import { smsSendJob } from './sms-send';

const log = createLogger({ service: 'sms-test', level: 'silent', format: 'json' });
const SID = 'AC0123456789abcdef0123456789abcdef';
const TOKEN = 'sms-test-token';
const FROM = '+15555550100';

describe('sms.send against the Twilio emulator', () => {
  let twilio: TwilioEmulator;
  let runtime: WorkerRuntime;
  let queue: AnyQueue;
  let counter = 0;

  beforeAll(async () => {
    twilio = await startTwilioEmulator({ port: 0, accountSid: SID, authToken: TOKEN });
  });
  afterAll(() => twilio.close());

  beforeEach(async () => {
    twilio.reset();
    const backend = createQueueBackend({ redisUrl: testRedisUrl(), databaseUrl: testDatabaseUrl(), prefix: uniqueQueuePrefix('sms') });
    const client = createTwilioClient({ accountSid: SID, authToken: TOKEN, baseUrl: twilio.url, timeoutMs: 2_000 });
    runtime = await startWorkers({
      backend,
      jobs: [smsSendJob({ twilio: client, from: FROM })],
      log,
      settings: { concurrency: 2, backoff: { baseMs: 200, capMs: 400 } },
    });
    queue = backend.createQueue('sms');
  });
  afterEach(async () => {
    await queue.close();
    await runtime.close();
  });

  async function send(payload: Record<string, unknown>): Promise<string> {
    const id = `sms-${++counter}`;
    await queue.add('sms.send', payload, { ...DEFAULT_JOB_OPTIONS, jobId: id });
    return id;
  }
  const finished = async (id: string, state: string) => {
    await expect.poll(() => queue.getJobState(id), { timeout: 15_000, interval: 100 }).toBe(state);
    return (await queue.getJob(id))!;
  };

  it('sends the message and records the provider message id', async () => {
    const id = await send({ to: '+14045551234', body: 'Your code is 123456' });
    const job = await finished(id, 'completed');
    const [message] = twilio.messages({ to: '+14045551234' });
    expect(message?.body).toBe('Your code is 123456');
    expect(message?.from).toBe(FROM);
    expect(job.returnvalue).toEqual({ sid: message?.sid });
  });

  it('retries a failing provider within the lifetime and sends exactly once', async () => {
    twilio.addFault({ type: 'next', count: 2, status: 500 });
    const id = await send({ to: '+14045551235', body: 'code 1', notAfter: new Date(Date.now() + 60_000).toISOString() });
    const job = await finished(id, 'completed');
    expect(job.attemptsMade).toBe(3); // two failures, then the send
    expect(twilio.messages({ to: '+14045551235' })).toHaveLength(1);
  });

  it('never sends after the code has expired, however long the provider was down', async () => {
    twilio.addFault({ type: 'outage', seconds: 3 });
    const id = await send({ to: '+14045551236', body: 'code 2', notAfter: new Date(Date.now() + 1_000).toISOString() });
    const job = await finished(id, 'completed');
    expect(job.returnvalue).toEqual({ skipped: 'expired' });
    await new Promise((r) => setTimeout(r, 3_200)); // past the outage: still nothing goes out
    expect(twilio.messages({ to: '+14045551236' })).toHaveLength(0);
  });

  it('does not retry a number the provider refuses', async () => {
    const id = await send({ to: '+15005550001', body: 'code 3' });
    const job = await finished(id, 'failed');
    expect(job.attemptsMade).toBe(1);
    expect(job.failedReason).toContain('21211');
  });
});
