import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { UnrecoverableError } from 'bullmq';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startHubSpotEmulator, type HubSpotEmulator } from '@app/emulators/hubspot/server';
import { ProviderUnavailableError, RateLimitedError } from '../jobs/job-errors';
import { createHubSpotClient } from './hubspot-client';
import { createHubSpotGateway } from './hubspot-gateway';
import { HUBSPOT_DATE_VERSION } from './hubspot-versions';
import { localRequestBudget, type RequestBudget } from './request-budget';

const TOKEN = 'associations-test-token';

/**
 * The pull's associations read goes to HubSpot's date version as plain HTTP, behind the same
 * gateway as the SDK calls: the same token, base URL and deadline, a slot of the same budget,
 * and failures sorted for BullMQ the same way.
 */
describe('gateway.associatedIds on the date version', () => {
  let emulator: HubSpotEmulator;
  let narrow: HubSpotEmulator;
  let slots = 0;
  const budget: RequestBudget = (() => {
    const inner = localRequestBudget({ max: 1_000, windowMs: 10_000 });
    return { ...inner, take: async () => { slots++; await inner.take(); } };
  })();
  const gateway = (on: HubSpotEmulator, timeoutMs = 2_000) => createHubSpotGateway(createHubSpotClient({ accessToken: TOKEN, basePath: on.url, timeoutMs }), budget);

  beforeAll(async () => {
    emulator = await startHubSpotEmulator({ accessToken: TOKEN });
    narrow = await startHubSpotEmulator({ accessToken: TOKEN, scopes: ['crm.objects.contacts.read'] });
  });
  afterAll(() => Promise.all([emulator.close(), narrow.close()]));
  beforeEach(() => {
    emulator.reset();
    slots = 0;
  });

  it('reads each deal\'s contacts at /crm/associations/2026-09, 100 deals a request, one budget slot each', async () => {
    const contact = emulator.createRecord('contacts', { properties: { email: 'pat@example.com' } });
    const deals = Array.from({ length: 101 }, (_, i) => emulator.createRecord('deals', { properties: { dealname: `Clean ${i}` }, associations: [{ type: 'contacts', id: contact.id }] }));
    const lonely = emulator.createRecord('deals', { properties: { dealname: 'No contact' } });
    emulator.clearRequests();

    const map = await gateway(emulator).associatedIds('deals', 'contacts', [...deals.map((d) => d.id), lonely.id]);
    expect(map.size).toBe(101);
    for (const deal of deals) expect(map.get(deal.id)).toEqual([contact.id]);
    expect(map.has(lonely.id)).toBe(false);
    expect(emulator.requests().map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
      `POST /crm/associations/${HUBSPOT_DATE_VERSION}/deals/contacts/batch/read 200`,
      `POST /crm/associations/${HUBSPOT_DATE_VERSION}/deals/contacts/batch/read 200`,
    ]);
    expect(slots).toBe(2);
  });

  it('sorts failures as every HubSpot call: 429 pauses, 5xx and timeouts retry, a missing scope stops', async () => {
    const hubspot = gateway(emulator, 300);
    emulator.faults.next(1, { status: 429, retryAfterSeconds: 3 });
    await expect(hubspot.associatedIds('deals', 'contacts', ['1'])).rejects.toMatchObject({ constructor: RateLimitedError, retryAfterMs: 3_000 });
    emulator.faults.next(1, { status: 502, body: 'html' });
    await expect(hubspot.associatedIds('deals', 'contacts', ['1'])).rejects.toThrow(ProviderUnavailableError);
    emulator.faults.next(1, { timeoutMs: 2_000 });
    await expect(hubspot.associatedIds('deals', 'contacts', ['1'])).rejects.toThrow(/read deals->contacts associations: timeout/);
    const refused = await gateway(narrow).associatedIds('deals', 'contacts', ['1']).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(UnrecoverableError);
    expect((refused as Error).message).toMatch(/read deals->contacts associations: HTTP 403: This app hasn't been granted all required scopes/);
    // A port nothing listens on (fetch refuses well-known ports such as 9 outright).
    const closed = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as AddressInfo;
        server.close(() => resolve(port));
      });
    });
    const unreachable = createHubSpotGateway(createHubSpotClient({ accessToken: TOKEN, basePath: `http://127.0.0.1:${closed}`, timeoutMs: 1_000 }), budget);
    await expect(unreachable.associatedIds('deals', 'contacts', ['1'])).rejects.toThrow(/ECONNREFUSED/);
  });

  it('sends the token it was built with: another one is refused (401, unrecoverable)', async () => {
    const wrong = createHubSpotGateway(createHubSpotClient({ accessToken: 'not-the-token', basePath: emulator.url }), budget);
    await expect(wrong.associatedIds('deals', 'contacts', ['1'])).rejects.toThrow(/HTTP 401: Authentication credentials not found/);
  });
});
