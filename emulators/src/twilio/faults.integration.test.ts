// Fault injection seen through the real SDK and the worker's error classification.
import { describe, expect, it } from 'vitest';
import { classifyTwilioError, createTwilioClient, sendSms } from '@app/worker/sms/twilio-client';
import { TEST_ACCOUNT_SID, TEST_AUTH_TOKEN, TEST_FROM, useTwilioEmulator } from './test-emulator';

const emulator = useTwilioEmulator();
const client = (timeoutMs = 2_000) =>
  createTwilioClient({ accountSid: TEST_ACCOUNT_SID, authToken: TEST_AUTH_TOKEN, baseUrl: emulator().url, timeoutMs });
const sms = { to: '+14045550140', from: TEST_FROM, body: 'Your code is 654321' };

async function classifiedFailure(promise: Promise<unknown>) {
  return promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: unknown) => classifyTwilioError(error),
  );
}

async function postFault(fault: unknown): Promise<Response> {
  return fetch(`${emulator().url}/_emulator/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(fault),
  });
}

describe('Twilio emulator faults', () => {
  it('an outage answers 503 (transient) until it ends', async () => {
    // The SDK's first call loads and sets up what it needs: done before the outage, so the call
    // timed against it is a warm one, and a 2-second outage holds on a busy machine too.
    await sendSms(client(), sms);
    const before = emulator().requests().length;
    const posted = await postFault({ type: 'outage', seconds: 2 });
    expect(posted.status).toBe(201);
    const { outageUntil } = (await posted.json()) as { outageUntil: string };
    expect(await classifiedFailure(sendSms(client(), sms))).toEqual({
      kind: 'transient',
      reason: 'HTTP 503 (Twilio 20503): Service Unavailable',
    });
    await new Promise((resolve) => setTimeout(resolve, Date.parse(outageUntil) - Date.now() + 20));
    await expect(sendSms(client(), sms)).resolves.toMatchObject({ status: 'queued' });
    expect(emulator().requests().slice(before).map((entry) => [entry.status, entry.fault])).toEqual([
      [503, 'outage'],
      [201, null],
    ]);
  });

  it('DELETE /_emulator/faults ends an outage at once', async () => {
    await postFault({ type: 'outage', seconds: 60 });
    expect(emulator().faults().outageUntil).not.toBeNull();
    expect((await fetch(`${emulator().url}/_emulator/faults`, { method: 'DELETE' })).status).toBe(200);
    await expect(sendSms(client(), sms)).resolves.toMatchObject({ status: 'queued' });
  });

  it('the next two calls fail with 500, the third succeeds', async () => {
    await postFault({ type: 'next', count: 2, status: 500 });
    expect(await classifiedFailure(sendSms(client(), sms))).toMatchObject({ kind: 'transient' });
    expect(await classifiedFailure(sendSms(client(), sms))).toMatchObject({ kind: 'transient' });
    await expect(sendSms(client(), sms)).resolves.toMatchObject({ status: 'queued' });
    expect(emulator().requests().map((entry) => entry.status)).toEqual([500, 500, 201]);
    expect(emulator().messages()).toHaveLength(1);
  });

  it('classifies 429 as rate-limited and an injected 400 as permanent', async () => {
    emulator().addFault({ type: 'next', status: 429 });
    emulator().addFault({ type: 'next', status: 400, code: 21408 });
    expect(await classifiedFailure(sendSms(client(), sms))).toEqual({ kind: 'rate-limited', retryAfterMs: expect.any(Number) });
    expect(await classifiedFailure(sendSms(client(), sms))).toMatchObject({ kind: 'permanent', status: 400, code: 21408 });
  });

  it('a hanging request ends as transient within the client timeout', async () => {
    await postFault({ type: 'next', count: 1, timeoutMs: 5_000 });
    const started = Date.now();
    const result = await classifiedFailure(sendSms(client(300), sms));
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(result).toMatchObject({ kind: 'transient', reason: expect.stringMatching(/^ECONNABORTED: timeout of 300ms/) });
    expect(emulator().requests()[0]).toMatchObject({ status: null, fault: 'timeout' });
    expect(emulator().messages()).toEqual([]);
  });

  it('a connection dropped before the client gives up is transient too', async () => {
    emulator().addFault({ type: 'next', timeoutMs: 100 });
    expect(await classifiedFailure(sendSms(client(2_000), sms))).toMatchObject({
      kind: 'transient',
      reason: expect.stringMatching(/^ECONNRESET/),
    });
  });

  it('rejects a malformed fault', async () => {
    const response = await postFault({ type: 'next', count: 1, status: 418 });
    expect(response.status).toBe(400);
    expect(emulator().faults()).toEqual({ outageUntil: null, next: [] });
  });
});
