import { PropertyCreateFieldTypeEnum as Field, PropertyCreateTypeEnum as Type } from '@hubspot/api-client/lib/codegen/crm/properties/models/PropertyCreate.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { failure, startTestEmulator, type TestEmulator } from './test-kit';

let t: TestEmulator;
beforeAll(async () => {
  t = await startTestEmulator({ blank: true });
});
afterAll(() => t.emulator.close());
beforeEach(() => t.emulator.reset());

const properties = () => t.hubspot.crm.properties;
const text = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  label: name,
  type: Type.String,
  fieldType: Field.Text,
  groupName: 'dealinformation',
  ...extra,
});

describe('HubSpot emulator: properties API (blank account)', () => {
  it("lists HubSpot's default properties and groups, with enumeration options and pipeline stages as options", async () => {
    const deals = await properties().coreApi.getAll('deals');
    const byName = new Map(deals.results.map((p) => [p.name, p]));
    expect(byName.get('dealname')).toMatchObject({ type: 'string', fieldType: 'text', groupName: 'dealinformation', hubspotDefined: true });
    expect(byName.get('dealstage')?.options.map((o) => o.value)).toContain('appointmentscheduled');
    expect(byName.has('app_request_id')).toBe(false);

    const category = await properties().coreApi.getByName('tickets', 'hs_ticket_category');
    expect(category.options.map((o) => o.value)).toEqual(['PRODUCT_ISSUE', 'BILLING_ISSUE', 'FEATURE_REQUEST', 'GENERAL_INQUIRY']);
    const invoiceStatus = await properties().coreApi.getByName('invoices', 'hs_invoice_status');
    expect(invoiceStatus.options.map((o) => o.value)).toEqual(['draft', 'open', 'paid', 'voided']);
    const owner = await properties().coreApi.getByName('deals', 'hubspot_owner_id');
    expect(owner).toMatchObject({ referencedObjectType: 'OWNER', externalOptions: true, options: [{ value: '100' }] });

    const groups = await properties().groupsApi.getAll('contacts');
    expect(groups.results.map((g) => g.name)).toContain('contactinformation');
    expect(await properties().groupsApi.getByName('tickets', 'ticketinformation')).toMatchObject({ label: 'Ticket information' });
    expect(await failure(properties().groupsApi.getByName('tickets', 'nope'))).toMatchObject({ code: 404 });
    expect(await failure(properties().coreApi.getByName('deals', 'app_request_id'))).toMatchObject({ code: 404 });
  });

  it('creates groups and properties, and refuses bad names, field types, groups, options and duplicates', async () => {
    const group = await properties().groupsApi.create('deals', { name: 'cleaning_portal', label: 'Cleaning portal' });
    expect(group).toMatchObject({ name: 'cleaning_portal', archived: false });
    expect(await failure(properties().groupsApi.create('deals', { name: 'cleaning_portal', label: 'Again' }))).toMatchObject({ code: 409 });

    const created = await properties().coreApi.create('deals', text('app_request_id', { groupName: 'cleaning_portal', hasUniqueValue: true }));
    expect(created).toMatchObject({ name: 'app_request_id', hasUniqueValue: true, hubspotDefined: false, modificationMetadata: { readOnlyValue: false } });
    expect(await failure(properties().coreApi.create('deals', text('app_request_id')))).toMatchObject({ code: 409 });

    expect(await failure(properties().coreApi.create('deals', text('Bad Name')))).toMatchObject({ code: 400 });
    expect(await failure(properties().coreApi.create('deals', text('hs_mine')))).toMatchObject({ code: 400 });
    expect(await failure(properties().coreApi.create('deals', text('n1', { type: Type.Number, fieldType: Field.Select })))).toMatchObject({ code: 400 });
    expect(await failure(properties().coreApi.create('deals', text('n2', { groupName: 'no_such_group' })))).toMatchObject({ code: 400 });
    expect(await failure(properties().coreApi.create('deals', text('e1', { type: Type.Enumeration, fieldType: Field.Select })))).toMatchObject({ code: 400 });
    const dupOptions = { type: Type.Enumeration, fieldType: Field.Select, options: [{ label: 'A', value: 'a', hidden: false }, { label: 'B', value: 'a', hidden: false }] };
    expect(await failure(properties().coreApi.create('deals', text('e2', dupOptions)))).toMatchObject({ code: 400 });
    expect(await failure(properties().coreApi.create('deals', text('u1', { fieldType: Field.Textarea, hasUniqueValue: true })))).toMatchObject({ code: 400 });

    // The new property is writable at once, and unique.
    await t.hubspot.crm.deals.basicApi.create({ properties: { dealname: 'a', dealstage: 'appointmentscheduled', app_request_id: 'r1' }, associations: [] });
    const taken = await failure(t.hubspot.crm.deals.basicApi.create({ properties: { dealname: 'b', dealstage: 'appointmentscheduled', app_request_id: 'r1' }, associations: [] }));
    expect(taken).toMatchObject({ code: 409 });
  });

  it("replaces an enumeration's options with PATCH (a HubSpot-defined one too, when its options are editable)", async () => {
    const size = await properties().coreApi.create('deals', text('size', { type: Type.Enumeration, fieldType: Field.Select, options: [{ label: 'Small', value: 'small', hidden: false }] }));
    expect(size.options.map((o) => o.value)).toEqual(['small']);
    const patched = await properties().coreApi.update('deals', 'size', { options: [{ label: 'Small', value: 'small', hidden: false }, { label: 'Large', value: 'large', hidden: false }] });
    expect(patched.options.map((o) => o.value)).toEqual(['small', 'large']);
    await t.hubspot.crm.deals.basicApi.create({ properties: { dealname: 'a', dealstage: 'appointmentscheduled', size: 'large' }, associations: [] });

    const categories = await properties().coreApi.getByName('tickets', 'hs_ticket_category');
    const more = [...categories.options.map((o) => ({ label: o.label, value: o.value, hidden: false })), { label: 'Cancellation Request', value: 'Cancellation Request', hidden: false }];
    expect((await properties().coreApi.update('tickets', 'hs_ticket_category', { options: more })).options).toHaveLength(5);
    // A HubSpot-defined property keeps its type, and non-editable options stay.
    expect(await failure(properties().coreApi.update('deals', 'dealname', { type: 'number' as never, fieldType: 'number' as never }))).toMatchObject({ code: 400 });
    expect(await failure(properties().coreApi.update('tickets', 'hs_ticket_priority', { options: [{ label: 'X', value: 'X', hidden: false }] }))).toMatchObject({ code: 400 });
  });

  it('batch-creates (201, or 207 with an error per refused input) and batch-reads properties; archived ones are listed apart', async () => {
    const all = await properties().batchApi.create('contacts', { inputs: [text('pet_name', { groupName: 'contactinformation' }), text('pet_kind', { groupName: 'contactinformation' })] });
    expect(all.results.map((p) => p.name).sort()).toEqual(['pet_kind', 'pet_name']);

    const some = await properties().batchApi.create('contacts', { inputs: [text('shoe_size', { groupName: 'contactinformation' }), text('pet_name', { groupName: 'contactinformation' })] });
    expect(some).toMatchObject({ results: [{ name: 'shoe_size' }], numErrors: 1, errors: [{ category: 'OBJECT_ALREADY_EXISTS', context: { name: ['pet_name'] } }] });
    const raw = await t.crm('POST', '/crm/v3/properties/contacts/batch/create', { inputs: [text('x_y', { groupName: 'nope' })] });
    expect(raw.status).toBe(207);

    const read = await properties().batchApi.read('contacts', { archived: false, inputs: [{ name: 'pet_name' }, { name: 'email' }] });
    expect(read.results.map((p) => p.name).sort()).toEqual(['email', 'pet_name']);

    await properties().coreApi.archive('contacts', 'pet_kind');
    const live = await properties().coreApi.getAll('contacts');
    expect(live.results.map((p) => p.name)).not.toContain('pet_kind');
    const archived = await properties().coreApi.getAll('contacts', true);
    expect(archived.results.map((p) => p.name)).toEqual(['pet_kind']);
    const write = await failure(t.hubspot.crm.contacts.basicApi.create({ properties: { email: 'z@example.com', pet_kind: 'cat' }, associations: [] }));
    expect(write).toMatchObject({ code: 400, body: { errors: [{ code: 'PROPERTY_DOESNT_EXIST' }] } });
  });
});
