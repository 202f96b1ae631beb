import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createPrismaClient, type Db } from '@app/db/client';
import { createLogger } from '@app/runtime/logger';
import { DEFAULT_SCOPES } from '@app/emulators/hubspot/scopes';
import { startHubSpotEmulator, type HubSpotEmulator } from '@app/emulators/hubspot/server';
import { createOwnTestDatabase } from '../../../../test/context';
import type { TestDatabase } from '../../../../test/database';
import { uniqueFirstObjectId } from '../../../../test/hubspot-ids';
import { createHubSpotClient } from '../hubspot-client';
import { createHubSpotCall } from '../hubspot-gateway';
import { localRequestBudget } from '../request-budget';
import { createAccountApi } from './account-api';
import { startAccountGate, type AccountGate } from './account-gate';
import { crmAccount } from './crm-account';

const TOKEN = 'gate-test-service-key';
const log = createLogger({ service: 'account-gate-test', level: 'silent', format: 'json' });

/**
 * The worker's start-up check with a service key (token-info does not list its scopes): the crm
 * queue stays held while a scope is missing, as for any missing item, and opens once it is added.
 */
describe('the worker’s account gate with a service key', () => {
  let database: TestDatabase;
  let db: Db;
  let hubspot: HubSpotEmulator;
  let gate: AccountGate | undefined;

  beforeAll(async () => {
    database = await createOwnTestDatabase('account_gate');
    db = createPrismaClient(database.url);
  }, 60_000);
  afterEach(async () => {
    gate?.stop();
    await hubspot?.close();
    // Each test starts as a worker that never checked an account.
    await db.crmAccountStatus.deleteMany();
  });
  afterAll(async () => {
    await db.$disconnect();
    await database.drop();
  });

  /** The worker's gate on the emulator's account, as main.ts starts it; `opened` counts the crm queue's release. */
  function startGate(recheckMs: number) {
    const account = crmAccount();
    let released = 0;
    const api = createAccountApi({
      client: createHubSpotClient({ accessToken: TOKEN, basePath: hubspot.url, timeoutMs: 5_000 }),
      call: createHubSpotCall(localRequestBudget({ max: 100, windowMs: 10_000 })),
      accessToken: TOKEN,
      basePath: hubspot.url,
      timeoutMs: 5_000,
    });
    gate = startAccountGate({ api, db, account, log, pipelines: { dealPipelineId: 'default', ticketPipelineId: '0' }, recheckMs, onReady: async () => void released++ });
    return { account, opened: () => released };
  }

  it('holds the crm queue while the key lacks a scope, names it, rechecks only what was missing, and opens once it is added', async () => {
    // The account is set up (the emulator's ready start); only the key lacks the deals write scope.
    hubspot = await startHubSpotEmulator({
      port: 0,
      accessToken: TOKEN,
      tokenKind: 'service-key',
      scopes: DEFAULT_SCOPES.filter((s) => s !== 'crm.objects.deals.write'),
      firstObjectId: uniqueFirstObjectId(),
    });
    const { account, opened } = startGate(300);

    const status = () => db.crmAccountStatus.findUnique({ where: { id: 1 } });
    await expect.poll(async () => (await status())?.problems, { timeout: 10_000 }).toEqual([
      'scope crm.objects.deals.write: missing (bookings become deals; owner assignments: add crm.objects.deals.write to the service key (or private app))',
    ]);
    expect((await status())?.ready).toBe(false);
    // Held: the crm queue is not released.
    expect(opened()).toBe(0);

    // Rechecks try the missing scope again, not the ones found, and do not ask token-info again.
    const tries = (path: string, method = 'GET') => hubspot.requests().filter((r) => r.path.replace(/\/$/, '') === path && r.method === method).length;
    await expect.poll(() => tries('/crm/v3/objects/deals/batch/update', 'POST'), { timeout: 10_000 }).toBeGreaterThanOrEqual(3);
    expect(opened()).toBe(0);
    expect(tries('/crm/v3/objects/contacts')).toBe(1);
    expect(tries('/crm/v3/owners')).toBe(1);
    expect(tries('/oauth/v2/private-apps/get/access-token-info', 'POST')).toBe(1);

    hubspot.config.set({ scopes: [...DEFAULT_SCOPES] });
    await expect.poll(() => opened(), { timeout: 10_000 }).toBe(1);
    expect(await status()).toMatchObject({ ready: true, problems: [] });
    expect(account.stages()).toBeDefined();
    // Once ready, the gate stops checking: no request runs in the background.
    const settled = hubspot.requests().length;
    await new Promise((resolve) => setTimeout(resolve, 900));
    expect(hubspot.requests()).toHaveLength(settled);
  });

  it('checks again as soon as HubSpot’s burst limit allows, not a whole recheck interval later', async () => {
    hubspot = await startHubSpotEmulator({ port: 0, accessToken: TOKEN, tokenKind: 'service-key', firstObjectId: uniqueFirstObjectId() });
    // Another process (crm:setup just before the worker started) filled the account's 10 seconds.
    hubspot.faults.add({ type: 'next', count: 1, status: 429, retryAfterSeconds: 1 });
    const { opened } = startGate(60_000);
    await expect.poll(() => opened(), { timeout: 10_000 }).toBe(1);
    expect(hubspot.requests().some((r) => r.status === 429)).toBe(true);
  });

  it('checks again a few seconds after a check that met an outage, not a whole recheck interval later', async () => {
    // A worker that starts during an outage with no stored stage map (a new database) holds its
    // crm queue until a check answers: it used to wait the whole recheck interval (60 s).
    hubspot = await startHubSpotEmulator({ port: 0, accessToken: TOKEN, tokenKind: 'service-key', firstObjectId: uniqueFirstObjectId() });
    hubspot.faults.outage(1);
    const { opened } = startGate(60_000);
    await expect.poll(() => opened(), { timeout: 10_000 }).toBe(1);
    const refused = hubspot.requests().filter((r) => r.fault === 'outage');
    // A check that meets the outage stops at its first request.
    expect(refused).toHaveLength(1);
  });

  it('holds the crm queue when HubSpot refuses the token, at one request per check', async () => {
    hubspot = await startHubSpotEmulator({ port: 0, accessToken: 'the-real-key', tokenKind: 'service-key', firstObjectId: uniqueFirstObjectId() });
    const { opened } = startGate(300);
    await expect.poll(async () => (await db.crmAccountStatus.findUnique({ where: { id: 1 } }))?.problems, { timeout: 10_000 }).toEqual([
      expect.stringMatching(/^token: failed \(HubSpot does not accept HUBSPOT_ACCESS_TOKEN/),
    ]);
    await expect.poll(() => hubspot.requests().length, { timeout: 10_000 }).toBeGreaterThanOrEqual(3);
    gate?.stop();
    expect(hubspot.requests().every((r) => r.status === 401)).toBe(true);
    expect(opened()).toBe(0);
  });
});
