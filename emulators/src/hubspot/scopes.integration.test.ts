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
    expect(info.scopes).not.toContain('crm.objects.invoices.write');
    expect((await tokenInfo(t, 'someone-elses-token')).status).toBe(401);
  });

  it('answers 403 MISSING_SCOPES naming the scopes any of which would do', async () => {
    const raw = await narrow.crm('POST', '/crm/v3/objects/contacts', { properties: { email: 'x@example.com' } });
    expect(raw.status).toBe(403);
    expect(raw.json).toMatchObject({
      status: 'error',
      category: 'MISSING_SCOPES',
      correlationId: expect.any(String),
      errors: [{ context: { requiredGranularScopes: ['crm.objects.contacts.write'] } }],
    });
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
