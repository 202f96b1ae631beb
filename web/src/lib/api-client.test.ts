import { successResponseSchema } from '@app/shared/api-responses';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, ApiError, isAbort, isApiStatus } from './api-client';

interface Seen {
  method: string;
  accept: string | undefined;
  type: string | undefined;
  idempotencyKey: string | undefined;
  body: string;
}

/** A real HTTP server answering as our api does (error-handler.ts), and as a proxy's error page does. */
const ANSWERS: Record<string, { status: number; body: string; headers?: Record<string, string> }> = {
  '/ok': { status: 201, body: JSON.stringify({ success: true, extra: 'ignored' }) },
  '/mismatch': { status: 200, body: JSON.stringify({ success: 'yes' }) },
  '/empty-ok': { status: 200, body: '' },
  '/field': { status: 400, body: JSON.stringify({ error: 'Please enter a valid 5-digit zip code.', code: 'validation_failed', field: 'address.zip' }) },
  '/signed-out': { status: 401, body: JSON.stringify({ error: 'Please sign in to continue.', code: 'unauthorized' }) },
  '/forbidden': { status: 403, body: JSON.stringify({ error: 'You do not have access to this.', code: 'forbidden' }) },
  '/missing': { status: 404, body: JSON.stringify({ error: 'We could not find that listing.', code: 'not_found' }) },
  '/conflict': { status: 409, body: JSON.stringify({ error: 'A change request for this cleaning is already open.', code: 'conflict' }) },
  '/reused-key': {
    status: 422,
    body: JSON.stringify({ error: 'This Idempotency-Key was already used for a different request.', code: 'idempotency_key_reused' }),
  },
  '/limited': { status: 429, body: JSON.stringify({ error: 'Too many requests. Please try again later.', code: 'rate_limited' }), headers: { 'retry-after': '30' } },
  '/limited-at-date': { status: 429, body: '{}', headers: { 'retry-after': 'Wed, 21 Oct 2026 07:28:00 GMT' } },
  '/message-only': { status: 500, body: JSON.stringify({ success: false, message: 'Try later' }) },
  '/proxy': { status: 502, body: '<h1>Bad gateway</h1>', headers: { 'content-type': 'text/html' } },
};

let server: Server;
let origin: string;
const seen: Seen[] = [];
/** Requests to /hang the server holds without answering. */
let held = 0;
/** Answers to /half-body whose head and first bytes went out, the rest held back. */
let halfSent = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const header = (name: string) => req.headers[name] as string | undefined;
      seen.push({ method: req.method ?? '', accept: header('accept'), type: header('content-type'), idempotencyKey: header('idempotency-key'), body });
      if (req.url === '/hang') {
        held += 1; // answers never: only an abort ends the request
        return;
      }
      if (req.url === '/half-body') {
        res.writeHead(200, { 'content-type': 'application/json' }).write('{"success":', () => (halfSent += 1));
        return; // the rest never comes: only an abort ends the read
      }
      const answer = ANSWERS[req.url ?? ''] ?? { status: 500, body: '' };
      res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers }).end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
});

const failure = (call: Promise<unknown>) => call.then(
  () => expect.unreachable('the call succeeded'),
  (error: unknown) => error,
);

describe('api client: success', () => {
  it('GETs JSON and returns the body as the schema reads it', async () => {
    expect(await api.get(`${origin}/ok`, successResponseSchema)).toEqual({ success: true });
    expect(seen.at(-1)).toEqual({ method: 'GET', accept: 'application/json', type: undefined, idempotencyKey: undefined, body: '' });
  });

  it('POSTs and PUTs a JSON body, with the Idempotency-Key when given', async () => {
    expect(await api.post(`${origin}/ok`, { zip: '30301' }, successResponseSchema, { idempotencyKey: 'key-1' })).toEqual({ success: true });
    expect(seen.at(-1)).toEqual({ method: 'POST', accept: 'application/json', type: 'application/json', idempotencyKey: 'key-1', body: '{"zip":"30301"}' });
    await api.put(`${origin}/ok`, { ownerId: null });
    expect(seen.at(-1)).toMatchObject({ method: 'PUT', type: 'application/json', body: '{"ownerId":null}' });
  });

  it('sends no body (and no content type) when there is none, and reads no answer without a schema', async () => {
    expect(await api.delete(`${origin}/ok`)).toBeUndefined();
    expect(seen.at(-1)).toMatchObject({ method: 'DELETE', type: undefined, body: '' });
    expect(await api.post(`${origin}/empty-ok`)).toBeUndefined();
  });
});

describe('api client: an answer that does not match the schema', () => {
  it('throws an ApiError of kind body, carrying the schema error, which no status check mistakes for a refusal', async () => {
    const error = await failure(api.get(`${origin}/mismatch`, successResponseSchema));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'body', status: 200, serverMessage: undefined });
    expect((error as ApiError).cause).toBeInstanceOf(Error);
    expect(isApiStatus(error, 200, 404)).toBe(false);
    expect(await failure(api.get(`${origin}/empty-ok`, successResponseSchema))).toMatchObject({ kind: 'body', status: 200 });
  });
});

describe('api client: error statuses', () => {
  it("reads our api's error, code and field (a validation refusal)", async () => {
    const error = await failure(api.post(`${origin}/field`, {}, successResponseSchema));
    expect(error).toMatchObject({
      kind: 'status',
      method: 'POST',
      status: 400,
      serverMessage: 'Please enter a valid 5-digit zip code.',
      code: 'validation_failed',
      field: 'address.zip',
      retryAfterSeconds: undefined,
    });
    expect((error as Error).message).toBe(`POST ${origin}/field answered 400: Please enter a valid 5-digit zip code.`);
  });

  it.each([
    ['/signed-out', 401, 'unauthorized'],
    ['/forbidden', 403, 'forbidden'],
    ['/missing', 404, 'not_found'],
    ['/conflict', 409, 'conflict'],
    ['/reused-key', 422, 'idempotency_key_reused'],
  ])('%s: status %i with its code and text, no field', async (path, status, code) => {
    const error = await failure(api.get(`${origin}${path}`, successResponseSchema));
    expect(error).toMatchObject({ kind: 'status', status, code, field: undefined });
    expect((error as ApiError).serverMessage).toEqual(JSON.parse(ANSWERS[path]?.body ?? '{}').error);
    expect(isApiStatus(error, status)).toBe(true);
  });

  it('gives a refusal that ends at a known time its Retry-After in seconds (and ignores a date)', async () => {
    expect(await failure(api.post(`${origin}/limited`, {}))).toMatchObject({ status: 429, code: 'rate_limited', retryAfterSeconds: 30 });
    expect(await failure(api.post(`${origin}/limited-at-date`, {}))).toMatchObject({ status: 429, retryAfterSeconds: undefined });
  });

  it('falls back to a `message` text, and to the status alone for a body that is not ours', async () => {
    expect(await failure(api.post(`${origin}/message-only`, {}))).toMatchObject({ status: 500, serverMessage: 'Try later', code: undefined });
    expect(await failure(api.get(`${origin}/proxy`, successResponseSchema))).toMatchObject({ kind: 'status', status: 502, serverMessage: undefined });
  });
});

describe('api client: no answer', () => {
  it("rejects an aborted request with the abort itself, not an ApiError", async () => {
    const controller = new AbortController();
    const call = api.get(`${origin}/hang`, successResponseSchema, { signal: controller.signal });
    // Abort once the server holds the request, so it is the request in flight that is given up.
    await expect.poll(() => held).toBe(1);
    controller.abort();
    const error = await failure(call);
    expect(isAbort(error)).toBe(true);
    expect(error).not.toBeInstanceOf(ApiError);
  });

  it('rejects a read given up while the body arrives with the abort, not as an unexpected body', async () => {
    const controller = new AbortController();
    const call = api.get(`${origin}/half-body`, successResponseSchema, { signal: controller.signal });
    await expect.poll(() => halfSent).toBe(1);
    // Time for fetch to hand over the answer's head, so the abort meets the body being read.
    await new Promise((resolve) => setTimeout(resolve, 100));
    controller.abort();
    const error = await failure(call);
    expect(isAbort(error)).toBe(true);
    expect(error).not.toBeInstanceOf(ApiError);
  });

  it("rejects a network failure with fetch's own error, whose message the booking form shows", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const error = await failure(api.post(`http://127.0.0.1:${port}/gone`, {}));
    expect(error).toBeInstanceOf(TypeError);
    expect(error).not.toBeInstanceOf(ApiError);
    expect(isAbort(error)).toBe(false);
  });
});
