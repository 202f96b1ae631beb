import type { Client } from '@hubspot/api-client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { classifyHubSpotError, createHubSpotClient } from '@app/worker/crm/hubspot-client';
import { startHubSpotEmulator, type HubSpotEmulator } from './server';

const TOKEN = 'test-token';
let emulator: HubSpotEmulator;
let hubspot: Client;

beforeAll(async () => {
  emulator = await startHubSpotEmulator({ accessToken: TOKEN });
  hubspot = createHubSpotClient({ accessToken: TOKEN, basePath: emulator.url, timeoutMs: 300 });
});
afterAll(() => emulator.close());
beforeEach(() => {
  emulator.reset();
  emulator.rateLimit.set({ max: 100, intervalMs: 10_000 });
  emulator.config.set({ dailyLimit: { max: 250_000, timeZone: 'America/New_York', headers: true } });
});

/** A cheap CRM call; resolves to the error it failed with, or undefined. */
async function call(client: Client = hubspot): Promise<unknown> {
  try {
    await client.crm.owners.ownersApi.getPage();
    return undefined;
  } catch (error) {
    return error;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('HubSpot emulator: authentication, rate limit and injected faults', () => {
  it('answers a wrong or missing token with 401 INVALID_AUTHENTICATION, classified permanent', async () => {
    const wrong = createHubSpotClient({ accessToken: 'not-the-token', basePath: emulator.url });
    const error = await call(wrong);
    expect(error).toMatchObject({ code: 401, body: { category: 'INVALID_AUTHENTICATION' } });
    expect(classifyHubSpotError(error)).toMatchObject({ kind: 'permanent', status: 401 });
    const missing = await fetch(`${emulator.url}/crm/v3/objects/contacts`);
    expect(missing.status).toBe(401);
    expect(await missing.json()).toMatchObject({ status: 'error', category: 'INVALID_AUTHENTICATION' });
  });

  it('limits to max calls per rolling window with HubSpot 429s and headers, then lets calls through again', async () => {
    emulator.rateLimit.set({ max: 5, intervalMs: 1_000 });
    for (let i = 0; i < 5; i++) expect(await call()).toBeUndefined();
    const error = await call();
    expect(error).toMatchObject({ code: 429 });
    const headers = (error as { headers: Record<string, string> }).headers;
    expect(headers).toMatchObject({
      'x-hubspot-ratelimit-interval-milliseconds': '1000',
      'x-hubspot-ratelimit-max': '5',
      'x-hubspot-ratelimit-remaining': '0',
      'retry-after': '1',
    });
    const failure = classifyHubSpotError(error);
    expect(failure.kind).toBe('rate-limited');
    const wait = failure.kind === 'rate-limited' ? failure.retryAfterMs : 0;
    expect(wait).toBeGreaterThan(0);

    // The raw body is HubSpot's ten-secondly limit error (the SDK keeps only its known fields).
    const raw = await fetch(`${emulator.url}/crm/v3/owners`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(raw.status).toBe(429);
    expect(await raw.json()).toMatchObject({ errorType: 'RATE_LIMIT', policyName: 'TEN_SECONDLY_ROLLING' });

    await sleep(wait);
    expect(await call()).toBeUndefined();
    const ok = await fetch(`${emulator.url}/crm/v3/owners`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(ok.headers.get('x-hubspot-ratelimit-max')).toBe('5');
    expect(Number(ok.headers.get('x-hubspot-ratelimit-remaining'))).toBeLessThan(5);
  });

  it('counts the account\'s day across tokens: daily headers on every answer, then 429 DAILY once spent', async () => {
    emulator.config.set({ dailyLimit: { max: 10, timeZone: 'America/Chicago', headers: true } });
    const raw = () => fetch(`${emulator.url}/crm/v3/owners`, { headers: { authorization: `Bearer ${TOKEN}` } });
    const first = await raw();
    expect(first.headers.get('x-hubspot-ratelimit-daily')).toBe('10');
    expect(first.headers.get('x-hubspot-ratelimit-daily-remaining')).toBe('9');
    // Another integration of the account spends most of the day.
    const other = await fetch(`${emulator.url}/_emulator/daily-usage`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ requests: 8 }) });
    expect(await other.json()).toEqual({ used: 9 });
    expect((await raw()).headers.get('x-hubspot-ratelimit-daily-remaining')).toBe('0');
    const refused = await raw();
    expect(refused.status).toBe(429);
    expect(refused.headers.get('x-hubspot-ratelimit-daily-remaining')).toBe('0');
    expect(await refused.json()).toMatchObject({ status: 'error', message: 'You have reached your daily limit.', errorType: 'RATE_LIMIT', policyName: 'DAILY' });
    const error = await call();
    expect(classifyHubSpotError(error)).toEqual({ kind: 'daily-limit', message: 'You have reached your daily limit.' });
    // A refused call does not use the 10-second budget either.
    expect(emulator.requests().filter((r) => r.status === 429)).toHaveLength(2);
    // At the account's midnight the count starts again.
    expect((await fetch(`${emulator.url}/_emulator/daily-usage/new-day`, { method: 'POST' })).status).toBe(200);
    expect((await raw()).headers.get('x-hubspot-ratelimit-daily-remaining')).toBe('9');

    // Without the daily headers (a token whose answers carry none), the limit still holds.
    emulator.config.set({ dailyLimit: { max: 1_000, timeZone: 'America/Chicago', headers: false } });
    const quiet = await raw();
    expect(quiet.status).toBe(200);
    expect(quiet.headers.get('x-hubspot-ratelimit-daily')).toBeNull();
    emulator.reset();
    expect((await fetch(`${emulator.url}/_emulator/config`).then((r) => r.json())) as unknown).toMatchObject({ dailyLimit: { max: 1_000, timeZone: 'America/Chicago', headers: false } });
  });

  it('fails every call with 503 during an outage (transient), then recovers', async () => {
    emulator.faults.outage(0.4);
    const error = await call();
    expect(error).toMatchObject({ code: 503 });
    expect(classifyHubSpotError(error)).toMatchObject({ kind: 'transient' });
    expect(await call()).toBeDefined();
    await sleep(450);
    expect(await call()).toBeUndefined();
  });

  it('fails exactly the next N calls with the injected status', async () => {
    const injected = await fetch(`${emulator.url}/_emulator/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'next', count: 2, status: 500 }),
    });
    expect(injected.status).toBe(200);
    for (let i = 0; i < 2; i++) {
      const error = await call();
      expect(error).toMatchObject({ code: 500 });
      expect(classifyHubSpotError(error)).toMatchObject({ kind: 'transient', reason: expect.stringContaining('HTTP 500') });
    }
    expect(await call()).toBeUndefined();
    expect(emulator.requests().map((r) => r.status)).toEqual([500, 500, 200]);
  });

  it('keeps the status of an error the SDK cannot parse (empty gateway answer) and takes Retry-After of an injected 429', async () => {
    emulator.faults.next(1, { status: 502, body: 'empty' });
    expect(classifyHubSpotError(await call())).toMatchObject({ kind: 'transient', reason: expect.stringContaining('HTTP 502') });
    emulator.faults.next(1, { status: 429, retryAfterSeconds: 3 });
    expect(classifyHubSpotError(await call())).toEqual({ kind: 'rate-limited', retryAfterMs: 3_000 });
    emulator.faults.next(1, { status: 400 });
    expect(classifyHubSpotError(await call())).toMatchObject({ kind: 'permanent', status: 400 });
  });

  it('times out a hung call within the client deadline (transient) on every CRM module', async () => {
    emulator.faults.next(3, { timeoutMs: 5_000 });
    const calls: Array<() => Promise<unknown>> = [
      () => hubspot.crm.owners.ownersApi.getPage(),
      () => hubspot.crm.associations.v4.basicApi.getPage('deals', '1', 'contacts'),
      () => hubspot.crm.commerce.invoices.basicApi.getPage(),
    ];
    for (const run of calls) {
      const started = Date.now();
      const error = await run().then(
        () => undefined,
        (e: unknown) => e,
      );
      const took = Date.now() - started;
      expect(classifyHubSpotError(error)).toMatchObject({ kind: 'transient', reason: expect.stringContaining('timeout') });
      expect(took).toBeGreaterThanOrEqual(250);
      expect(took).toBeLessThan(1_500);
    }
    expect(emulator.requests().map((r) => r.fault)).toEqual(['timeout', 'timeout', 'timeout']);
    expect(await call()).toBeUndefined();
  });

  it('classifies a refused connection as transient', async () => {
    const nobody = createHubSpotClient({ accessToken: TOKEN, basePath: 'http://127.0.0.1:9', timeoutMs: 1_000 });
    expect(classifyHubSpotError(await call(nobody))).toMatchObject({ kind: 'transient', reason: expect.stringContaining('ECONNREFUSED') });
  });
});
