import { FilterOperatorEnum as Op } from '@hubspot/api-client/lib/codegen/crm/deals/models/Filter.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { STAGE } from '@app/shared/deal-stages';
import { failure, startTestEmulator, type TestEmulator } from './test-kit';

let t: TestEmulator;
beforeAll(async () => {
  t = await startTestEmulator();
});
afterAll(() => t.emulator.close());
beforeEach(() => t.emulator.reset());

const newDeal = (key: string, extra: Record<string, string> = {}) =>
  t.hubspot.crm.deals.basicApi.create({ properties: { dealname: key, dealstage: STAGE.CLEAN_REQUESTED, app_request_id: key, ...extra }, associations: [] });
const newContact = (email: string) => t.hubspot.crm.contacts.basicApi.create({ properties: { email }, associations: [] });
// The SDK (13.5 and 14.0) generates MergeApi but its discoveries do not expose it: raw calls, same path and body.
const merge = (type: string, primaryObjectId: string, objectIdToMerge: string) => t.crm('POST', `/crm/v3/objects/${type}/merge`, { primaryObjectId, objectIdToMerge });

describe('HubSpot emulator: merge', () => {
  it('merges two deals: the merged one leaves lists and search, its associations move, and its id reads as the primary', async () => {
    const primary = await newDeal('p');
    const merged = await newDeal('m', { service_type: 'deep' });
    const contact = await newContact('mo@example.com');
    await t.hubspot.crm.associations.v4.basicApi.createDefault('deals', merged.id, 'contacts', contact.id);

    const answer = await merge('deals', primary.id, merged.id);
    expect(answer).toMatchObject({ status: 200, json: { id: primary.id } });

    const read = await t.hubspot.crm.deals.basicApi.getById(merged.id, ['hs_merged_object_ids', 'service_type', 'app_request_id'], undefined, ['contacts']);
    expect(read.id).toBe(primary.id);
    // Empty values of the primary are filled from the merged record; its own values stay.
    expect(read.properties).toMatchObject({ hs_merged_object_ids: merged.id, service_type: 'deep', app_request_id: 'p' });
    expect(read.associations?.contacts?.results.map((r) => r.id)).toEqual([contact.id]);

    const batch = await t.hubspot.crm.deals.batchApi.read({ inputs: [{ id: merged.id }], properties: [], propertiesWithHistory: [] });
    expect(batch.results.map((r) => r.id)).toEqual([primary.id]);
    expect((await t.hubspot.crm.deals.basicApi.getPage()).results.map((r) => r.id)).toEqual([primary.id]);
    const found = await t.hubspot.crm.deals.searchApi.doSearch({ filterGroups: [{ filters: [{ propertyName: 'app_request_id', operator: Op.In, values: ['m', 'p'] }] }] });
    expect(found.results.map((r) => r.id)).toEqual([primary.id]);
    expect(t.emulator.objects('deals').map((d) => d.id)).toEqual([primary.id]);

    // A third record merged in: the ids add up, joined with ';'.
    const third = await newDeal('t');
    await merge('0-3', primary.id, third.id);
    expect((await t.hubspot.crm.deals.basicApi.getById(primary.id, ['hs_merged_object_ids'])).properties.hs_merged_object_ids).toBe(`${merged.id};${third.id}`);
  });

  it('merges contacts through the API and the control API; refuses unknown ids and types that cannot merge', async () => {
    const a = await newContact('a@example.com');
    const b = await newContact('b@example.com');
    const c = await newContact('c@example.com');
    expect((await merge('contacts', a.id, b.id)).status).toBe(200);
    const control = await t.control('POST', '/objects/contacts/merge', { primaryObjectId: a.id, objectIdToMerge: c.id });
    expect(control).toMatchObject({ status: 200, json: { id: a.id, properties: { hs_merged_object_ids: `${b.id};${c.id}` } } });
    expect((await t.hubspot.crm.contacts.basicApi.getById(c.id)).id).toBe(a.id);

    expect((await merge('contacts', a.id, '424242')).status).toBe(404);
    expect((await merge('line_items', '1', '2')).status).toBe(400);
    // The merged e-mails become the primary's additional e-mails; its own stays taken.
    const primary = await t.hubspot.crm.contacts.basicApi.getById(a.id, ['email', 'hs_additional_emails']);
    expect(primary.properties).toMatchObject({ email: 'a@example.com', hs_additional_emails: 'b@example.com;c@example.com' });
    expect(await failure(newContact('a@example.com'))).toMatchObject({ code: 409 });
  });
});

describe('HubSpot emulator: archive (API and control), and deactivated owners', () => {
  it('lists archived records with archivedAt only when asked, and archives from the control API', async () => {
    const gone = await newDeal('gone');
    await newDeal('kept');
    await t.hubspot.crm.deals.basicApi.archive(gone.id);
    const archived = await t.hubspot.crm.deals.basicApi.getPage(10, undefined, undefined, undefined, undefined, true);
    expect(archived.results.map((r) => [r.id, r.archived, Boolean(r.archivedAt)])).toEqual([[gone.id, true, true]]);
    expect((await t.hubspot.crm.deals.basicApi.getPage()).results.map((r) => r.properties.dealname)).toEqual(['kept']);

    const kept = t.emulator.objects('deals')[0]!;
    const control = await t.control('POST', `/objects/deals/${kept.id}/archive`);
    expect(control).toMatchObject({ status: 200, json: { id: kept.id, archived: true } });
    expect(t.emulator.objects('deals')).toEqual([]);
    expect(await failure(t.hubspot.crm.deals.basicApi.getById(kept.id))).toMatchObject({ code: 404 });
  });

  it('archives (deactivates) an owner: gone from the owners list, listed with archived=true', async () => {
    const answer = await t.control('POST', '/owners/102/archive');
    expect(answer).toMatchObject({ status: 200, json: { id: '102', archived: true } });
    const active = await t.hubspot.crm.owners.ownersApi.getPage();
    expect(active.results.map((o) => o.id)).not.toContain('102');
    const archived = await t.hubspot.crm.owners.ownersApi.getPage(undefined, undefined, 100, true);
    expect(archived.results.map((o) => [o.id, o.archived])).toEqual([['102', true]]);
    expect((await t.control('GET', '/owners?archived=true')).json).toMatchObject({ results: expect.arrayContaining([expect.objectContaining({ id: '102' })]) });
  });
});
