import { FilterOperatorEnum as Op } from '@hubspot/api-client/lib/codegen/crm/deals/models/Filter.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { STAGE } from '@app/shared/deal-stages';
import { failure, sleep, startTestEmulator, type TestEmulator } from './test-kit';

const LAG = 400;
let t: TestEmulator;
beforeAll(async () => {
  t = await startTestEmulator({ indexLagMs: LAG });
});
afterAll(() => t.emulator.close());
beforeEach(() => {
  t.emulator.reset();
  t.emulator.config.set({ indexLagMs: LAG, rateLimit: { max: 100, intervalMs: 10_000 }, searchRateLimit: { max: 4, intervalMs: 1_000 } });
});

const byKey = (key: string) =>
  t.hubspot.crm.deals.searchApi.doSearch({
    filterGroups: [{ filters: [{ propertyName: 'app_request_id', operator: Op.Eq, value: key }] }],
    properties: ['dealname', 'app_request_id'],
  });

describe('HubSpot emulator: search reads an index that trails writes', () => {
  it('does not find a new record until the lag has passed, though reading it by id does', async () => {
    const deal = await t.hubspot.crm.deals.basicApi.create({ properties: { dealname: 'v1', dealstage: STAGE.CLEAN_REQUESTED, app_request_id: 'k1' }, associations: [] });
    expect((await byKey('k1')).total).toBe(0);
    expect((await t.hubspot.crm.deals.basicApi.getById(deal.id)).id).toBe(deal.id);
    await sleep(LAG + 100);
    expect((await byKey('k1')).results.map((r) => r.id)).toEqual([deal.id]);
  });

  it('shows old values of a changed record, and still finds an archived one, until the lag has passed', async () => {
    const deal = await t.hubspot.crm.deals.basicApi.create({ properties: { dealname: 'v1', dealstage: STAGE.CLEAN_REQUESTED, app_request_id: 'k2' }, associations: [] });
    await sleep(LAG + 100);
    await t.hubspot.crm.deals.basicApi.update(deal.id, { properties: { dealname: 'v2' } });
    expect((await byKey('k2')).results[0]?.properties.dealname).toBe('v1');
    await sleep(LAG + 100);
    expect((await byKey('k2')).results[0]?.properties.dealname).toBe('v2');

    await t.hubspot.crm.deals.basicApi.archive(deal.id);
    expect((await byKey('k2')).total).toBe(1);
    await sleep(LAG + 100);
    expect((await byKey('k2')).total).toBe(0);
  });

  it('takes the lag from the control API; 0 makes every write searchable at once', async () => {
    const put = await t.control('PUT', '/config', { indexLagMs: 0 });
    expect(put.json).toMatchObject({ indexLagMs: 0 });
    await t.hubspot.crm.deals.basicApi.create({ properties: { dealname: 'now', dealstage: STAGE.CLEAN_REQUESTED, app_request_id: 'k3' }, associations: [] });
    expect((await byKey('k3')).total).toBe(1);
  });
});

describe('HubSpot emulator: search limits', () => {
  it('allows 4 searches a second per token, then answers 429 with the secondly-limit body', async () => {
    for (let i = 0; i < 4; i++) await byKey('x');
    const limited = await failure(byKey('x'));
    expect(limited).toMatchObject({ code: 429 });
    const raw = await t.crm('POST', '/crm/v3/objects/deals/search', {});
    expect(raw).toMatchObject({ status: 429, json: { status: 'error', errorType: 'RATE_LIMIT', policyName: 'SECONDLY' } });
    await sleep(1_050);
    expect((await byKey('x')).total).toBe(0);
  });

  it('counts searches toward the 10-second budget too (but not a search the per-second limit refused)', async () => {
    t.emulator.config.set({ rateLimit: { max: 6, intervalMs: 10_000 } });
    for (let i = 0; i < 4; i++) await byKey('x');
    expect(await failure(byKey('x'))).toMatchObject({ code: 429 });
    await t.hubspot.crm.owners.ownersApi.getPage();
    await t.hubspot.crm.owners.ownersApi.getPage();
    const budget = await t.crm('GET', '/crm/v3/owners');
    expect(budget).toMatchObject({ status: 429, json: { policyName: 'TEN_SECONDLY_ROLLING' } });
  });

  it('refuses a page that reaches past the 10,000th result with 400', async () => {
    t.emulator.config.set({ searchRateLimit: { max: 100, intervalMs: 1_000 } });
    const search = (after: string, limit: number) => t.hubspot.crm.deals.searchApi.doSearch({ after, limit });
    expect((await search('9900', 100)).results).toEqual([]);
    const tooFar = await failure(search('9901', 100));
    expect(tooFar).toMatchObject({ code: 400, body: { category: 'VALIDATION_ERROR' } });
    expect(await failure(search('10000', 1))).toMatchObject({ code: 400 });
  });
});
