import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../net';
import { REPO_ROOT } from '../repo';
import { nginxBinary, startNativeNginx, type NativeNginx } from './native-nginx';

/**
 * The web image's nginx front (dev/docker/nginx), run by this machine's nginx against the built
 * site: what docker compose serves, tested without a container engine. CI installs nginx
 * (CI_REQUIRE_NGINX=1); elsewhere the file is skipped when there is none.
 */
const binary = nginxBinary();
if (!binary && process.env.CI_REQUIRE_NGINX === '1') throw new Error('nginx is required here (CI_REQUIRE_NGINX=1) but not installed');
const DIST = path.join(REPO_ROOT, 'web', 'dist');
const file = (name: string) => readFileSync(path.join(DIST, name), 'utf8');

/** Stands in for the api: answers every request with what it saw. */
async function startEchoApi(): Promise<{ origin: string; seen: IncomingHttpHeaders[]; server: Server }> {
  const seen: IncomingHttpHeaders[] = [];
  const server = createServer((req, res) => {
    seen.push(req.headers);
    const status = req.url === '/api/missing' ? 404 : 200;
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ path: req.url, status }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen, server };
}

function expectSecurityHeaders(res: Response, where: string): void {
  expect(res.headers.get('content-security-policy'), where).toMatch(/^default-src 'self'.*frame-ancestors 'none'$/);
  expect(res.headers.get('x-content-type-options'), where).toBe('nosniff');
  expect(res.headers.get('referrer-policy'), where).toBe('strict-origin-when-cross-origin');
  expect(res.headers.get('x-frame-options'), where).toBe('DENY');
}

describe.skipIf(!binary)('the docker compose web front (nginx), plain HTTP', () => {
  let nginx: NativeNginx;
  let api: Awaited<ReturnType<typeof startEchoApi>>;
  beforeAll(async () => {
    api = await startEchoApi();
    nginx = await startNativeNginx(binary!, { webRoot: DIST, apiOrigin: api.origin, server: 'http.conf', ports: { http: await freePort() } });
  });
  afterAll(async () => {
    await nginx?.close();
    api?.server.close();
  });
  const get = (p: string, headers: Record<string, string> = {}) => fetch(`${nginx.url}${p}`, { headers, redirect: 'manual' });

  it('serves each page\'s pre-rendered HTML under its route, its area\'s frame for the others, uncached', async () => {
    const pages: Array<[string, string]> = [
      ['/', 'prerendered/index.html'],
      ['/about', 'prerendered/about.html'],
      ['/about/', 'prerendered/about.html'],
      ['/pricing', 'prerendered/pricing.html'],
      ['/legal', 'prerendered/legal.html'],
      ['/booking', 'frames/site.html'],
      ['/portal', 'frames/site.html'],
      ['/admin/ScheduledSnapshot', 'frames/staff.html'],
      ['/cleaner/', 'frames/staff.html'],
      ['/legal/privacy.html', 'legal/privacy.html'],
    ];
    for (const [route, source] of pages) {
      const res = await get(route);
      expect(res.status, route).toBe(200);
      expect(res.headers.get('content-type'), route).toContain('text/html');
      expect(res.headers.get('cache-control'), route).toBe('no-cache');
      expectSecurityHeaders(res, route);
      expect(await res.text(), route).toBe(file(source));
    }
  });

  it('sends noindex with sign-in, the portal and the staff area, and serves the sitemap and robots.txt the build wrote', async () => {
    for (const route of ['/login', '/login?step=code', '/portal/', '/admin/ScheduledSnapshot', '/booking/confirmation?dealId=1', '/checkout-success']) {
      expect((await get(route)).headers.get('x-robots-tag'), route).toBe('noindex');
    }
    for (const route of ['/', '/pricing', '/booking', '/booking?service=Basic%20Clean', '/legal/privacy.html', '/loginx']) {
      expect((await get(route)).headers.get('x-robots-tag'), route).toBeNull();
    }
    for (const name of ['sitemap.xml', 'robots.txt']) {
      const res = await get(`/${name}`);
      expect(res.status, name).toBe(200);
      expect(await res.text(), name).toBe(file(name));
    }
  });

  it('answers a path that is no page with the not-found page and status 404, also for the pre-rendered files\' own names', async () => {
    for (const route of ['/nope', '/About', '/about/x', '/prerendered/about.html', '/frames/site.html', '/metrics']) {
      const res = await get(route);
      expect(res.status, route).toBe(404);
      expectSecurityHeaders(res, route);
      expect(await res.text(), route).toBe(file('prerendered/404.html'));
    }
  });

  it('serves hashed assets for a year, precompressed when the browser takes gzip', async () => {
    const asset = readdirSync(path.join(DIST, 'assets')).find((f) => f.endsWith('.js') && readdirSync(path.join(DIST, 'assets')).includes(`${f}.gz`));
    expect(asset).toBeDefined();
    const res = await get(`/assets/${asset}`, { 'accept-encoding': 'gzip' });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expectSecurityHeaders(res, asset!);
    expect(await res.text()).toBe(file(`assets/${asset}`));
  });

  it('passes /api, the queue dashboard and the health checks to the api with the client\'s address and scheme, never a client\'s X-Forwarded-Host', async () => {
    for (const route of ['/api/anything', '/admin/queues', '/healthz', '/readyz']) {
      const res = await get(route, { 'x-forwarded-for': '203.0.113.9', 'x-forwarded-host': 'evil.example' });
      expect(res.status, route).toBe(200);
      expect(await res.json(), route).toMatchObject({ path: route });
      const headers = api.seen.at(-1)!;
      expect(headers['x-forwarded-for'], route).toBe('203.0.113.9, 127.0.0.1');
      expect(headers['x-forwarded-proto'], route).toBe('http');
      expect(headers['x-forwarded-host'], route).toBeUndefined();
      expect(headers.host, route).toBe(new URL(nginx.url).host);
    }
    // The api's own 404 passes through as it is (JSON), not as the site's not-found page.
    const missing = await get('/api/missing');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ path: '/api/missing', status: 404 });
  });
});

/** GET over HTTPS to a self-signed certificate. */
function httpsGet(url: string): Promise<{ status: number; headers: IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpsRequest(url, { rejectUnauthorized: false }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe.skipIf(!binary)('the production web front (nginx), HTTPS', () => {
  let nginx: NativeNginx;
  let api: Awaited<ReturnType<typeof startEchoApi>>;
  let httpsPort: number;
  let tlsDir: string;
  beforeAll(async () => {
    tlsDir = mkdtempSync(path.join(tmpdir(), 'front-tls-'));
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1', '-keyout', path.join(tlsDir, 'privkey.pem'), '-out', path.join(tlsDir, 'fullchain.pem')], { stdio: 'ignore' });
    api = await startEchoApi();
    httpsPort = await freePort();
    nginx = await startNativeNginx(binary!, { webRoot: DIST, apiOrigin: api.origin, server: 'https.conf', ports: { http: await freePort(), https: httpsPort }, tlsDir });
  });
  afterAll(async () => {
    await nginx?.close();
    api?.server.close();
    if (tlsDir) rmSync(tlsDir, { recursive: true, force: true });
  });

  it('sends plain HTTP to HTTPS', async () => {
    const res = await fetch(`${nginx.url}/about?x=1`, { redirect: 'manual' });
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe(`https://127.0.0.1:${httpsPort}/about?x=1`);
  });

  it('serves the pages with HSTS and tells the api the request came over HTTPS', async () => {
    const page = await httpsGet(`https://127.0.0.1:${httpsPort}/about`);
    expect(page.status).toBe(200);
    expect(page.body).toBe(file('prerendered/about.html'));
    expect(page.headers['strict-transport-security']).toBe('max-age=63072000; includeSubDomains');
    const proxied = await httpsGet(`https://127.0.0.1:${httpsPort}/api/anything`);
    expect(proxied.status).toBe(200);
    expect(api.seen.at(-1)!['x-forwarded-proto']).toBe('https');
  });
});
