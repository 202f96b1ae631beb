// Texts from a phone to our number, through the control API: Twilio's keyword handling (opt-out
// list, standard answers, 21610 on later sends), the signed webhook and its TwiML replies.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import twilio from 'twilio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classifyTwilioError, createTwilioClient, sendSms } from '@app/worker/sms/twilio-client';
import { twimlReplies } from './inbound';
import { KEYWORD_REPLIES } from './opt-outs';
import { TEST_ACCOUNT_SID, TEST_AUTH_TOKEN, TEST_FROM, useTwilioEmulator } from './test-emulator';

const emulator = useTwilioEmulator({ deliveryStepMs: 10 });
const client = () => createTwilioClient({ accountSid: TEST_ACCOUNT_SID, authToken: TEST_AUTH_TOKEN, baseUrl: emulator().url, timeoutMs: 2_000 });

async function inbound(body: unknown) {
  const response = await fetch(`${emulator().url}/_emulator/inbound`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: response.status, json: (await response.json()) as { replies: { body: string; to: string; direction: string }[]; webhook: unknown; message: Record<string, unknown> } };
}

describe('Twilio emulator: texts to our number', () => {
  let app: Server;
  let appUrl: string;
  const received: { params: Record<string, string>; signatureValid: boolean }[] = [];
  let answer = '<Response/>';

  beforeAll(async () => {
    app = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const params = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
        const signature = String(req.headers['x-twilio-signature'] ?? '');
        received.push({ params, signatureValid: twilio.validateRequest(TEST_AUTH_TOKEN, signature, `${appUrl}/sms`, params) });
        res.writeHead(200, { 'content-type': 'text/xml' }).end(answer);
      });
    });
    await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
    appUrl = `http://127.0.0.1:${(app.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => app.close(() => resolve())));

  it('opts a phone out on STOP, refuses sends to it with 21610, and lets it back in on START', async () => {
    const { status, json } = await inbound({ from: '+14045550161', body: 'stop' });
    expect(status).toBe(200);
    expect(json.message).toMatchObject({ direction: 'inbound', status: 'received', from: '+14045550161', to: '+15005550006', body: 'stop' });
    expect(json.replies.map((r) => [r.direction, r.to, r.body])).toEqual([['outbound-reply', '+14045550161', KEYWORD_REPLIES.stop]]);
    expect(json.webhook).toBeNull();
    expect(await (await fetch(`${emulator().url}/_emulator/opt-outs`)).json()).toEqual({ phones: ['+14045550161'] });

    const refused = await sendSms(client(), { to: '+14045550161', from: TEST_FROM, body: 'hello' }).catch((e: unknown) => e);
    expect(classifyTwilioError(refused)).toEqual({ kind: 'permanent', status: 400, code: 21610, message: 'Attempt to send to unsubscribed recipient' });

    await inbound({ from: '+14045550161', body: 'UNSTOP' });
    expect(emulator().optOuts()).toEqual([]);
    expect((await sendSms(client(), { to: '+14045550161', from: TEST_FROM, body: 'hello again' })).sid).toMatch(/^SM/);
  });

  it("posts the message to the number's webhook, signed, and sends back the TwiML replies", async () => {
    emulator().setWebhookUrl(`${appUrl}/sms`);
    answer = '<?xml version="1.0" encoding="UTF-8"?><Response><Message>Call us &amp; we&#39;ll help</Message><Message><Body>Second</Body></Message></Response>';
    const { json } = await inbound({ from: '+14045550162', body: 'Is 10 ok?' });
    expect(json.webhook).toEqual({ status: 200, error: null });
    expect(received.at(-1)).toMatchObject({ signatureValid: true, params: { From: '+14045550162', To: '+15005550006', Body: 'Is 10 ok?', AccountSid: TEST_ACCOUNT_SID, NumMedia: '0' } });
    expect(json.replies.map((r) => r.body)).toEqual(["Call us & we'll help", 'Second']);
    emulator().setWebhookUrl(null);
  });

  it('refuses an inbound message without a valid phone or body', async () => {
    expect((await inbound({ from: '4045550163', body: 'STOP' })).status).toBe(400);
    expect((await inbound({ from: '+14045550163', body: '' })).status).toBe(400);
    expect(emulator().optOuts()).toEqual([]);
  });
});

describe('twimlReplies', () => {
  it('reads each <Message>, plain or with a <Body>, and unescapes XML', () => {
    expect(twimlReplies('<Response></Response>')).toEqual([]);
    expect(twimlReplies('<Response><Message to="+1">a &lt;b&gt; &quot;c&quot;</Message></Response>')).toEqual(['a <b> "c"']);
  });
});
