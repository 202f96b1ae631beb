// Delivery and status callbacks, driven through the real twilio SDK; the receiving app checks
// every callback with the SDK's validateRequest, as the api does.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import twilio from 'twilio';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { classifyTwilioError, createTwilioClient, sendSms } from '@app/worker/sms/twilio-client';
import { TEST_ACCOUNT_SID, TEST_AUTH_TOKEN, TEST_FROM, useTwilioEmulator } from './test-emulator';

const emulator = useTwilioEmulator({ deliveryStepMs: 20 });
const client = () => createTwilioClient({ accountSid: TEST_ACCOUNT_SID, authToken: TEST_AUTH_TOKEN, baseUrl: emulator().url, timeoutMs: 2_000 });

interface Received {
  params: Record<string, string>;
  signatureValid: boolean;
  contentType: string | undefined;
}

describe('Twilio emulator status callbacks', () => {
  let app: Server;
  let appUrl: string;
  let received: Received[] = [];

  beforeAll(async () => {
    app = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const params = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
        // The URL Twilio was given is this app's origin and the path and query it called.
        const url = `${appUrl}${req.url ?? ''}`;
        const signature = String(req.headers['x-twilio-signature'] ?? '');
        received.push({ params, signatureValid: twilio.validateRequest(TEST_AUTH_TOKEN, signature, url, params), contentType: req.headers['content-type'] });
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
    appUrl = `http://127.0.0.1:${(app.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => app.close(() => resolve())));
  beforeEach(() => {
    received = [];
  });

  const statusesOf = (sid: string) => received.filter((r) => r.params.MessageSid === sid).map((r) => r.params.MessageStatus);

  it('reports sent, then delivered, each signed as Twilio signs it', async () => {
    const callback = `${appUrl}/status?messageId=m1`;
    const sent = await sendSms(client(), { to: '+14045550190', from: TEST_FROM, body: 'Code 111111', statusCallback: callback });
    expect(sent.status).toBe('queued');
    await expect.poll(() => statusesOf(sent.sid), { timeout: 5_000, interval: 20 }).toEqual(['sent', 'delivered']);
    for (const r of received) {
      expect(r.signatureValid).toBe(true);
      expect(r.contentType).toMatch(/^application\/x-www-form-urlencoded/);
      expect(r.params).toMatchObject({ AccountSid: TEST_ACCOUNT_SID, ApiVersion: '2010-04-01', SmsSid: sent.sid, To: '+14045550190', From: TEST_FROM });
      expect(r.params.ErrorCode).toBeUndefined();
    }
    expect(received.at(-1)?.params.RawDlrDoneDate).toMatch(/^\d{10}$/);
    expect((await client().messages(sent.sid).fetch()).status).toBe('delivered');
    expect(emulator().callbacks().map((c) => [c.status, c.responseStatus, c.url])).toEqual([
      ['sent', 200, callback],
      ['delivered', 200, callback],
    ]);
  });

  it('makes the next message end undelivered with the chosen error code (control API)', async () => {
    const added = await fetch(`${emulator().url}/_emulator/delivery-failures`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ count: 1, status: 'undelivered', errorCode: 30005 }),
    });
    expect(added.status).toBe(201);
    const failing = await sendSms(client(), { to: '+14045550191', from: TEST_FROM, body: 'x', statusCallback: `${appUrl}/status` });
    const fine = await sendSms(client(), { to: '+14045550191', from: TEST_FROM, body: 'y', statusCallback: `${appUrl}/status` });
    await expect.poll(() => statusesOf(failing.sid), { timeout: 5_000, interval: 20 }).toEqual(['sent', 'undelivered']);
    await expect.poll(() => statusesOf(fine.sid), { timeout: 5_000, interval: 20 }).toEqual(['sent', 'delivered']);
    expect(received.find((r) => r.params.MessageSid === failing.sid && r.params.MessageStatus === 'undelivered')?.params.ErrorCode).toBe('30005');
    expect(received.every((r) => r.signatureValid)).toBe(true);
    const fetched = await client().messages(failing.sid).fetch();
    expect(fetched).toMatchObject({ status: 'undelivered', errorCode: 30005, errorMessage: 'Unknown destination handset' });
  });

  it('fails every message to one phone until cleared, and only that phone', async () => {
    emulator().addDeliveryFailure({ to: '+1 404 555 0192', status: 'failed', errorCode: 30006 });
    const a = await sendSms(client(), { to: '+14045550192', from: TEST_FROM, body: 'a', statusCallback: `${appUrl}/status` });
    const b = await sendSms(client(), { to: '+14045550192', from: TEST_FROM, body: 'b', statusCallback: `${appUrl}/status` });
    const other = await sendSms(client(), { to: '+14045550193', from: TEST_FROM, body: 'c', statusCallback: `${appUrl}/status` });
    await expect.poll(() => [statusesOf(a.sid), statusesOf(b.sid), statusesOf(other.sid)], { timeout: 5_000, interval: 20 }).toEqual([
      ['failed'],
      ['failed'],
      ['sent', 'delivered'],
    ]);
    expect(received.find((r) => r.params.MessageSid === a.sid)?.params.ErrorCode).toBe('30006');
    const cleared = await fetch(`${emulator().url}/_emulator/delivery-failures`, { method: 'DELETE' });
    expect(await cleared.json()).toEqual({ rules: [] });
    const after = await sendSms(client(), { to: '+14045550192', from: TEST_FROM, body: 'd', statusCallback: `${appUrl}/status` });
    await expect.poll(() => statusesOf(after.sid), { timeout: 5_000, interval: 20 }).toEqual(['sent', 'delivered']);
  });

  it("reports a Messaging Service's message as queued first", async () => {
    const sent = await sendSms(client(), { to: '+14045550194', from: 'MG0123456789abcdef0123456789abcdef', body: 'x', statusCallback: `${appUrl}/status` });
    expect(sent.status).toBe('accepted');
    await expect.poll(() => statusesOf(sent.sid), { timeout: 5_000, interval: 20 }).toEqual(['queued', 'sent', 'delivered']);
    expect(received[0]?.params.MessagingServiceSid).toBe('MG0123456789abcdef0123456789abcdef');
  });

  it('refuses a StatusCallback that is not a fully qualified http(s) URL (21609)', async () => {
    for (const statusCallback of ['not a url', 'ftp://example.com/status', 'https://bad_host.example.com/status']) {
      const error = await sendSms(client(), { to: '+14045550195', from: TEST_FROM, body: 'x', statusCallback }).catch((e: unknown) => e);
      expect(classifyTwilioError(error)).toMatchObject({ kind: 'permanent', status: 400, code: 21609 });
    }
  });

  it('keeps the lifecycle going when the app cannot be reached, and logs the failed callback', async () => {
    const sent = await sendSms(client(), { to: '+14045550196', from: TEST_FROM, body: 'x', statusCallback: 'http://127.0.0.1:1/status' });
    await expect.poll(() => emulator().callbacks().filter((c) => c.sid === sent.sid).length, { timeout: 5_000, interval: 20 }).toBe(2);
    expect(emulator().callbacks().every((c) => c.responseStatus === null && c.error !== null)).toBe(true);
    expect(emulator().messages({ to: '+14045550196' })[0]?.status).toBe('delivered');
  });

  it('refuses a malformed delivery failure rule with the shape it expects', async () => {
    const response = await fetch(`${emulator().url}/_emulator/delivery-failures`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'lost', errorCode: 404 }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'invalid delivery failure' });
  });
});
