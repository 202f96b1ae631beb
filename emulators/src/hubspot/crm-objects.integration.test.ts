import { AssociationSpecAssociationCategoryEnum as Category } from '@hubspot/api-client/lib/codegen/crm/deals/models/AssociationSpec.js';
import { FilterOperatorEnum as Op } from '@hubspot/api-client/lib/codegen/crm/deals/models/Filter.js';
import type { Client } from '@hubspot/api-client';
import { DEAL_STAGES, STAGE } from '@app/shared/deal-stages';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { classifyHubSpotError, createHubSpotClient } from '@app/worker/crm/hubspot-client';
import { SUPER_ADMIN } from './blank-account';
import { SEED_OWNERS } from './seed';
import { startHubSpotEmulator, type HubSpotEmulator } from './server';

const TOKEN = 'test-token';
let emulator: HubSpotEmulator;
let hubspot: Client;

beforeAll(async () => {
  emulator = await startHubSpotEmulator({ accessToken: TOKEN });
  hubspot = createHubSpotClient({ accessToken: TOKEN, basePath: emulator.url, timeoutMs: 2_000 });
});
afterAll(() => emulator.close());
beforeEach(() => emulator.reset());

const hubspotDefined = (associationTypeId: number) => [{ associationCategory: Category.HubspotDefined, associationTypeId }];

async function upsertContact(email: string, properties: Record<string, string>) {
  return hubspot.crm.contacts.batchApi.upsert({ inputs: [{ id: email, idProperty: 'email', properties }] });
}

async function createDeal(requestId: string, contactId?: string) {
  return hubspot.crm.deals.basicApi.create({
    properties: { dealname: 'Deep clean @ 12 Peachtree St', dealstage: STAGE.CLEAN_REQUESTED, app_request_id: requestId },
    associations: contactId ? [{ to: { id: contactId }, types: hubspotDefined(3) }] : [],
  });
}

/** Runs a search no sooner than 260 ms after the previous one (HubSpot's search allows 4 a second). */
let lastSearch = 0;
async function paced<T>(search: () => Promise<T>): Promise<T> {
  const wait = lastSearch + 260 - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  lastSearch = Date.now();
  return search();
}

async function catchError(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
}

describe('HubSpot emulator through the real SDK: objects', () => {
  it('upserts a contact by e-mail: created, then updated with the same id', async () => {
    const first = await upsertContact('ana@example.com', { firstname: 'Ana', phone: '+14045550100' });
    const created = first.results[0];
    expect(created).toMatchObject({ _new: true, properties: { email: 'ana@example.com', firstname: 'Ana' } });
    expect(created?.id).toMatch(/^\d+$/);

    const second = await upsertContact('ana@example.com', { firstname: 'Ana María' });
    expect(second.results[0]).toMatchObject({ id: created?.id, _new: false, properties: { firstname: 'Ana María' } });

    const read = await hubspot.crm.contacts.basicApi.getById(created?.id ?? '', ['firstname', 'phone']);
    expect(read.properties).toMatchObject({ firstname: 'Ana María', phone: '+14045550100', hs_object_id: created?.id });
    expect(emulator.objects('contacts')).toHaveLength(1);
  });

  it('creates a deal with an inline association to the contact and line items associated to the deal', async () => {
    const contactId = (await upsertContact('ben@example.com', { firstname: 'Ben' })).results[0]?.id ?? '';
    const deal = await createDeal('req-1', contactId);
    expect(deal.properties).toMatchObject({ dealstage: STAGE.CLEAN_REQUESTED, app_request_id: 'req-1', hs_object_id: deal.id });

    const items = await hubspot.crm.lineItems.batchApi.create({
      inputs: [
        { properties: { name: 'Single Deep Clean', price: '349', quantity: '1', hs_sku: 'deep-1500' }, associations: [{ to: { id: deal.id }, types: hubspotDefined(20) }] },
        { properties: { name: 'Oven', price: '80', quantity: '1', hs_sku: 'addon-oven' }, associations: [{ to: { id: deal.id }, types: hubspotDefined(20) }] },
      ],
    });
    expect(items.status).toBe('COMPLETE');
    expect(items.results).toHaveLength(2);

    const read = await hubspot.crm.deals.basicApi.getById(deal.id, ['dealname'], undefined, ['contacts', 'line_items']);
    expect(read.associations?.contacts?.results).toEqual([{ id: contactId, type: 'deal_to_contact' }]);
    expect(read.associations?.line_items?.results.map((r) => r.id).sort()).toEqual(items.results.map((r) => r.id).sort());
    expect(emulator.objects('deals')[0]?.associations).toMatchObject({ contacts: [contactId] });
  });

  it('finds a deal by app_request_id, and finds nothing for an unknown one', async () => {
    const deal = await createDeal('req-42');
    const byRequest = (value: string) =>
      hubspot.crm.deals.searchApi.doSearch({
        filterGroups: [{ filters: [{ propertyName: 'app_request_id', operator: Op.Eq, value }] }],
        properties: ['app_request_id', 'dealstage'],
        limit: 1,
      });
    const found = await byRequest('req-42');
    expect(found.total).toBe(1);
    expect(found.results[0]).toMatchObject({ id: deal.id, properties: { app_request_id: 'req-42' } });
    const missing = await byRequest('req-43');
    expect(missing).toMatchObject({ total: 0, results: [] });
  });

  it('refuses a second object with the same app_request_id with 409, classified as conflict', async () => {
    const first = await createDeal('req-dup');
    const error = await catchError(createDeal('req-dup'));
    expect(error).toMatchObject({ code: 409, body: { category: 'CONFLICT' } });
    const failure = classifyHubSpotError(error);
    expect(failure).toMatchObject({ kind: 'conflict', existingId: first.id });
    expect(emulator.objects('deals')).toHaveLength(1);
    // The same key on another type is fine: uniqueness is per object type.
    await hubspot.crm.tickets.basicApi.create({
      properties: { subject: 'Reschedule', hs_pipeline_stage: '1', app_request_id: 'req-dup' },
      associations: [],
    });
  });

  it('reads associations through v4 (single and batch) and creates the default one', async () => {
    const contactId = (await upsertContact('cy@example.com', {})).results[0]?.id ?? '';
    const deal = await createDeal('req-v4');
    await hubspot.crm.associations.v4.basicApi.createDefault('deals', deal.id, 'contacts', contactId);

    const page = await hubspot.crm.associations.v4.basicApi.getPage('deals', deal.id, 'contacts');
    expect(page.results).toHaveLength(1);
    expect(String(page.results[0]?.toObjectId)).toBe(contactId);
    expect(page.results[0]?.associationTypes).toEqual([{ category: 'HUBSPOT_DEFINED', typeId: 3, label: null }]);

    const batch = await hubspot.crm.associations.v4.batchApi.getPage('contacts', 'deals', { inputs: [{ id: contactId }] });
    expect(batch.results.map((r) => r.to.map((t) => String(t.toObjectId)))).toEqual([[deal.id]]);
    expect(batch.results[0]?.to[0]?.associationTypes[0]?.typeId).toBe(4);
  });

  it('lists the owners (super admin, then the cleaners) and the default pipeline with the shared stages after HubSpot defaults', async () => {
    const owners = await hubspot.crm.owners.ownersApi.getPage(undefined, undefined, 2);
    expect(owners.results).toHaveLength(2);
    expect(owners.paging?.next?.after).toBeDefined();
    const rest = await hubspot.crm.owners.ownersApi.getPage(undefined, owners.paging?.next?.after, 2);
    const all = [...owners.results, ...rest.results];
    expect(all.map((o) => o.email)).toEqual([SUPER_ADMIN.email, ...SEED_OWNERS.map((o) => o.email)]);
    expect(all[1]).toMatchObject({ firstName: 'Maria', lastName: 'Alvarez', id: '101' });

    const pipelines = await hubspot.crm.pipelines.pipelinesApi.getAll('deals');
    const deals = pipelines.results.find((p) => p.id === 'default');
    expect(deals?.stages.slice(-DEAL_STAGES.length).map((s) => ({ id: s.id, label: s.label }))).toEqual(DEAL_STAGES.map((s) => ({ id: s.id, label: s.label })));
    expect(deals?.stages[0]).toMatchObject({ id: 'appointmentscheduled', label: 'Appointment Scheduled' });
    const tickets = await hubspot.crm.pipelines.pipelinesApi.getAll('tickets');
    expect(tickets.results[0]?.stages.map((s) => s.id)).toEqual(['1', '2', '3', '4', '1613485805', '1613485806']);
  });

  it('has the catalogue as products with our id in hs_sku and the price in dollars', async () => {
    const found = await hubspot.crm.products.searchApi.doSearch({
      filterGroups: [{ filters: [{ propertyName: 'hs_sku', operator: Op.Eq, value: 'deep-1500' }] }],
      properties: ['name', 'price', 'hs_sku', 'hs_product_type'],
    });
    // HubSpot's product types are inventory, non_inventory and service.
    expect(found.results[0]?.properties).toMatchObject({ hs_sku: 'deep-1500', price: '349', hs_product_type: 'service' });
  });

  it('pulls changes incrementally: hs_lastmodifieddate GT the cursor, ascending, with paging', async () => {
    const a = await createDeal('req-a');
    const b = await createDeal('req-b');
    // HubSpot's search takes 4 requests a second per token: keep under it.
    const pull = async (cursor: string, after?: string) =>
      paced(() => hubspot.crm.deals.searchApi.doSearch({
        filterGroups: [{ filters: [{ propertyName: 'hs_lastmodifieddate', operator: Op.Gt, value: cursor }] }],
        sorts: [{ propertyName: 'hs_lastmodifieddate', direction: 'ASCENDING' } as unknown as string],
        properties: ['dealstage', 'hs_lastmodifieddate'],
        limit: 1,
        ...(after ? { after } : {}),
      }));

    const first = await pull('0');
    expect(first.total).toBe(2);
    expect(first.results.map((r) => r.id)).toEqual([a.id]);
    const second = await pull('0', first.paging?.next?.after);
    expect(second.results.map((r) => r.id)).toEqual([b.id]);
    expect(second.paging).toBeUndefined();

    // Cursor = last seen modification (epoch ms, as HubSpot filters take it); only later changes come back.
    const cursor = String(Date.parse(second.results[0]?.properties.hs_lastmodifieddate ?? ''));
    expect((await pull(cursor)).total).toBe(0);
    await hubspot.crm.deals.basicApi.update(a.id, { properties: { dealname: 'changed' } });
    const contactId = (await upsertContact('dee@example.com', {})).results[0]?.id ?? '';
    await hubspot.crm.associations.v4.basicApi.createDefault('contacts', contactId, 'deals', b.id);
    const changed = await pull(cursor);
    expect(changed.total).toBe(2);
    expect(changed.results.map((r) => r.id)).toEqual([a.id]);
    // GTE with an ISO value works too.
    const iso = await paced(() => hubspot.crm.deals.searchApi.doSearch({
      filterGroups: [{ filters: [{ propertyName: 'hs_lastmodifieddate', operator: Op.Gte, value: new Date(Number(cursor)).toISOString() }] }],
    }));
    expect(iso.total).toBe(2);
  });

  it('keeps a contact\'s modified date in lastmodifieddate: a contacts search on hs_lastmodifieddate finds nothing, as HubSpot\'s does', async () => {
    const contactId = (await upsertContact('lee@example.com', { firstname: 'Lee' })).results[0]?.id ?? '';
    const read = await hubspot.crm.contacts.basicApi.getById(contactId, ['firstname']);
    // HubSpot's search guide: contacts answer lastmodifieddate by default, other objects hs_lastmodifieddate.
    expect(Object.keys(read.properties).sort()).toEqual(['createdate', 'firstname', 'hs_object_id', 'lastmodifieddate']);
    const modified = Date.parse(read.properties.lastmodifieddate ?? '');
    expect(modified).toBeGreaterThan(0);
    const since = (propertyName: string) =>
      paced(() => hubspot.crm.contacts.searchApi.doSearch({
        filterGroups: [{ filters: [{ propertyName, operator: Op.Gte, value: String(modified - 1_000) }] }],
        sorts: [propertyName],
        properties: ['firstname', propertyName],
      }));
    expect((await since('lastmodifieddate')).results.map((r) => r.id)).toEqual([contactId]);
    expect((await since('hs_lastmodifieddate')).total).toBe(0);
    // Deals (and every other type) keep theirs in hs_lastmodifieddate only.
    const deal = await createDeal('req-modified');
    expect(deal.properties.hs_lastmodifieddate).toBeTruthy();
    expect(deal.properties).not.toHaveProperty('lastmodifieddate');
  });
});
