import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestEmulator, type TestEmulator } from './test-kit';

/**
 * The date-versioned associations read the worker makes, served next to v4 with the same
 * answers (in the shape each version's reference gives), the same scopes, limits and faults.
 */
let t: TestEmulator;
let narrow: TestEmulator;
beforeAll(async () => {
  t = await startTestEmulator();
  narrow = await startTestEmulator({ scopes: ['crm.objects.contacts.read'] });
});
afterAll(() => Promise.all([t.emulator.close(), narrow.emulator.close()]));
beforeEach(() => t.emulator.reset());

interface BatchAnswer {
  status: string;
  results: { from: { id: string }; to: { toObjectId: unknown; associationTypes: { category: string; typeId: number }[] }[] }[];
  errors?: { category: string; context: Record<string, string[]> }[];
  numErrors?: number;
  startedAt: string;
  completedAt: string;
}

async function dealWithContact() {
  const contact = t.emulator.createRecord('contacts', { properties: { email: `d${Date.now()}@example.com` } });
  const deal = await t.crm('POST', '/crm/v3/objects/deals', {
    properties: { dealname: 'Deep clean', dealstage: 'appointmentscheduled' },
    associations: [{ to: { id: contact.id }, types: [{ associationCategory: 'HUBSPOT_DEFINED', associationTypeId: 3 }] }],
  });
  expect(deal.status).toBe(201);
  return { dealId: String(deal.json.id), contactId: contact.id };
}

describe('HubSpot emulator: date-versioned associations batch read', () => {
  it('2026-09 answers 200 with string ids, and an input without associations as an error in the body', async () => {
    const { dealId, contactId } = await dealWithContact();
    const bare = t.emulator.createRecord('companies', { properties: { name: 'No deals' } });
    const answer = await t.crm('POST', '/crm/associations/2026-09/deals/contacts/batch/read', { inputs: [{ id: dealId }, { id: '99999999' }] });
    expect(answer.status).toBe(200);
    const body = answer.json as unknown as BatchAnswer;
    expect(body).toMatchObject({ status: 'COMPLETE', startedAt: expect.any(String), completedAt: expect.any(String), numErrors: 1 });
    expect(body.results).toEqual([{ from: { id: dealId }, to: [{ toObjectId: contactId, associationTypes: [{ category: 'HUBSPOT_DEFINED', typeId: 3 }] }] }]);
    expect(body.errors?.[0]).toMatchObject({ category: 'OBJECT_NOT_FOUND', context: { fromObjectId: ['99999999'] } });
    // Object types by singular or id, as in every CRM path.
    const byId = await t.crm('POST', '/crm/associations/2026-09/0-2/deals/batch/read', { inputs: [{ id: bare.id }] });
    expect(byId.status).toBe(200);
    expect((byId.json as unknown as BatchAnswer).results).toEqual([]);
  });

  it('2026-03 answers per-input errors with 207, as v4 does; v4 keeps numeric ids', async () => {
    const { dealId, contactId } = await dealWithContact();
    const march = await t.crm('POST', '/crm/associations/2026-03/deals/contacts/batch/read', { inputs: [{ id: dealId }, { id: '99999999' }] });
    expect(march.status).toBe(207);
    expect((march.json as unknown as BatchAnswer).results[0]?.to[0]?.toObjectId).toBe(contactId);
    const v4 = await t.crm('POST', '/crm/v4/associations/deals/contacts/batch/read', { inputs: [{ id: dealId }] });
    expect(v4.status).toBe(200);
    expect((v4.json as unknown as BatchAnswer).results[0]?.to[0]?.toObjectId).toBe(Number(contactId));
  });

  it('serves only the generally available date versions, and checks the body like any batch', async () => {
    for (const version of ['2025-09', '2026-09-beta', '2027-03']) {
      const answer = await t.crm('POST', `/crm/associations/${version}/deals/contacts/batch/read`, { inputs: [{ id: '1' }] });
      expect(answer.status, version).toBe(404);
      expect(answer.json).toMatchObject({ category: 'OBJECT_NOT_FOUND' });
    }
    const noInputs = await t.crm('POST', '/crm/associations/2026-09/deals/contacts/batch/read', {});
    expect(noInputs.status).toBe(400);
    expect(noInputs.json).toMatchObject({ category: 'VALIDATION_ERROR' });
  });

  it('needs the same scopes as v4: 403 MISSING_SCOPES without access to the from type', async () => {
    const answer = await narrow.crm('POST', '/crm/associations/2026-09/deals/contacts/batch/read', { inputs: [{ id: '1' }] });
    expect(answer.status).toBe(403);
    expect(answer.json).toMatchObject({ category: 'MISSING_SCOPES', errors: [{ context: { requiredGranularScopes: ['crm.objects.deals.read', 'crm.objects.deals.write'] } }] });
    const v4 = await narrow.crm('POST', '/crm/v4/associations/deals/contacts/batch/read', { inputs: [{ id: '1' }] });
    expect(v4.status).toBe(403);
  });

  it('counts against the same rate limit and takes the same faults', async () => {
    const limit = t.emulator.rateLimit.get();
    t.emulator.rateLimit.set({ max: 2, intervalMs: 10_000 });
    const read = () => t.crm('POST', '/crm/associations/2026-09/deals/contacts/batch/read', { inputs: [{ id: '1' }] });
    expect((await t.crm('GET', '/crm/v3/owners')).status).toBe(200);
    expect((await read()).status).toBe(200);
    const limited = await read();
    expect(limited.status).toBe(429);
    expect(limited.json).toMatchObject({ errorType: 'RATE_LIMIT', policyName: 'TEN_SECONDLY_ROLLING' });
    t.emulator.rateLimit.set(limit);
    t.emulator.reset();
    t.emulator.faults.outage(5);
    expect((await read()).status).toBe(503);
    t.emulator.faults.clear();
    expect(t.emulator.requests().at(-1)).toMatchObject({ method: 'POST', path: '/crm/associations/2026-09/deals/contacts/batch/read', status: 503, fault: 'outage' });
  });
});
