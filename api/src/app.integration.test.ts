import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { brotliCompressSync } from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrismaClient, type Db } from '@app/db/client';
import { createLogger } from '@app/runtime/logger';
import { createQueueBackend, pingQueue, type AnyQueue, type QueueBackend } from '@app/runtime/queue/connection';
import { testDatabaseUrl, testRedisUrl, uniqueQueuePrefix } from '../../test/context';
import { createApp, type AppDeps } from './app';
import { checkCrmAccount, pingDatabase } from './modules/health/repository';
import { apiErrorBody } from '@app/shared/api-error';
import { CLIENT_ROUTES } from '@app/shared/routes';

const logger = createLogger({ service: 'api-test', level: 'silent', format: 'json' });

async function listen(deps: Partial<AppDeps> & Pick<AppDeps, 'readinessChecks'>): Promise<{ url: string; server: Server }> {
  const app = await createApp({ logger, bodyLimit: '100kb', ...deps });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

describe('api app against the real Postgres and Redis', () => {
  let db: Db;
  let backend: QueueBackend;
  let queue: AnyQueue;
  let base: string;
  let server: Server;

  beforeAll(async () => {
    db = createPrismaClient(testDatabaseUrl());
    backend = createQueueBackend({ redisUrl: testRedisUrl(), databaseUrl: testDatabaseUrl(), prefix: uniqueQueuePrefix('api') });
    queue = backend.createQueue('crm');
    ({ url: base, server } = await listen({
      readinessChecks: { database: () => pingDatabase(db), queue: () => pingQueue(queue) },
    }));
  });

  afterAll(async () => {
    server.close();
    await queue.close();
    await backend.close();
    await db.$disconnect();
  });

  it('answers /healthz with a request id', async () => {
    const res = await fetch(`${base}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('echoes a safe incoming X-Request-Id and replaces an unsafe one', async () => {
    const safe = await fetch(`${base}/healthz`, { headers: { 'X-Request-Id': 'trace-123' } });
    expect(safe.headers.get('x-request-id')).toBe('trace-123');
    const unsafe = await fetch(`${base}/healthz`, { headers: { 'X-Request-Id': 'bad id <script>' } });
    expect(unsafe.headers.get('x-request-id')).not.toContain('script');
  });

  it('is ready when Postgres and the queue answer', async () => {
    const res = await fetch(`${base}/readyz`);
    const body = (await res.json()) as { status: string; checks: Record<string, { ok: boolean }> };
    expect(res.status).toBe(200);
    expect(body.status).toBe('ready');
    expect(body.checks.database?.ok).toBe(true);
    expect(body.checks.queue?.ok).toBe(true);
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await fetch(`${base}/api/no-such-endpoint`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual(apiErrorBody('Not found.', 'not_found'));
  });

  it('accepts only JSON bodies (415 otherwise)', async () => {
    const res = await fetch(`${base}/api/anything`, { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: 'hello' });
    expect(res.status).toBe(415);
    expect(await res.json()).toMatchObject({ code: 'unsupported_media_type' });
  });

  it('rejects a body over the limit (413) and malformed JSON (400)', async () => {
    const big = JSON.stringify({ text: 'x'.repeat(1024 * 1024) });
    const tooLarge = await fetch(`${base}/api/anything`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: big });
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.json()).toMatchObject({ code: 'payload_too_large' });
    const malformed = await fetch(`${base}/api/anything`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"a":' });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ code: 'bad_request' });
  });
});

describe('readiness when a dependency is down', () => {
  it('answers 503 and names the failing check, without its error', async () => {
    const db = createPrismaClient(testDatabaseUrl());
    const { url, server } = await listen({
      readinessChecks: {
        database: () => pingDatabase(db),
        queue: () => Promise.reject(new Error('connect ECONNREFUSED')),
      },
    });
    try {
      const res = await fetch(`${url}/readyz`);
      expect(res.status).toBe(503);
      const body = (await res.json()) as { status: string; checks: Record<string, { ok: boolean; error?: string }> };
      expect(body.status).toBe('not ready');
      expect(body.checks.database?.ok).toBe(true);
      // Names and states only: the reason is logged, never shown to whoever asks.
      expect(body.checks).toEqual({ database: { ok: true }, queue: { ok: false } });
      expect(JSON.stringify(body)).not.toContain('ECONNREFUSED');
    } finally {
      server.close();
      await db.$disconnect();
    }
  });
});

describe('readiness and the HubSpot account check', () => {
  it('reports what the account lacks as an advisory, without making the api unready', async () => {
    const db = createPrismaClient(testDatabaseUrl());
    const { url, server } = await listen({ readinessChecks: { database: () => pingDatabase(db) }, readinessAdvisories: { crm: () => checkCrmAccount(db) } });
    type Body = { status: string; advisories: Record<string, { ok: boolean; error?: string }> };
    try {
      await db.crmAccountStatus.deleteMany();
      const unchecked = (await (await fetch(`${url}/readyz`)).json()) as Body;
      expect(unchecked.advisories.crm).toEqual({ ok: false });

      await db.crmAccountStatus.create({
        data: { ready: false, problems: ['deals.app_request_id: missing (string property)'], checkedAt: new Date('2026-11-23T12:00:00Z') },
      });
      const res = await fetch(`${url}/readyz`);
      expect(res.status).toBe(200);
      const body = (await res.json()) as Body;
      expect(body.status).toBe('ready');
      expect(body.advisories.crm).toEqual({ ok: false });

      await db.crmAccountStatus.update({ where: { id: 1 }, data: { ready: true, problems: [] } });
      expect(((await (await fetch(`${url}/readyz`)).json()) as Body).advisories.crm?.ok).toBe(true);
    } finally {
      await db.crmAccountStatus.deleteMany();
      server.close();
      await db.$disconnect();
    }
  });
});

describe('serving the built web app', () => {
  let dist: string;
  let base: string;
  let server: Server;

  beforeAll(async () => {
    dist = await mkdtemp(path.join(tmpdir(), 'web-dist-'));
    await mkdir(path.join(dist, 'assets'));
    await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>app</title><div id="root"></div>');
    await writeFile(path.join(dist, 'assets', 'main-abc123.js'), 'console.log(1)');
    await writeFile(path.join(dist, 'assets', 'main-abc123.js.br'), brotliCompressSync('console.log(1)'));
    await mkdir(path.join(dist, 'prerendered'));
    await writeFile(path.join(dist, 'prerendered', 'index.html'), '<div id="root"><h1>Home page</h1></div>');
    await writeFile(path.join(dist, 'prerendered', 'index.html.br'), brotliCompressSync('<div id="root"><h1>Home page</h1></div>'));
    await writeFile(path.join(dist, 'prerendered', 'pricing.html'), '<div id="root"><h1>Pricing page</h1></div>');
    await writeFile(path.join(dist, 'prerendered', '404.html'), '<div id="root"><h1>Not found page</h1></div>');
    await mkdir(path.join(dist, 'frames'));
    await writeFile(path.join(dist, 'frames', 'site.html'), '<div id="root" data-app-frame><header>Site frame</header></div>');
    await writeFile(path.join(dist, 'frames', 'staff.html'), '<div id="root" data-app-frame><p>Staff frame</p></div>');
    await mkdir(path.join(dist, 'legal'));
    await writeFile(path.join(dist, 'legal', 'privacy.html'), '<main><h1>Privacy</h1></main>');
    ({ url: base, server } = await listen({ readinessChecks: {}, webDistDir: dist }));
  });

  afterAll(async () => {
    server.close();
    await rm(dist, { recursive: true, force: true });
  });

  it("serves a client route that is not pre-rendered its area's frame, with 200", async () => {
    const frames = [
      ['/booking/confirmation', 'Site frame'],
      ['/portal', 'Site frame'],
      ['/about', 'Site frame'],
      ['/admin/login', 'Site frame'],
      ['/admin/ScheduledSnapshot', 'Staff frame'],
      ['/admin/lookup/', 'Staff frame'],
      [CLIENT_ROUTES.cleanerDay, 'Staff frame'],
    ];
    for (const [route, frame] of frames) {
      const res = await fetch(`${base}${route}`);
      expect(res.status, route).toBe(200);
      expect(await res.text(), route).toContain(frame);
    }
  });

  it('asks search engines to leave sign-in, the portal and the staff area out, and no public page', async () => {
    for (const route of ['/login', '/portal', '/portal/', '/admin/login', '/admin/ScheduledSnapshot', '/booking/confirmation']) {
      expect((await fetch(`${base}${route}`)).headers.get('x-robots-tag'), route).toBe('noindex');
    }
    for (const route of ['/', '/pricing', '/about', '/booking', '/no-such-page']) {
      expect((await fetch(`${base}${route}`)).headers.get('x-robots-tag'), route).toBeNull();
    }
  });

  it('serves the pre-rendered page of a route, with or without a trailing slash', async () => {
    for (const [route, heading] of [['/', 'Home page'], ['/pricing', 'Pricing page'], ['/pricing/', 'Pricing page']]) {
      const res = await fetch(`${base}${route}`);
      expect(res.status, route).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text(), route).toContain(`<h1>${heading}</h1>`);
    }
  });

  it('serves the pre-rendered not-found page with status 404 for paths that are no route', async () => {
    for (const route of ['/no-such-page', '/Pricing']) {
      const res = await fetch(`${base}${route}`);
      expect(res.status, route).toBe(404);
      expect(await res.text()).toContain('<h1>Not found page</h1>');
    }
  });

  it("serves a page's build-time Brotli copy to a browser that takes it, the HTML itself otherwise", async () => {
    const compressed = await fetch(`${base}/`, { headers: { 'accept-encoding': 'gzip, br' } });
    expect(compressed.headers.get('content-encoding')).toBe('br');
    expect(compressed.headers.get('vary')).toContain('Accept-Encoding');
    expect(compressed.headers.get('content-type')).toContain('text/html');
    expect(await compressed.text()).toBe('<div id="root"><h1>Home page</h1></div>'); // fetch decodes it
    // No gzip copy of this page: a gzip-only browser gets the HTML as it is.
    const plain = await fetch(`${base}/`, { headers: { 'accept-encoding': 'gzip' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe('<div id="root"><h1>Home page</h1></div>');
  });

  it('never serves the pre-rendered files under their own names', async () => {
    const res = await fetch(`${base}/prerendered/pricing.html`);
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('Pricing page');
    const frame = await fetch(`${base}/frames/staff.html`);
    expect(frame.status).toBe(404);
    expect(await frame.text()).not.toContain('Staff frame');
  });

  it("serves an asset's build-time Brotli copy to a browser that accepts it, the plain file otherwise", async () => {
    const compressed = await fetch(`${base}/assets/main-abc123.js`, { headers: { 'accept-encoding': 'br' } });
    expect(compressed.headers.get('content-encoding')).toBe('br');
    expect(compressed.headers.get('vary')).toBe('Accept-Encoding');
    expect(compressed.headers.get('content-type')).toContain('javascript');
    expect(await compressed.text()).toBe('console.log(1)'); // fetch decodes it
    const plain = await fetch(`${base}/assets/main-abc123.js`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe('console.log(1)');
  });

  it('serves the static policy pages', async () => {
    const res = await fetch(`${base}/legal/privacy.html`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(await res.text()).toContain('<h1>Privacy</h1>');
  });

  it('caches hashed assets for a year', async () => {
    const res = await fetch(`${base}/assets/main-abc123.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('answers a missing asset with a plain 404, not the app', async () => {
    const res = await fetch(`${base}/assets/main-old999.js`);
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('<div id="root">');
  });

  it('never answers API paths with the app', async () => {
    const res = await fetch(`${base}/api/missing`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/json');
  });
});
