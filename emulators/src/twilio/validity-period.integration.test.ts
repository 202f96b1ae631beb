// ValidityPeriod through the real twilio SDK: the emulator takes what Twilio takes (whole seconds,
// 1 to 36,000), refuses the rest with 21624, and drops a message that waited in the outgoing queue
// longer than that: status failed, error 30036, reported to the status callback, never delivered.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { classifyTwilioError, createTwilioClient, sendSms } from '@app/worker/sms/twilio-client';
import { basicAuth, TEST_ACCOUNT_SID, TEST_AUTH_TOKEN, TEST_FROM, useTwilioEmulator } from './test-emulator';

const emulator = useTwilioEmulator({ deliveryStepMs: 20 });
const client = () => createTwilioClient({ accountSid: TEST_ACCOUNT_SID, authToken: TEST_AUTH_TOKEN, baseUrl: emulator().url, timeoutMs: 2_000 });

describe('Twilio emulator ValidityPeriod', () => {
  let app: Server;
  let appUrl: string;
  let received: Array<Record<string, string>> = [];

  beforeAll(async () => {
    app = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        received.push(Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8'))));
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
    appUrl = `http://127.0.0.1:${(app.address() as AddressInfo).port}/status`;
  });
  afterAll(() => new Promise<void>((resolve) => app.close(() => resolve())));
  beforeEach(() => {
    received = [];
  });

  const callbacksOf = (sid: string) => received.filter((r) => r.MessageSid === sid).map((r) => [r.MessageStatus, r.ErrorCode ?? null]);
  const setQueueWait = async (waitMs: number) => {
    const response = await fetch(`${emulator().url}/_emulator/queue`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ waitMs }) });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ waitMs });
  };

  it('receives the ValidityPeriod the SDK sends, and delivers a message that leaves the queue in time', async () => {
    const sent = await sendSms(client(), { to: '+14045550301', from: TEST_FROM, body: 'Code 123456', statusCallback: appUrl, validityPeriod: 540 });
    const [create] = emulator().requests();
    expect(create?.params).toMatchObject({ To: '+14045550301', From: TEST_FROM, ValidityPeriod: '540', StatusCallback: appUrl });
    // The words stay out of the request log.
    expect(create?.params).not.toHaveProperty('Body');
    await expect.poll(() => callbacksOf(sent.sid), { timeout: 5_000, interval: 20 }).toEqual([
      ['sent', null],
      ['delivered', null],
    ]);
  });

  it('accepts 1 and 36000 seconds, and refuses 0, 36001, fractions and words with 21624', async () => {
    for (const validityPeriod of [1, 36_000]) {
      await expect(sendSms(client(), { to: '+14045550302', from: TEST_FROM, body: 'x', validityPeriod })).resolves.toMatchObject({ status: 'queued' });
    }
    for (const validityPeriod of [0, 36_001, -5]) {
      const error = await sendSms(client(), { to: '+14045550302', from: TEST_FROM, body: 'x', validityPeriod }).catch((e: unknown) => e);
      expect(classifyTwilioError(error)).toMatchObject({ kind: 'permanent', status: 400, code: 21624 });
    }
    // What the SDK's number type would not let through, over plain HTTP: the same answer, in Twilio's shape.
    for (const value of ['1.5', 'ten', '600s']) {
      const response = await fetch(`${emulator().url}/2010-04-01/Accounts/${TEST_ACCOUNT_SID}/Messages.json`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: basicAuth() },
        body: new URLSearchParams({ To: '+14045550302', From: TEST_FROM, Body: 'x', ValidityPeriod: value }).toString(),
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ code: 21624, message: expect.stringContaining('ValidityPeriod'), more_info: 'https://www.twilio.com/docs/errors/21624', status: 400 });
    }
    expect(emulator().messages({ to: '+14045550302' })).toHaveLength(2);
  });

  it('fails a message that waited in the queue past its validity (30036), reports it, and never delivers it', async () => {
    await setQueueWait(1_300);
    const late = await sendSms(client(), { to: '+14045550303', from: TEST_FROM, body: 'Code 654321', statusCallback: appUrl, validityPeriod: 1 });
    const inTime = await sendSms(client(), { to: '+14045550304', from: TEST_FROM, body: 'Code 111111', statusCallback: appUrl, validityPeriod: 30 });
    // While it waits it is queued, like any message behind a backlog.
    expect((await client().messages(late.sid).fetch()).status).toBe('queued');
    await expect.poll(() => callbacksOf(late.sid), { timeout: 5_000, interval: 20 }).toEqual([['failed', '30036']]);
    await expect.poll(() => callbacksOf(inTime.sid), { timeout: 5_000, interval: 20 }).toEqual([
      ['sent', null],
      ['delivered', null],
    ]);
    const fetched = await client().messages(late.sid).fetch();
    expect(fetched).toMatchObject({ status: 'failed', errorCode: 30036, errorMessage: 'Validity Period Expired' });
    // Nothing more comes for it: it never reached the carrier.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(callbacksOf(late.sid)).toEqual([['failed', '30036']]);
  });

  it("reports a Messaging Service's expired message as queued, then failed", async () => {
    emulator().setQueueWait(1_200);
    const sent = await sendSms(client(), { to: '+14045550305', from: 'MG0123456789abcdef0123456789abcdef', body: 'x', statusCallback: appUrl, validityPeriod: 1 });
    expect(sent.status).toBe('accepted');
    await expect.poll(() => callbacksOf(sent.sid), { timeout: 5_000, interval: 20 }).toEqual([
      ['queued', null],
      ['failed', '30036'],
    ]);
  });

  it('keeps the queue wait until cleared or reset, and refuses a malformed one', async () => {
    await setQueueWait(250);
    expect(await (await fetch(`${emulator().url}/_emulator/queue`)).json()).toEqual({ waitMs: 250 });
    const cleared = await fetch(`${emulator().url}/_emulator/queue`, { method: 'DELETE' });
    expect(await cleared.json()).toEqual({ waitMs: 0 });
    await setQueueWait(250);
    await fetch(`${emulator().url}/_emulator/reset`, { method: 'POST' });
    expect(await (await fetch(`${emulator().url}/_emulator/queue`)).json()).toEqual({ waitMs: 0 });
    const bad = await fetch(`${emulator().url}/_emulator/queue`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ waitMs: -1 }) });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: 'invalid queue wait', expected: '{ waitMs: 0-600000 }' });
  });
});
