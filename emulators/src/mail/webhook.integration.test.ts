import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMailTransport, type MailTransport } from '@app/worker/email/mail-transport';
import { startMailEmulator, type MailEmulator } from './mail-emulator';
import { smtpUrlOf, TEST_MAIL_LOGIN, TEST_SENDER_DOMAIN } from './test-emulator';

const KEY = 'test-webhook-signing-key';

interface Received {
  signature: { timestamp: string; token: string; signature: string };
  'event-data': { event: string; severity?: string; recipient: string; timestamp: number; message: { headers: Record<string, string> }; 'delivery-status'?: { code: number; message: string } };
}

// The mail emulator's webhook as a contract: what Mailgun posts after it took a message, signed
// as Mailgun documents it, received here by a plain HTTP server that checks the signature itself.
describe('mail emulator: delivery, bounce and complaint reports', () => {
  let emulator: MailEmulator;
  let receiver: Server;
  let received: Received[] = [];
  /** Statuses to answer the next reports with (then 200). */
  let answers: number[] = [];
  let transport: MailTransport;

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        received.push(JSON.parse(body) as Received);
        res.writeHead(answers.shift() ?? 200).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/events`;
    emulator = await startMailEmulator({ ...TEST_MAIL_LOGIN, verifiedDomains: [TEST_SENDER_DOMAIN], webhook: { url, signingKey: KEY }, webhookStepMs: 10, webhookRetryDelaysMs: [50, 50] });
    transport = createMailTransport({ smtpUrl: smtpUrlOf(emulator), verifyTls: false, timeoutMs: 5_000 });
  });
  afterEach(() => {
    emulator.reset();
    received = [];
    answers = [];
  });
  afterAll(async () => {
    transport.close();
    await emulator.close();
    await new Promise((resolve) => receiver.close(resolve));
  });

  let serial = 0;
  const send = async (to: string) => {
    const messageId = `<report-${++serial}@${TEST_SENDER_DOMAIN}>`;
    await transport.send({ messageId, from: `hello@${TEST_SENDER_DOMAIN}`, to, subject: 'Hello', text: 'Hi', html: '<p>Hi</p>', date: new Date() });
    return messageId;
  };
  const signedRight = (r: Received) => createHmac('sha256', KEY).update(r.signature.timestamp + r.signature.token).digest('hex') === r.signature.signature;

  it('reports a hard bounce after taking the message, signed, with the Message-ID Mailgun shows', async () => {
    const messageId = await send('bounce.lee@customer.example');
    await expect.poll(() => received.length, { timeout: 5_000, interval: 20 }).toBe(1);
    const [report] = received;
    expect(signedRight(report!)).toBe(true);
    expect(Math.abs(Number(report!.signature.timestamp) - Date.now() / 1000)).toBeLessThan(60);
    expect(report!.signature.token).toHaveLength(50);
    expect(report!['event-data']).toMatchObject({
      event: 'failed',
      severity: 'permanent',
      recipient: 'bounce.lee@customer.example',
      message: { headers: { 'message-id': messageId.slice(1, -1) } },
      'delivery-status': { code: 550, message: expect.stringContaining('5.1.1') },
    });
    // The message was still taken (250): a provider bounces later, not in the SMTP conversation.
    expect(emulator.messages({ to: 'bounce.lee@customer.example' })).toHaveLength(1);
  });

  it('reports a complaint after its delivery, a soft bounce before its delivery, and a plain delivery alone', async () => {
    await send('complain@customer.example');
    await expect.poll(() => received.length, { timeout: 5_000, interval: 20 }).toBe(2);
    await send('defer@customer.example');
    await expect.poll(() => received.length, { timeout: 5_000, interval: 20 }).toBe(4);
    await send('dana@customer.example');
    await expect.poll(() => received.length, { timeout: 5_000, interval: 20 }).toBe(5);
    expect(received.map((r) => [r['event-data'].recipient.split('@')[0], r['event-data'].event, r['event-data'].severity ?? null])).toEqual([
      ['complain', 'delivered', null],
      ['complain', 'complained', null],
      ['defer', 'failed', 'temporary'],
      ['defer', 'delivered', null],
      ['dana', 'delivered', null],
    ]);
    expect(received.every(signedRight)).toBe(true);
    expect(new Set(received.map((r) => r.signature.token)).size).toBe(5);
  });

  it('bounces an address told closed from its next message on; the messages before keep their delivery', async () => {
    await send('sam@customer.example');
    await expect.poll(() => received.length, { timeout: 5_000, interval: 20 }).toBe(1);
    const told = await fetch(`${emulator.url}/_emulator/mailboxes/${encodeURIComponent('Sam@Customer.example')}`, { method: 'PUT', body: JSON.stringify({ outcome: 'bounced' }) });
    expect(await told.json()).toEqual({ address: 'Sam@Customer.example', outcome: 'bounced' });
    const refused = await fetch(`${emulator.url}/_emulator/mailboxes/sam%40customer.example`, { method: 'PUT', body: JSON.stringify({ outcome: 'lost' }) });
    expect(refused.status).toBe(400);
    await send('sam@customer.example');
    await expect.poll(() => received.length, { timeout: 5_000, interval: 20 }).toBe(2);
    expect(received.map((r) => [r['event-data'].event, r['event-data'].severity ?? null])).toEqual([
      ['delivered', null],
      ['failed', 'permanent'],
    ]);
    expect(emulator.messages({ to: 'sam@customer.example' }).map((m) => m.outcomes['sam@customer.example'])).toEqual(['bounced', 'delivered']);
  });

  it('tries a report again, signed afresh, until the product takes it; 406 means stop', async () => {
    answers = [503];
    await send('bounce@customer.example');
    await expect.poll(() => emulator.webhookPosts().map((p) => p.responseStatus), { timeout: 5_000, interval: 20 }).toEqual([503, 200]);
    expect(received[0]!.signature.token).not.toBe(received[1]!.signature.token);
    expect(received.every(signedRight)).toBe(true);

    emulator.reset();
    received = [];
    answers = [406];
    await send('bounce@customer.example');
    await expect.poll(() => emulator.webhookReportsInFlight(), { timeout: 5_000, interval: 20 }).toBe(0);
    expect(emulator.webhookPosts()).toEqual([expect.objectContaining({ attempt: 1, responseStatus: 406, event: 'failed' })]);
    expect(received).toHaveLength(1);
  });

  it('is pointed at a webhook through its control API, which never shows the key', async () => {
    const bad = await fetch(`${emulator.url}/_emulator/webhook`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ url: 'ftp://x' }) });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('signingKey');
    const shown = (await (await fetch(`${emulator.url}/_emulator/webhook`)).json()) as Record<string, unknown>;
    expect(shown).toEqual({ url: expect.stringMatching(/\/events$/) });

    expect((await fetch(`${emulator.url}/_emulator/webhook`, { method: 'DELETE' })).status).toBe(204);
    await send('bounce@customer.example');
    expect(emulator.messages({ to: 'bounce@customer.example' })).toHaveLength(1);
    const url = shown.url as string;
    expect((await fetch(`${emulator.url}/_emulator/webhook`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ url, signingKey: KEY }) })).status).toBe(200);
    await send('bounce@customer.example');
    await expect.poll(async () => ((await (await fetch(`${emulator.url}/_emulator/events`)).json()) as { posts: unknown[] }).posts.length, { timeout: 5_000, interval: 20 }).toBe(1);
    // The message sent while no webhook was set was never reported.
    expect(received).toHaveLength(1);
  });
});
