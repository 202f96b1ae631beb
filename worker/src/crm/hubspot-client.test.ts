import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from '@hubspot/api-client';
import { describe, expect, it } from 'vitest';
import { classifyHubSpotError, createHubSpotClient, HubSpotTimeoutError } from './hubspot-client';
import { HubSpotHttpError } from './hubspot-http';
import { RequestContext } from '@hubspot/api-client/lib/codegen/crm/deals/http/http.js';

/** The shape of the SDK's ApiException (one class per generated module, so we build the shape). */
function apiException(code: number, body: unknown, headers: Record<string, string> = {}) {
  return Object.assign(new Error(`HTTP-Code: ${code}`), { code, body, headers });
}

/** A system error as the SDK's node:http transport rejects with it. */
function systemError(code: string) {
  return Object.assign(new Error(`connect ${code} 127.0.0.1:443`), { code, errno: -1, syscall: 'connect' });
}

/** The same as fetch reports it (the plain HTTP of the date versions). */
function fetchFailure(code: string) {
  return new TypeError('fetch failed', { cause: systemError(code) });
}

describe('classifyHubSpotError', () => {
  const now = Date.parse('2026-01-01T00:00:00Z');

  it('429 waits for Retry-After (seconds or HTTP date), else the rate-limit interval, else ten seconds', () => {
    expect(classifyHubSpotError(apiException(429, {}, { 'retry-after': '2' }), now)).toEqual({ kind: 'rate-limited', retryAfterMs: 2_000 });
    expect(classifyHubSpotError(apiException(429, {}, { 'Retry-After': new Date(now + 4_000).toUTCString() }), now)).toEqual({
      kind: 'rate-limited',
      retryAfterMs: 4_000,
    });
    expect(
      classifyHubSpotError(apiException(429, {}, { 'x-hubspot-ratelimit-interval-milliseconds': '10000' }), now),
    ).toEqual({ kind: 'rate-limited', retryAfterMs: 10_000 });
    expect(classifyHubSpotError(apiException(429, {}), now)).toEqual({ kind: 'rate-limited', retryAfterMs: 10_000 });
  });

  it('409 is a conflict with the existing id when HubSpot names it', () => {
    expect(classifyHubSpotError(apiException(409, { message: 'Contact already exists. Existing ID: 5151', category: 'CONFLICT' }))).toEqual({
      kind: 'conflict',
      message: 'Contact already exists. Existing ID: 5151',
      existingId: '5151',
    });
    expect(classifyHubSpotError(apiException(409, {}))).toEqual({ kind: 'conflict', message: 'HubSpot answered HTTP 409' });
  });

  it.each([500, 502, 503, 504, 408, 423])('%i is transient', (status) => {
    expect(classifyHubSpotError(apiException(status, { message: 'boom' }))).toEqual({ kind: 'transient', reason: `HTTP ${status}: boom` });
  });

  it.each([400, 401, 403, 404, 422])('%i is permanent with the message', (status) => {
    expect(classifyHubSpotError(apiException(status, { message: 'nope' }))).toEqual({ kind: 'permanent', status, message: 'nope' });
  });

  it.each(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN'])('a %s transport error is transient', (code) => {
    expect(classifyHubSpotError(systemError(code))).toMatchObject({ kind: 'transient', reason: expect.stringContaining(code === 'ETIMEDOUT' ? 'timeout' : code) });
    expect(classifyHubSpotError(fetchFailure(code))).toMatchObject({ kind: 'transient', reason: expect.stringContaining(code === 'ETIMEDOUT' ? 'timeout' : code) });
  });

  it('our own deadline error and a wrapped cause are transient', () => {
    expect(classifyHubSpotError(new HubSpotTimeoutError(300))).toMatchObject({ kind: 'transient', reason: expect.stringContaining('timeout') });
    expect(classifyHubSpotError(new Error('outer', { cause: systemError('ECONNRESET') }))).toMatchObject({ kind: 'transient' });
  });

  it('sorts a failed plain-HTTP call (date versions) exactly as the same answer through the SDK', () => {
    for (const [status, body, headers] of [
      [429, {}, { 'retry-after': '3' }],
      [502, '<html>Bad Gateway</html>', {}],
      [403, { message: 'missing scopes', category: 'MISSING_SCOPES' }, {}],
      [409, { message: 'Contact already exists. Existing ID: 7' }, {}],
    ] as const) {
      expect(classifyHubSpotError(new HubSpotHttpError(status, body, headers, 'POST /x'), now)).toEqual(classifyHubSpotError(apiException(status, body, headers), now));
    }
  });

  it("the SDK's missing-argument error is permanent; anything unrecognised is retried", () => {
    const required = Object.assign(new Error('Required parameter contactId was null or undefined'), { name: 'RequiredError' });
    expect(classifyHubSpotError(required)).toMatchObject({ kind: 'permanent', status: 0 });
    expect(classifyHubSpotError('weird')).toMatchObject({ kind: 'transient', reason: 'unrecognised error: weird' });
  });
});

describe('createHubSpotClient', () => {
  it('builds a client for the real API and for an emulator URL with a trailing slash', () => {
    expect(createHubSpotClient({ accessToken: 'x' }).crm.deals.basicApi).toBeDefined();
    expect(createHubSpotClient({ accessToken: 'x', basePath: 'http://127.0.0.1:4010/' }).crm.contacts.batchApi).toBeDefined();
  });

  it('comes with plain HTTP for the date versions on the same base URL, token and deadline', async () => {
    const seen: { url?: string; authorization?: string; body: string }[] = [];
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        seen.push({ url: req.url, authorization: req.headers.authorization, body });
        // The second request hangs: the client's deadline ends it.
        if (seen.length > 1) return;
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"results":[]}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const client = createHubSpotClient({ accessToken: 'token-1', basePath: `http://127.0.0.1:${port}/`, timeoutMs: 2_000 });
      expect(await client.http.request('POST', '/crm/associations/2026-09/deals/contacts/batch/read', { inputs: [{ id: '1' }] })).toEqual({ results: [] });
      expect(seen[0]).toEqual({ url: '/crm/associations/2026-09/deals/contacts/batch/read', authorization: 'Bearer token-1', body: '{"inputs":[{"id":"1"}]}' });
      const hung = await client.http.request('GET', '/hang').catch((error: unknown) => error);
      expect(hung).toBeInstanceOf(HubSpotTimeoutError);
      expect(classifyHubSpotError(hung)).toMatchObject({ kind: 'transient' });
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

// docs/decisions/hubspot-sdk-transport.md: the SDK as it comes, without our transport. When this
// fails, the SDK keeps the status of an unreadable error body itself and the relabelling in
// createHubSpotClient can go.
describe('@hubspot/api-client without our transport', () => {
  // When this fails, the SDK's requests take a deadline or an AbortSignal of their own, and the
  // deadline agent of createHubSpotClient can give way to it.
  it('still gives a request no deadline or AbortSignal of its own, only an agent', () => {
    const setters = Object.getOwnPropertyNames(RequestContext.prototype);
    expect(setters).toContain('setAgent');
    expect(setters.filter((name) => /signal|timeout|deadline|abort/i.test(name))).toEqual([]);
  });

  it('still loses the HTTP status of an error body it cannot parse (empty 502, no content type)', async () => {
    const server = createServer((_req, res) => {
      res.writeHead(502);
      res.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      // The options createHubSpotClient passes, so the SDK's process-wide retry settings stay as they are.
      const bare = new Client({ accessToken: 'x', basePath: `http://127.0.0.1:${port}`, numberOfApiCallRetries: 0 });
      const error = await bare.crm.contacts.basicApi.getById('1').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(Error);
      expect((error as { code?: unknown }).code).toBeUndefined();
      expect((error as Error).message).toMatch(/content-type/i);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
