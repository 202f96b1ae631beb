import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAGE } from '@app/shared/deal-stages';
import { bookingRequestBody } from '@app/shared/booking-request-fixture';
import { testDatabaseUrl, testRedisUrl } from '../../../../test/context';
import { startSetUpHubSpot, type TestHubSpot } from '../../../../test/hubspot-account';
import { createCustomer, signIn, TestBrowser, type TestCustomer } from '../../../../test/portal-app';
import { staffSignIn, startStaffApi, type StaffApi } from '../../../../test/staff-app';
import { addDeal, addOwner } from '../../../../test/staff-fixtures';
import { PROCESS_START_MS, workerChildren } from '../../../../test/worker-child';
import { revealForCleaner } from './cleaner-reveal';
import { DEV_HOME_SECRET_KEYS, keyringOf } from './sealing';

const START = new Date('2026-12-10T13:00:00Z');
const PATH = '/api/portal/home-profile';
/** Codes no other text could contain by chance. */
const codes = Array.from({ length: 3 }, () => `Zq${randomBytes(8).toString('hex')}`);

/** A code as any of the forms a store could hold it in: as typed, and as hex (how Postgres prints bytes). */
const forms = (code: string) => [code, Buffer.from(code, 'utf8').toString('hex')];
const leaked = (text: string) => codes.flatMap(forms).filter((form) => text.includes(form));

interface Recorded {
  method: string;
  url: string;
  body: string;
}

/** Between the worker and the HubSpot emulator: every request, with its body, as HubSpot would receive it. */
async function recordingProxy(target: string): Promise<{ url: string; requests: Recorded[]; close: () => Promise<void> }> {
  const requests: Recorded[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      requests.push({ method: req.method ?? '', url: req.url ?? '', body: body.toString('utf8') });
      const headers = Object.fromEntries(Object.entries(req.headers).filter(([k, v]) => typeof v === 'string' && !['host', 'content-length', 'connection'].includes(k))) as Record<string, string>;
      fetch(`${target}${req.url ?? ''}`, { method: req.method ?? 'GET', headers, ...(body.length > 0 ? { body } : {}) })
        .then(async (answer) => {
          const text = Buffer.from(await answer.arrayBuffer());
          res.writeHead(answer.status, Object.fromEntries([...answer.headers].filter(([k]) => !['content-length', 'content-encoding', 'transfer-encoding', 'connection'].includes(k))));
          res.end(text);
        })
        .catch(() => {
          res.writeHead(502);
          res.end();
        });
    });
  });
  server.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Everything the queue store holds under the test's prefix, as text (job data, events, schedules). */
async function queueStoreText(prefix: string): Promise<{ keys: number; text: string }> {
  const redis = new Redis(testRedisUrl(), { maxRetriesPerRequest: null });
  try {
    const keys = await redis.keys(`${prefix}:*`);
    const parts: string[] = [];
    for (const key of keys) {
      const type = await redis.type(key);
      const value =
        type === 'string' ? await redis.get(key)
        : type === 'hash' ? await redis.hgetall(key)
        : type === 'list' ? await redis.lrange(key, 0, -1)
        : type === 'set' ? await redis.smembers(key)
        : type === 'zset' ? await redis.zrange(key, '0', '-1')
        : type === 'stream' ? await redis.xrange(key, '-', '+')
        : null;
      parts.push(`${key} ${JSON.stringify(value)}`);
    }
    return { keys: keys.length, text: parts.join('\n') };
  } finally {
    redis.disconnect();
  }
}

/**
 * A customer's entry codes are in no table but their sealed rows, no job, no outbox event, no
 * request to HubSpot and no log line (docs/home-profile.md): a customer saves, replaces and
 * adds codes, an admin and the cleaner of the day reveal them, while a booking of the same
 * customer goes the whole way to HubSpot through the outbox and a worker process. Then every
 * store is searched for the codes.
 */
describe('entry codes are never leaked', { timeout: 240_000 }, () => {
  let api: StaffApi;
  let hubspot: TestHubSpot;
  let proxy: Awaited<ReturnType<typeof recordingProxy>>;
  let customer: TestCustomer;
  const logLines: string[] = [];
  const workers = workerChildren();

  beforeAll(async () => {
    api = await startStaffApi('never-leaked', START, {}, { logLines });
    hubspot = await startSetUpHubSpot();
    proxy = await recordingProxy(hubspot.emulator.url);
    customer = await createCustomer(api.db, { with: 'invite' });
  }, 60_000);

  afterAll(async () => {
    await workers.stopAll();
    await proxy?.close();
    await hubspot?.emulator.close();
    await api?.close();
  });

  it('keeps them out of the database, the outbox, job data, HubSpot and the logs', async () => {
    const browser = new TestBrowser(api.url);
    await signIn(api, browser, customer);
    const admin = new TestBrowser(api.url);
    await staffSignIn(api, admin);

    // The customer's booking: something that does go to HubSpot, so its path is watched at work.
    const booking = await browser.post('/api/hubspot/portal/requestBooking', bookingRequestBody({ email: customer.email, phone: customer.phone }, START));
    expect(booking.status, await booking.clone().text()).toBe(201);

    // Save, replace, add; an admin's reveal and the cleaner's on the day.
    expect((await browser.request(PATH, { method: 'PUT', body: { accessInstructions: 'Gate, then the side door', parking: '', pets: 'A dog', careNotes: '' } })).status).toBe(200);
    const added = await browser.post(`${PATH}/secrets`, { kind: 'door', label: 'Side door', value: codes[0] });
    expect(added.status).toBe(201);
    const doorId = ((await added.json()) as { secret: { id: string } }).secret.id;
    expect((await browser.request(`${PATH}/secrets/${doorId}`, { method: 'PUT', body: { kind: 'door', label: 'Side door', value: codes[1] } })).status).toBe(200);
    const alarm = await browser.post(`${PATH}/secrets`, { kind: 'alarm', label: 'Alarm', value: codes[2] });
    const alarmId = ((await alarm.json()) as { secret: { id: string } }).secret.id;
    // Refused attempts too: a validation error must not echo the code either.
    expect((await browser.post(`${PATH}/secrets`, { kind: 'safe', label: 'Safe', value: codes[0] })).status).toBe(400);

    const revealed = await admin.post(`/api/internal/admin/customers/${customer.id}/home-profile/secrets/${doorId}/reveal`, { reason: 'Customer locked out, called the office.' });
    expect(await revealed.json()).toMatchObject({ value: codes[1] });
    const cleaner = await addOwner(api.db, 'Alma', 'Cleaner');
    const deal = await addDeal(api.db, { contactId: customer.id, stageId: STAGE.CLEANING_SCHEDULED, scheduledAt: new Date('2026-12-10T15:00:00Z'), ownerId: cleaner.id });
    const onTheDay = await revealForCleaner(
      { db: api.db, homeSecrets: keyringOf(DEV_HOME_SECRET_KEYS) },
      { dealId: deal.id, secretId: alarmId, cleanerOwnerId: cleaner.id, cleanerEmail: cleaner.email!, now: START },
    );
    expect(onTheDay).toMatchObject({ ok: true, value: codes[2] });

    // The worker takes everything the outbox holds to HubSpot (through the recording proxy).
    const worker = workers.start({
      DATABASE_URL: testDatabaseUrl(),
      REDIS_URL: testRedisUrl(),
      QUEUE_PREFIX: api.prefix,
      HUBSPOT_ACCESS_TOKEN: hubspot.token,
      HUBSPOT_BASE_URL: proxy.url,
      CRM_ACCOUNT_RECHECK_MS: '1000',
      CRM_PULL_INTERVAL_MS: '0',
      CRM_SWEEP_INTERVAL_MS: '0',
      CUSTOMER_TEXTS_OFF: 'request_received',
    });
    const dealId = ((await booking.json()) as { request: { dealId: string } }).request.dealId;
    await expect.poll(async () => (await api.db.deal.findUniqueOrThrow({ where: { id: dealId } })).crmSyncedAt !== null, { timeout: PROCESS_START_MS + 60_000, interval: 500 }).toBe(true);

    // HubSpot: every request the worker sent, with its body, and every record the account holds.
    expect(proxy.requests.some((r) => r.method === 'POST' && r.body.includes(customer.email))).toBe(true);
    expect(leaked(proxy.requests.map((r) => `${r.method} ${r.url}\n${r.body}`).join('\n'))).toEqual([]);
    const records = ['contacts', 'deals', 'notes', 'tickets', 'line_items'].map((type) => JSON.stringify(hubspot.emulator.objects(type, true))).join('\n');
    expect(records).toContain(customer.email);
    expect(leaked(records)).toEqual([]);

    // The outbox, by name; then every table of the database.
    const outbox = await api.db.$queryRaw<{ row: string }[]>`SELECT o::text AS row FROM outbox_event o`;
    expect(outbox.some((o) => o.row.includes('crm.push-booking'))).toBe(true);
    expect(leaked(outbox.map((o) => o.row).join('\n'))).toEqual([]);
    const tables = await api.db.$queryRaw<{ name: string }[]>`SELECT table_name::text AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`;
    expect(tables.map((t) => t.name)).toContain('home_secret');
    for (const { name } of tables) {
      const rows = await api.db.$queryRawUnsafe<{ row: string }[]>(`SELECT t::text AS row FROM "${name.replaceAll('"', '""')}" t`);
      expect(leaked(rows.map((r) => r.row).join('\n')), `table ${name}`).toEqual([]);
    }

    // Job data: everything under the queues' prefix in Redis.
    const store = await queueStoreText(api.prefix);
    expect(store.keys).toBeGreaterThan(0);
    expect(leaked(store.text)).toEqual([]);

    // The api's logs, at every level, through its own logger settings.
    expect(logLines.some((line) => line.includes(`${PATH}/secrets`))).toBe(true);
    expect(leaked(logLines.join('\n'))).toEqual([]);
    // ...and the worker's.
    expect(worker.output()).toContain('HubSpot account ready');
    expect(leaked(worker.output())).toEqual([]);
  });
});
