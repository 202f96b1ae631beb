import { randomBytes } from 'node:crypto';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TWILIO_STATUS_CALLBACK_PATH } from '@app/shared/routes';
import { twilioSignature } from '@app/emulators/twilio/signature';
import { startPortalApi, uniquePhone, type PortalApi } from '../../../../test/portal-app';
import { apiErrorBody } from '@app/shared/api-error';

const TOKEN = 'status-test-auth-token';
// Behind a proxy: Twilio calls the public URL, the api listens elsewhere and must not believe the Host header.
const PUBLIC_URL = 'https://api.cleaning.example/api/twilio/status';

const newSid = () => `SM${randomBytes(16).toString('hex')}`;

interface CallbackOptions {
  query?: string;
  /** The URL the signature is computed over; default the public URL with the query. */
  signedUrl?: string;
  token?: string;
  /** null: no X-Twilio-Signature header at all. */
  signature?: string | null;
  headers?: Record<string, string>;
}

describe('POST /api/twilio/status', () => {
  let api: PortalApi;
  const logged: Array<Record<string, unknown>> = [];

  beforeAll(async () => {
    const logger = pino({ level: 'debug' }, { write: (line: string) => void logged.push(JSON.parse(line) as Record<string, unknown>) });
    api = await startPortalApi('twilio-status', new Date(), { twilioStatus: { authToken: TOKEN, callbackUrl: PUBLIC_URL }, logger, metrics: true });
  });
  afterAll(() => api.close());

  function callback(params: Record<string, string>, options: CallbackOptions = {}): Promise<Response> {
    const query = options.query ? `?${options.query}` : '';
    const signature = options.signature === undefined ? twilioSignature(options.token ?? TOKEN, options.signedUrl ?? `${PUBLIC_URL}${query}`, params) : options.signature;
    return fetch(`${api.url}${TWILIO_STATUS_CALLBACK_PATH}${query}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...(signature !== null ? { 'x-twilio-signature': signature } : {}),
        ...options.headers,
      },
      body: new URLSearchParams(params).toString(),
    });
  }

  /** The parameters Twilio posts for one status change. */
  const twilioParams = (sid: string, status: string, extra: Record<string, string> = {}) => ({
    AccountSid: 'AC0123456789abcdef0123456789abcdef',
    ApiVersion: '2010-04-01',
    From: '+15555550100',
    MessageSid: sid,
    MessageStatus: status,
    SmsSid: sid,
    SmsStatus: status,
    To: '+14045550100',
    ...extra,
  });

  async function sentMessage(purpose: 'login_code' | 'staff_invite' = 'login_code') {
    const sid = newSid();
    const { id } = await api.db.smsMessage.create({ data: { purpose, to: uniquePhone(), sid, status: 'sent', sentAt: new Date() } });
    return { id, sid };
  }
  const row = (id: string) => api.db.smsMessage.findUniqueOrThrow({ where: { id } });

  it("records a status signed with the account's token for the configured public URL", async () => {
    const { id, sid } = await sentMessage();
    const response = await callback(twilioParams(sid, 'delivered', { RawDlrDoneDate: '2611231200' }));
    expect(response.status).toBe(200);
    expect(await row(id)).toMatchObject({ status: 'delivered', errorCode: null, errorMessage: null });
  });

  it('refuses a missing, wrong or tampered signature with 403 and changes nothing', async () => {
    const { id, sid } = await sentMessage();
    const before = await row(id);
    const params = twilioParams(sid, 'undelivered', { ErrorCode: '30003' });
    const attempts = [
      callback(params, { signature: null }),
      callback(params, { signature: '' }),
      callback(params, { token: 'not-the-token' }),
      // Signed for the address the request reached (what a Host-header check would rebuild), not the public one.
      callback(params, { signedUrl: `${api.url}${TWILIO_STATUS_CALLBACK_PATH}` }),
      // Signed for the right URL, then a parameter changed on the way.
      fetch(`${api.url}${TWILIO_STATUS_CALLBACK_PATH}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': twilioSignature(TOKEN, PUBLIC_URL, twilioParams(sid, 'delivered')) },
        body: new URLSearchParams(params).toString(),
      }),
      // A client-supplied host does not change the URL that is checked.
      callback(params, { signedUrl: 'https://evil.example/api/twilio/status', headers: { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' } }),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual(apiErrorBody('The request signature is missing or invalid.', 'signature_invalid'));
    }
    expect(await row(id)).toEqual(before);
  });

  it('never moves a message backwards: a late sent after delivered, or one final status after another', async () => {
    const { id, sid } = await sentMessage();
    expect((await callback(twilioParams(sid, 'delivered'))).status).toBe(200);
    for (const late of ['sent', 'queued', 'sending']) expect((await callback(twilioParams(sid, late))).status).toBe(200);
    expect((await callback(twilioParams(sid, 'undelivered', { ErrorCode: '30003' }))).status).toBe(200);
    expect(await row(id)).toMatchObject({ status: 'delivered', errorCode: null });

    const other = await sentMessage();
    expect((await callback(twilioParams(other.sid, 'undelivered', { ErrorCode: '30005' }))).status).toBe(200);
    expect((await callback(twilioParams(other.sid, 'sent'))).status).toBe(200);
    expect(await row(other.id)).toMatchObject({ status: 'undelivered', errorCode: 30005 });
  });

  it('answers 200 for an unknown SID and a status it does not track, changing nothing', async () => {
    const count = await api.db.smsMessage.count();
    const unknown = await callback(twilioParams(newSid(), 'delivered'));
    expect(unknown.status).toBe(200);
    const { id, sid } = await sentMessage();
    expect((await callback(twilioParams(sid, 'received'))).status).toBe(200);
    expect(await api.db.smsMessage.count()).toBe(count + 1);
    expect(await row(id)).toMatchObject({ status: 'sent' });
  });

  it('records the error code and message of a failed delivery, and logs it with the code', async () => {
    const { id, sid } = await sentMessage('staff_invite');
    const params = twilioParams(sid, 'undelivered', { ErrorCode: '30006', ErrorMessage: 'Landline or unreachable carrier' });
    expect((await callback(params)).status).toBe(200);
    expect(await row(id)).toMatchObject({ status: 'undelivered', errorCode: 30006, errorMessage: 'Landline or unreachable carrier' });
    expect(logged.find((entry) => entry.msg === 'text message not delivered' && entry.sid === sid)).toMatchObject({
      level: 40,
      smsMessageId: id,
      purpose: 'staff_invite',
      status: 'undelivered',
      errorCode: 30006,
    });
  });

  it("matches a callback that beats the worker's write by the message id in its signed URL", async () => {
    const { id } = await api.db.smsMessage.create({ data: { purpose: 'login_code', to: uniquePhone() } });
    const sid = newSid();
    const response = await callback(twilioParams(sid, 'failed', { ErrorCode: '30008' }), { query: `messageId=${id}` });
    expect(response.status).toBe(200);
    expect(await row(id)).toMatchObject({ sid, status: 'failed', errorCode: 30008 });
    // The id in the URL is covered by the signature: another one is refused.
    const forged = await callback(twilioParams(newSid(), 'failed'), { query: `messageId=${id}`, signedUrl: `${PUBLIC_URL}?messageId=other` });
    expect(forged.status).toBe(403);
  });

  it('counts text messages by purpose and status on /metrics', async () => {
    const { sid } = await sentMessage();
    await callback(twilioParams(sid, 'failed', { ErrorCode: '30007' }));
    const counts = await api.db.smsMessage.groupBy({ by: ['purpose', 'status'], _count: { _all: true } });
    const text = await (await fetch(`${api.url}/metrics`)).text();
    for (const c of counts) expect(text).toContain(`sms_messages{purpose="${c.purpose}",status="${c.status}"} ${c._count._all}`);
    expect(text).toMatch(/sms_messages\{purpose="login_code",status="failed"\} [1-9]/);
  });

  it('takes only a form: a JSON body is refused before anything is read', async () => {
    const response = await fetch(`${api.url}${TWILIO_STATUS_CALLBACK_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-twilio-signature': 'x' },
      body: JSON.stringify({ MessageSid: newSid() }),
    });
    expect(response.status).toBe(415);
  });
});
