import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingRequestBody } from '@app/shared/booking-request-fixture';
import { testDatabaseUrl, testRedisUrl } from '../../../test/context';
import { waitUntil } from '../net';
import { REPO_ROOT } from '../repo';
import { loadCompose } from './compose-file';
import { startNativeCompose, type NativeCompose } from './native-compose';
import { nginxBinary } from './native-nginx';
import { SMS_CONSENT_VERSION } from '@app/shared/sms-consent';

/**
 * `docker compose up` without a container engine: docker-compose.yml's services run natively
 * (dev/src/docker/native-compose.ts) on a database of their own, and the product is used through
 * the nginx front as a developer would: a booking reaches the HubSpot emulator, staff sign in
 * with the OpenID provider, the demo customer gets a login code in the SMS inbox.
 * Needs the build (npm test builds first) and nginx (CI installs it; CI_REQUIRE_NGINX=1).
 */
const binary = nginxBinary();
if (!binary && process.env.CI_REQUIRE_NGINX === '1') throw new Error('nginx is required here (CI_REQUIRE_NGINX=1) but not installed');
/** A Redis database of its own: docker-compose.yml keeps the default queue prefix. */
const REDIS_DB = 14;
const DEMO = { email: 'demo.customer@example.com', phone: '+14045550123' };

async function clearQueues(redisUrl: string): Promise<void> {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: null });
  try {
    const keys = await redis.keys('cleaning:*');
    if (keys.length > 0) await redis.del(...keys);
  } finally {
    redis.disconnect();
  }
}

describe.skipIf(!binary)('docker-compose.yml, run natively', { timeout: 60_000 }, () => {
  const database = `compose_${randomBytes(4).toString('hex')}`;
  const admin = new URL(testDatabaseUrl());
  admin.pathname = '/postgres';
  const databaseUrl = Object.assign(new URL(testDatabaseUrl()), { pathname: `/${database}` }).href;
  const redisUrl = Object.assign(new URL(testRedisUrl()), { pathname: `/${REDIS_DB}` }).href;
  let compose: NativeCompose;

  const query = async <T extends pg.QueryResultRow>(url: string, sql: string, values: unknown[] = []): Promise<T[]> => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query<T>(sql, values)).rows;
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    await query(admin.href, `CREATE DATABASE ${database}`);
    await clearQueues(redisUrl);
    compose = await startNativeCompose(loadCompose('docker-compose.yml'), { databaseUrl, redisUrl, webRoot: path.join(REPO_ROOT, 'web', 'dist'), nginxBinary: binary! });
  }, 240_000);

  afterAll(async () => {
    await compose?.close();
    await clearQueues(redisUrl);
    await query(admin.href, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  }, 60_000);

  const front = (p: string, init: RequestInit = {}) => fetch(`${compose.url}${p}`, { redirect: 'manual', ...init });
  const post = (p: string, body: unknown) => front(p, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json', origin: compose.url } });

  it('starts every service, each healthy by its own health check, and serves the site', async () => {
    const home = await front('/');
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('<div id="root">');
    expect((await front('/readyz')).status).toBe(200);
  });

  it('books a cleaning through the front, and the worker pushes it to the HubSpot emulator', async () => {
    const email = `compose.${randomBytes(3).toString('hex')}@example.com`;
    const res = await post('/api/hubspot/portal/requestBooking', bookingRequestBody({ name: 'Casey Compose', email, phone: '+14045551999' }));
    expect(res.status, compose.output()).toBe(201);
    const { request } = (await res.json()) as { request: { dealId: string } };
    const synced = await waitUntil(async () => ((await (await front(`/api/hubspot/portal/bookingStatus?dealId=${request.dealId}`)).json()) as { syncedToCrm: boolean }).syncedToCrm, 30_000, 500);
    expect(synced, compose.output()).toBe(true);
    const contacts = (await (await fetch(`http://127.0.0.1:${compose.ports.hubspot}/_emulator/objects/contacts`)).json()) as { results: { properties: Record<string, string> }[] };
    expect(contacts.results.some((c) => c.properties.email === email)).toBe(true);
  });

  it('signs staff in through the local OpenID provider, back on the front', async () => {
    const cookies = new Map<string, string>();
    const keep = (res: Response) => {
      for (const line of res.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const at = pair!.indexOf('=');
        cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
      }
    };
    const cookie = () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const start = await front('/api/auth/google');
    keep(start);
    expect(start.status).toBe(302);
    const authorize = new URL(start.headers.get('location')!);
    expect(authorize.origin).toBe(`http://127.0.0.1:${compose.ports.oidc}`);
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${compose.url}/api/auth/google/callback`);
    const provider = await fetch(authorize, { redirect: 'manual' });
    const callback = new URL(provider.headers.get('location')!);
    expect(callback.origin).toBe(compose.url);
    const back = await front(`${callback.pathname}${callback.search}`, { headers: { cookie: cookie() } });
    keep(back);
    expect(back.headers.get('location'), compose.output()).toBe('/admin/dashboard');
    const me = await front('/api/auth/me', { headers: { cookie: cookie() } });
    expect(me.status).toBe(200);
  });

  it('texts the demo customer a login code, in the Twilio emulator\'s inbox', async () => {
    // The demo deals are in the emulator; the worker's pull brings them here, which makes the
    // demo customer eligible.
    const pulled = await waitUntil(async () => (await query(databaseUrl, 'SELECT 1 FROM deal d JOIN contact c ON c.id = d.contact_id WHERE c.email = $1', [DEMO.email])).length > 0, 45_000, 1_000);
    expect(pulled, compose.output()).toBe(true);
    const res = await post('/api/portal/auth/request-code', { ...DEMO, code: '', consentVersion: SMS_CONSENT_VERSION });
    expect(res.status, await res.clone().text()).toBe(200);
    const inbox = `http://127.0.0.1:${compose.ports.twilio}/_emulator/messages?to=${encodeURIComponent(DEMO.phone)}`;
    const texted = await waitUntil(async () => ((await (await fetch(inbox)).json()) as { messages: { body: string }[] }).messages.some((m) => /\b\d{6}\b/.test(m.body)), 20_000, 500);
    expect(texted, compose.output()).toBe(true);
  });
});
