// The real twilio SDK, through the worker's createTwilioClient, against the emulator.
import { describe, expect, it } from 'vitest';
import { classifyTwilioError, createTwilioClient, sendSms } from '@app/worker/sms/twilio-client';
import { TEST_ACCOUNT_SID, TEST_AUTH_TOKEN, TEST_FROM, useTwilioEmulator } from './test-emulator';

const emulator = useTwilioEmulator();
const client = (authToken = TEST_AUTH_TOKEN) =>
  createTwilioClient({ accountSid: TEST_ACCOUNT_SID, authToken, baseUrl: emulator().url, timeoutMs: 2_000 });

async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: unknown) => error,
  );
}

describe('Twilio emulator with the twilio SDK', () => {
  it('creates a message (201) that the control API and the SDK list both show', async () => {
    const sent = await sendSms(client(), { to: '+14045550123', from: TEST_FROM, body: 'Your code is 123456' });
    expect(sent).toEqual({ sid: expect.stringMatching(/^SM[0-9a-f]{32}$/), status: 'queued' });
    expect(emulator().requests().map((entry) => entry.status)).toEqual([201]);

    const [kept] = emulator().messages({ to: '+14045550123' });
    expect(kept).toMatchObject({
      sid: sent.sid,
      account_sid: TEST_ACCOUNT_SID,
      to: '+14045550123',
      from: TEST_FROM,
      body: 'Your code is 123456',
      status: 'queued',
      direction: 'outbound-api',
      api_version: '2010-04-01',
      num_segments: '1',
      price: null,
      error_code: null,
      uri: `/2010-04-01/Accounts/${TEST_ACCOUNT_SID}/Messages/${sent.sid}.json`,
    });
    expect(kept?.date_created).toMatch(/^\w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} \+0000$/);

    // The dev inbox reads this; an unencoded "+" (a space after decoding) must still match.
    const overHttp = await fetch(`${emulator().url}/_emulator/messages?to=+14045550123`);
    expect(((await overHttp.json()) as { messages: Array<{ sid: string }> }).messages.map((m) => m.sid)).toEqual([sent.sid]);

    const listed = await client().messages.list({ to: '+14045550123' });
    expect(listed.map((message) => message.sid)).toEqual([sent.sid]);
    expect(listed[0]?.dateCreated).toBeInstanceOf(Date);
  });

  it('lists newest first and follows next_page_uri through the rewritten origin', async () => {
    const sids: string[] = [];
    for (const code of ['111111', '222222', '333333']) {
      sids.push((await sendSms(client(), { to: '+14045550124', from: TEST_FROM, body: `Code ${code}` })).sid);
    }
    await sendSms(client(), { to: '+14045550999', from: TEST_FROM, body: 'someone else' });

    const listed = await client().messages.list({ to: '+14045550124', pageSize: 2 });
    expect(listed.map((message) => message.sid)).toEqual([...sids].reverse());
    // Two pages were fetched: the second through the absolute api.twilio.com URL the SDK built.
    expect(emulator().requests().filter((entry) => entry.method === 'GET')).toHaveLength(2);
  });

  it('fetches a message by sid', async () => {
    const sent = await sendSms(client(), { to: '+14045550125', from: TEST_FROM, body: 'Code 424242' });
    const fetched = await client().messages(sent.sid).fetch();
    expect(fetched).toMatchObject({ sid: sent.sid, to: '+14045550125', body: 'Code 424242', status: 'queued' });

    const missing = await failure(client().messages('SM00000000000000000000000000000000').fetch());
    expect(classifyTwilioError(missing)).toMatchObject({ kind: 'permanent', status: 404, code: 20404 });
  });

  it('rejects a wrong auth token as a permanent 20003', async () => {
    const error = await failure(sendSms(client('not-the-token'), { to: '+14045550126', from: TEST_FROM, body: 'x' }));
    expect(classifyTwilioError(error)).toEqual({ kind: 'permanent', status: 401, code: 20003, message: 'Authenticate' });
    expect(emulator().messages()).toEqual([]);
  });

  it('rejects a To that is not E.164 as a permanent 21211', async () => {
    const error = await failure(sendSms(client(), { to: '404-555-0127', from: TEST_FROM, body: 'x' }));
    expect(classifyTwilioError(error)).toMatchObject({ kind: 'permanent', status: 400, code: 21211 });
  });

  it("answers Twilio's magic test numbers with their carrier errors", async () => {
    const error = await failure(sendSms(client(), { to: '+15005550004', from: TEST_FROM, body: 'x' }));
    expect(classifyTwilioError(error)).toMatchObject({ kind: 'permanent', status: 400, code: 21610 });
  });

  it("answers the magic From numbers of Twilio's test credentials: +15005550006 sends, the others refuse", async () => {
    expect(await sendSms(client(), { to: '+14045550129', from: '+15005550006', body: 'x' })).toMatchObject({ status: 'queued' });
    for (const [from, code] of [['+15005550001', 21212], ['+15005550007', 21606], ['+15005550008', 21611]] as const) {
      const error = await failure(sendSms(client(), { to: '+14045550129', from, body: 'x' }));
      expect(classifyTwilioError(error)).toMatchObject({ kind: 'permanent', status: 400, code });
    }
    expect(emulator().messages()).toHaveLength(1);
  });

  it('reset forgets every message', async () => {
    await sendSms(client(), { to: '+14045550128', from: TEST_FROM, body: 'Code 1' });
    const reset = await fetch(`${emulator().url}/_emulator/reset`, { method: 'POST' });
    expect(reset.status).toBe(200);
    expect(emulator().messages()).toEqual([]);
    expect(await client().messages.list({})).toEqual([]);
  });
});
