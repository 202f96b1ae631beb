import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingRequestBody } from '@app/shared/booking-request-fixture';
import { freePort, waitUntil } from '../dev/src/net';
import { startOidcProvider, type OidcProvider } from '@app/emulators/oidc/provider';
import { createOwnTestDatabase, testRedisUrl, uniqueQueuePrefix } from './context';
import type { TestDatabase } from './database';
import { startSetUpHubSpot, type TestHubSpot } from './hubspot-account';

/**
 * Four processes share this machine with the rest of the suite: a worker may take a budget slot
 * well before its request reaches HubSpot. A second of margin on each window keeps the shared
 * budgets below HubSpot's limits even on a starved host (the assertion below stays exact).
 */
const MULTI_PROCESS_BUDGET_MARGIN_MS = 1_000;

/**
 * More than one of each (docs/deployment.md): two api processes and two workers on
 * one Postgres and one Redis, against the HubSpot emulator. Bookings arrive through both apis at
 * once, some during a HubSpot outage, and staff assign owners through both: every booking
 * reaches HubSpot exactly once, every contact once, every owner, and no request of any worker
 * meets HubSpot's rate limit (the workers share one budget in Redis).
 */
const ROOT = path.resolve(import.meta.dirname, '..');
const CUSTOMERS = 10;

interface Proc {
  name: string;
  child: ChildProcess;
  exited: Promise<unknown>;
}

interface EmulatorRecord {
  id: string;
  properties: Record<string, string | null>;
}

describe('two apis and two workers on one Postgres and Redis', { timeout: 120_000 }, () => {
  let database: TestDatabase;
  let hubspot: TestHubSpot;
  let oidc: OidcProvider;
  const prefix = uniqueQueuePrefix('multi');
  const procs: Proc[] = [];
  const apis: string[] = [];
  let output = '';

  const start = (name: string, entry: string, env: Record<string, string>) => {
    // One plain node process (tsx as a loader), so SIGTERM reaches the entry point itself.
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, entry)], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NODE_ENV: 'development', LOG_LEVEL: 'warn', LOG_FORMAT: 'json', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk: Buffer) => (output += `[${name}] ${chunk.toString()}`));
    procs.push({ name, child, exited: new Promise((resolve) => child.once('exit', resolve)) });
  };

  beforeAll(async () => {
    database = await createOwnTestDatabase('multi');
    hubspot = await startSetUpHubSpot();
    // Two cleaners to assign (a new account has only its super admin).
    for (const [i, name] of ['Alma', 'Bo'].entries()) {
      await fetch(`${hubspot.emulator.url}/_emulator/owners`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ id: `90${i}`, email: `${name.toLowerCase()}@atlantahomecleaning.example`, firstName: name, lastName: 'Cleaner' }),
      });
    }
    oidc = await startOidcProvider({ port: 0 });
    const common = { DATABASE_URL: database.url, REDIS_URL: testRedisUrl(), QUEUE_PREFIX: prefix };
    for (const n of [1, 2]) {
      start(`worker${n}`, 'worker/src/main.ts', { ...common, HUBSPOT_BASE_URL: hubspot.emulator.url, HUBSPOT_ACCESS_TOKEN: hubspot.token, CRM_PULL_INTERVAL_MS: '2000', JOB_RETRY_BASE_MS: '500', PROVIDER_OUTAGE_HOLD_MS: '5000', HUBSPOT_BUDGET_MARGIN_MS: String(MULTI_PROCESS_BUDGET_MARGIN_MS) });
      const port = await freePort();
      apis.push(`http://127.0.0.1:${port}`);
      start(`api${n}`, 'api/src/main.ts', { ...common, PORT: String(port), OIDC_ISSUER_URL: oidc.url, RATE_LIMIT_MAX: '0' });
    }
    const ready = await Promise.all(apis.map((api) => waitUntil(async () => (await fetch(`${api}/readyz`)).ok, 60_000)));
    if (!ready.every(Boolean)) throw new Error(`the apis did not become ready:\n${output}`);
  }, 120_000);

  afterAll(async () => {
    for (const { child } of procs) if (child.exitCode === null) child.kill('SIGTERM');
    await Promise.all(procs.map((p) => p.exited));
    await Promise.all([hubspot?.emulator.close(), oidc?.close()]);
    await database?.drop();
    const redis = new Redis(testRedisUrl(), { maxRetriesPerRequest: null });
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
  }, 60_000);

  const customers = Array.from({ length: CUSTOMERS }, (_, i) => ({
    email: `multi.${i}.${randomBytes(3).toString('hex')}@example.com`,
    phone: `+1404555${String(3000 + i).padStart(4, '0')}`,
  }));
  const book = async (api: string, customer: (typeof customers)[number]): Promise<string> => {
    const res = await fetch(`${api}/api/hubspot/portal/requestBooking`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(bookingRequestBody({ name: 'Morgan Multi', ...customer })),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    return ((await res.json()) as { request: { dealId: string } }).request.dealId;
  };
  const emulatorObjects = async (type: string) => ((await (await fetch(`${hubspot.emulator.url}/_emulator/objects/${type}`)).json()) as { results: EmulatorRecord[] }).results;
  const syncedCount = async (dealIds: readonly string[]) => {
    const statuses = await Promise.all(dealIds.map(async (id) => ((await (await fetch(`${apis[0]}/api/hubspot/portal/bookingStatus?dealId=${id}`)).json()) as { syncedToCrm: boolean }).syncedToCrm));
    return statuses.filter(Boolean).length;
  };
  const dealIds: string[] = [];

  it('takes bookings through both apis at once, also during a HubSpot outage, and each reaches HubSpot exactly once', async () => {
    // Every customer books twice at the same moment, once through each api.
    dealIds.push(...(await Promise.all(customers.flatMap((c) => apis.map((api) => book(api, c))))));
    // HubSpot goes down; each customer books once more meanwhile. It comes back once a worker
    // has met the outage (however slow the machine), or after two minutes at most.
    const faults = `${hubspot.emulator.url}/_emulator/faults`;
    await fetch(faults, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ type: 'outage', seconds: 120 }) });
    dealIds.push(...(await Promise.all(customers.map((c, i) => book(apis[i % 2]!, c)))));
    await waitUntil(async () => hubspot.emulator.requests().some((e) => e.fault === 'outage'), 60_000, 250);
    await fetch(faults, { method: 'DELETE' });
    const all = await waitUntil(async () => (await syncedCount(dealIds)) === dealIds.length, 90_000, 1_000);
    expect(all, `${await syncedCount(dealIds)} of ${dealIds.length} synced\n${output}`).toBe(true);

    const ours = new Set(customers.map((c) => c.email));
    const contacts = (await emulatorObjects('contacts')).filter((c) => ours.has(c.properties.email ?? ''));
    expect(contacts).toHaveLength(CUSTOMERS);
    const deals = (await emulatorObjects('deals')).filter((d) => d.properties.app_request_id && dealIds.includes(d.properties.app_request_id));
    expect(new Set(deals.map((d) => d.properties.app_request_id)).size).toBe(dealIds.length);
    expect(deals).toHaveLength(dealIds.length);
    // The outage was met, and nothing was lost to it.
    const log = hubspot.emulator.requests();
    expect(log.some((e) => e.fault === 'outage')).toBe(true);
  });

  it('assigns owners through both apis with one staff session, and HubSpot gets each', async () => {
    // Staff sign in on the first api; the session (in Postgres) works on the second too.
    const cookies = new Map<string, string>();
    const keep = (res: Response) => {
      for (const line of res.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const at = pair!.indexOf('=');
        cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
      }
    };
    const cookie = () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const startRes = await fetch(`${apis[0]}/api/auth/google`, { redirect: 'manual' });
    keep(startRes);
    const provider = await fetch(startRes.headers.get('location')!, { redirect: 'manual' });
    const back = await fetch(provider.headers.get('location')!, { redirect: 'manual', headers: { cookie: cookie() } });
    keep(back);
    expect(back.headers.get('location')).toBe('/admin/dashboard');

    const staff = (api: string, p: string, body?: unknown) =>
      fetch(`${api}${p}`, { method: body === undefined ? 'GET' : 'POST', headers: { cookie: cookie(), 'content-type': 'application/json' }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    let owners: { id: string; hubspotId: string }[] = [];
    await waitUntil(async () => {
      owners = ((await (await staff(apis[1]!, '/api/internal/admin/owners')).json()) as { id: string; hubspotId: string }[]).filter((o) => ['900', '901'].includes(o.hubspotId));
      return owners.length === 2;
    }, 30_000);
    expect(owners).toHaveLength(2);

    const assigned = dealIds.slice(0, 6).map((dealId, i) => ({ dealId, owner: owners[i % 2]!, api: apis[i % 2]! }));
    expect(assigned).toHaveLength(6);
    for (const { dealId, owner, api } of assigned) expect((await staff(api, `/api/internal/admin/deals/${dealId}/owner`, { ownerId: owner.id })).status).toBe(202);
    const pushed = await waitUntil(async () => {
      const deals = new Map((await emulatorObjects('deals')).map((d) => [d.properties.app_request_id, d.properties.hubspot_owner_id]));
      return assigned.every(({ dealId, owner }) => deals.get(dealId) === owner.hubspotId);
    }, 30_000, 500);
    expect(pushed, output).toBe(true);
  });

  it('held HubSpot\'s rate limit across all workers: no request was refused with 429', () => {
    expect(hubspot.emulator.requests().length).toBeGreaterThan(dealIds.length / 10);
    const refused = hubspot.emulator.requests().filter((e) => e.status === 429);
    expect(refused).toEqual([]);
  });
});
