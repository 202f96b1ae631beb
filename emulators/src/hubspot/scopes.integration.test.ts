import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CRM_REQUIRED_SCOPES } from '@app/shared/crm-schema';
import { failure, startTestEmulator, TOKEN, type TestEmulator } from './test-kit';

let t: TestEmulator;
let narrow: TestEmulator;
beforeAll(async () => {
  t = await startTestEmulator();
  narrow = await startTestEmulator({ scopes: ['crm.objects.contacts.read'] });
});
afterAll(() => Promise.all([t.emulator.close(), narrow.emulator.close()]));
beforeEach(() => t.emulator.reset());

const tokenInfo = (e: TestEmulator, tokenKey: string) =>
  fetch(`${e.emulator.url}/oauth/v2/private-apps/get/access-token-info`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ tokenKey }),
  });

describe('HubSpot emulator: private-app scopes', () => {
  it('has every scope the product needs plus the read scopes their write scopes imply, readable through access-token-info', async () => {
    const answer = await tokenInfo(t, TOKEN);
    expect(answer.status).toBe(200);
    const info = (await answer.json()) as { userId: number; hubId: number; appId: number; scopes: string[] };
    expect(info).toMatchObject({ userId: expect.any(Number), hubId: expect.any(Number), appId: expect.any(Number) });
    expect(info.scopes).toEqual(expect.arrayContaining([...CRM_REQUIRED_SCOPES, 'crm.schemas.deals.read', 'crm.schemas.contacts.read']));
    // Only what the product needs: no write scope for the companies it only reads.
    expect(info.scopes).not.toContain('crm.objects.companies.write');
    expect((await tokenInfo(t, 'someone-elses-token')).status).toBe(401);
  });

  it('answers 403 MISSING_SCOPES naming the scopes any of which would do', async () => {
    const raw = await narrow.crm('POST', '/crm/v3/objects/contacts', { properties: { email: 'x@example.com' } });
    expect(raw.status).toBe(403);
    // HubSpot's body as integrators have published it, keys in its order.
    expect(raw.json).toEqual({
      status: 'error',
      message: "This app hasn't been granted all required scopes to make this call. Read more about required scopes here: https://developers.hubspot.com/scopes.",
      correlationId: expect.any(String),
      errors: [{ message: 'One or more of the following scopes are required.', context: { requiredGranularScopes: ['crm.objects.contacts.write'] } }],
      links: { scopes: 'https://developers.hubspot.com/scopes' },
      category: 'MISSING_SCOPES',
    });
    expect(Object.keys(raw.json)).toEqual(['status', 'message', 'correlationId', 'errors', 'links', 'category']);
    expect(await narrow.hubspot.crm.contacts.basicApi.getPage()).toMatchObject({ results: [] });
    expect(await failure(narrow.hubspot.crm.deals.basicApi.getPage())).toMatchObject({ code: 403, body: { category: 'MISSING_SCOPES' } });
    expect(await failure(narrow.hubspot.crm.owners.ownersApi.getPage())).toMatchObject({ code: 403 });
    expect(await failure(narrow.hubspot.crm.properties.coreApi.create('contacts', { name: 'x', label: 'x', type: 'string' as never, fieldType: 'text' as never, groupName: 'contactinformation' }))).toMatchObject({
      code: 403,
      body: { errors: [{ context: { requiredGranularScopes: ['crm.schemas.contacts.write'] } }] },
    });
    // Reading properties needs any access to the type.
    expect((await narrow.hubspot.crm.properties.coreApi.getAll('contacts')).results.length).toBeGreaterThan(0);
  });

  it('checks the scope before the body: an empty batch is refused for the scope, and answered empty with it', async () => {
    expect(await narrow.crm('POST', '/crm/v3/objects/deals/batch/update', { inputs: [] })).toMatchObject({ status: 403, json: { category: 'MISSING_SCOPES' } });
    expect(await narrow.crm('POST', '/crm/v3/properties/contacts/batch/create', { inputs: [] })).toMatchObject({
      status: 403,
      json: { errors: [{ context: { requiredGranularScopes: ['crm.schemas.contacts.write'] } }] },
    });
    expect(await narrow.crm('POST', '/crm/v3/objects/deals/batch/update', { nonsense: true })).toMatchObject({ status: 403 });
    expect(await t.crm('POST', '/crm/v3/objects/deals/batch/update', { inputs: [] })).toMatchObject({ status: 200, json: { status: 'COMPLETE', results: [] } });
    expect(await t.crm('POST', '/crm/v3/properties/contacts/batch/create', { inputs: [] })).toMatchObject({ status: 201, json: { results: [] } });
    expect(t.emulator.objects('deals')).toHaveLength(0);
  });

  it('accepts a service key as it accepts a private app token; token-info answers for the private app only', async () => {
    const key = await startTestEmulator({ tokenKind: 'service-key', scopes: ['crm.objects.deals.read'] });
    try {
      expect(key.emulator.config.get().tokenKind).toBe('service-key');
      expect((await key.hubspot.crm.deals.basicApi.getPage(1)).results).toBeDefined();
      expect(await failure(key.hubspot.crm.contacts.basicApi.getPage(1))).toMatchObject({ code: 403, body: { category: 'MISSING_SCOPES' } });
      // HubSpot documents token-info for legacy private apps only: a service key is an unknown token there.
      const info = await tokenInfo(key, TOKEN);
      expect(info.status).toBe(401);
      expect(await info.json()).toMatchObject({ status: 'error', category: 'INVALID_AUTHENTICATION' });
      expect((await key.control('PUT', '/config', { tokenKind: 'private-app' })).json).toMatchObject({ tokenKind: 'private-app' });
      expect((await tokenInfo(key, TOKEN)).status).toBe(200);
      expect((await key.control('PUT', '/config', { tokenKind: 'api-key' })).status).toBe(400);
    } finally {
      await key.emulator.close();
    }
  });

  it('changes the scopes through the control API and in process', async () => {
    const put = await t.control('PUT', '/config', { scopes: ['tickets'] });
    expect(put.json).toMatchObject({ scopes: ['tickets'] });
    expect(await failure(t.hubspot.crm.deals.basicApi.getPage())).toMatchObject({ code: 403 });
    await t.hubspot.crm.tickets.basicApi.getPage();
    const info = (await (await tokenInfo(t, TOKEN)).json()) as { scopes: string[] };
    expect(info.scopes).toEqual(['tickets']);
    t.emulator.config.set({ scopes: [...CRM_REQUIRED_SCOPES] });
    await t.hubspot.crm.deals.basicApi.getPage();
  });
});
