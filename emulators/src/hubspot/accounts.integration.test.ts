import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CRM_DEAL_STAGES, CRM_PROPERTIES, CRM_PROPERTY_GROUP, CRM_TICKET_CATEGORIES } from '@app/shared/crm-schema';
import { SUPER_ADMIN } from './blank-account';
import { SEED_OWNERS } from './seed';
import { failure, startTestEmulator, type TestEmulator } from './test-kit';

let blank: TestEmulator;
let ready: TestEmulator;
beforeAll(async () => {
  blank = await startTestEmulator({ blank: true });
  ready = await startTestEmulator();
});
afterAll(() => Promise.all([blank.emulator.close(), ready.emulator.close()]));

describe('HubSpot emulator: blank and ready accounts', () => {
  it("blank: HubSpot's defaults only, one owner (the super admin), no products, none of our properties or stages", async () => {
    const owners = await blank.hubspot.crm.owners.ownersApi.getPage();
    expect(owners.results.map((o) => o.email)).toEqual([SUPER_ADMIN.email]);
    expect((await blank.hubspot.crm.products.basicApi.getPage()).results).toEqual([]);
    const names = (await blank.hubspot.crm.properties.coreApi.getAll('deals')).results.map((p) => p.name);
    for (const spec of CRM_PROPERTIES.filter((p) => p.objectType === 'deals')) expect(names).not.toContain(spec.name);
    expect(await failure(blank.hubspot.crm.properties.groupsApi.getByName('deals', CRM_PROPERTY_GROUP.name))).toMatchObject({ code: 404 });
    const stages = (await blank.hubspot.crm.pipelines.pipelinesApi.getById('deals', 'default')).stages.map((s) => s.id);
    expect(stages).not.toContain(CRM_DEAL_STAGES[0]!.key);
    // What the worker writes is refused until the account is set up.
    const push = await failure(blank.hubspot.crm.deals.basicApi.create({ properties: { dealname: 'x', app_request_id: 'r' }, associations: [] }));
    expect(push).toMatchObject({ code: 400, body: { errors: [{ code: 'PROPERTY_DOESNT_EXIST', context: { propertyName: ['app_request_id'] } }] } });
    // Reset keeps it blank.
    blank.emulator.reset();
    expect(blank.emulator.owners()).toHaveLength(1);
  });

  it('ready: every property, group, category and stage of shared/crm-schema.ts, plus the cleaners and the catalogue', async () => {
    for (const spec of CRM_PROPERTIES) {
      const property = await ready.hubspot.crm.properties.coreApi.getByName(spec.objectType, spec.name);
      expect(property).toMatchObject({ type: spec.type, fieldType: spec.fieldType, groupName: CRM_PROPERTY_GROUP.name, hasUniqueValue: spec.hasUniqueValue ?? false });
      if (spec.type === 'enumeration') expect(property.options.map((o) => o.value)).toEqual(spec.options.map((o) => o.value));
    }
    const categories = (await ready.hubspot.crm.properties.coreApi.getByName('tickets', 'hs_ticket_category')).options.map((o) => o.value);
    expect(categories).toEqual(['PRODUCT_ISSUE', 'BILLING_ISSUE', 'FEATURE_REQUEST', 'GENERAL_INQUIRY', ...CRM_TICKET_CATEGORIES.map((c) => c.value)]);
    const deals = await ready.hubspot.crm.pipelines.pipelinesApi.getById('deals', 'default');
    for (const stage of CRM_DEAL_STAGES) {
      expect(deals.stages.find((s) => s.id === stage.key)).toMatchObject({ label: stage.label, metadata: { isClosed: String(stage.isClosed) } });
    }
    const tickets = await ready.hubspot.crm.pipelines.pipelinesApi.getById('tickets', '0');
    expect(tickets.stages.map((s) => [s.id, s.metadata?.ticketState])).toEqual([
      ['1', 'OPEN'],
      ['2', 'OPEN'],
      ['3', 'OPEN'],
      ['4', 'CLOSED'],
      ['1613485805', 'CLOSED'],
      ['1613485806', 'CLOSED'],
    ]);
    expect(ready.emulator.owners().map((o) => o.id)).toEqual([SUPER_ADMIN.id, ...SEED_OWNERS.map((o) => o.id)]);
    expect((await ready.hubspot.crm.products.basicApi.getPage(100)).results.length).toBeGreaterThan(5);
  });
});
