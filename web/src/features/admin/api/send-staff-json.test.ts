import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isSignedOut } from './http';
import { failureText, sendStaffJson, StaffRequestError } from './send-staff-json';

/** A real HTTP server answering like our API does (and like a proxy's error page). */
let server: Server;
let origin: string;
const seen: Array<{ method: string; type: string | undefined; body: string }> = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', type: req.headers['content-type'], body });
      const reply = (status: number, text: string, type = 'application/json') => res.writeHead(status, { 'content-type': type }).end(text);
      if (req.url === '/ok') return reply(201, JSON.stringify({ success: true }));
      if (req.url === '/field') return reply(400, JSON.stringify({ error: 'Please enter a valid email address.', code: 'validation_failed', field: 'email' }));
      if (req.url === '/conflict') return reply(409, JSON.stringify({ error: 'Taken.', code: 'conflict' }));
      if (req.url === '/signed-out') return reply(401, JSON.stringify({ error: 'Please sign in to continue.', code: 'unauthorized' }));
      return reply(502, '<h1>Bad gateway</h1>', 'text/html');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('sendStaffJson', () => {
  it('sends JSON and returns the answer', async () => {
    expect(await sendStaffJson('POST', `${origin}/ok`, { ownerId: null })).toEqual({ success: true });
    expect(seen.at(-1)).toEqual({ method: 'POST', type: 'application/json', body: '{"ownerId":null}' });
  });

  it('sends no body (and no content type) when there is none, as for DELETE', async () => {
    await sendStaffJson('DELETE', `${origin}/ok`);
    expect(seen.at(-1)).toEqual({ method: 'DELETE', type: undefined, body: '' });
  });

  it("throws the server's message and field, which the forms show", async () => {
    const error = await sendStaffJson('PUT', `${origin}/field`, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StaffRequestError);
    expect(error).toMatchObject({ status: 400, field: 'email', serverMessage: 'Please enter a valid email address.' });
    expect(failureText(error)).toBe('Please enter a valid email address.');

    const conflict = await sendStaffJson('POST', `${origin}/conflict`, {}).catch((e: unknown) => e);
    expect(conflict).toMatchObject({ status: 409, field: undefined });
    expect(failureText(conflict)).toBe('Taken.');
  });

  it('falls back to a general text when the answer has none, and knows a signed-out answer', async () => {
    const error = await sendStaffJson('POST', `${origin}/proxy`, {}).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 502, serverMessage: undefined });
    expect(failureText(error)).toBe('Something went wrong. Please try again.');
    expect(failureText(new Error('network'), 'Offline.')).toBe('Offline.');
    expect(isSignedOut(await sendStaffJson('POST', `${origin}/signed-out`, {}).catch((e: unknown) => e))).toBe(true);
  });
});
