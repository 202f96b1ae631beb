import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { STAGE } from '@app/shared/deal-stages';
import { failure, startTestEmulator, type TestEmulator } from './test-kit';

let t: TestEmulator;
beforeAll(async () => {
  t = await startTestEmulator();
});
afterAll(() => t.emulator.close());
beforeEach(() => t.emulator.reset());

const deal = (properties: Record<string, string>) =>
  t.hubspot.crm.deals.basicApi.create({ properties: { dealname: 'Clean', dealstage: STAGE.CLEAN_REQUESTED, ...properties }, associations: [] });

describe('HubSpot emulator: property values are checked against the account schema', () => {
  it('refuses a property that does not exist with HubSpot 400 body, and writes nothing', async () => {
    const raw = await t.crm('POST', '/crm/v3/objects/deals', { properties: { dealname: 'x', colour: 'blue', shade: 'dark' } });
    expect(raw.status).toBe(400);
    expect(raw.json).toMatchObject({ status: 'error', category: 'VALIDATION_ERROR', correlationId: expect.any(String) });
    expect(raw.json.message).toMatch(/^Property values were not valid: \[/);
    const listed = JSON.parse(String(raw.json.message).replace('Property values were not valid: ', '')) as unknown[];
    expect(listed).toEqual([
      expect.objectContaining({ isValid: false, error: 'PROPERTY_DOESNT_EXIST', name: 'colour' }),
      expect.objectContaining({ isValid: false, error: 'PROPERTY_DOESNT_EXIST', name: 'shade' }),
    ]);
    expect(raw.json.errors).toEqual([
      { message: 'Property "colour" does not exist', code: 'PROPERTY_DOESNT_EXIST', context: { propertyName: ['colour'] } },
      { message: 'Property "shade" does not exist', code: 'PROPERTY_DOESNT_EXIST', context: { propertyName: ['shade'] } },
    ]);
    expect(t.emulator.objects('deals')).toEqual([]);

    // The SDK surfaces the same answer; update and batch writes refuse the same way.
    const created = await deal({});
    const error = await failure(t.hubspot.crm.deals.basicApi.update(created.id, { properties: { colour: 'blue' } }));
    expect(error).toMatchObject({ code: 400, body: { category: 'VALIDATION_ERROR', errors: [{ code: 'PROPERTY_DOESNT_EXIST' }] } });
    const batch = await t.hubspot.crm.deals.batchApi.update({ inputs: [{ id: created.id, properties: { colour: 'blue' } }] });
    expect(batch).toMatchObject({
      results: [],
      numErrors: 1,
      errors: [{ category: 'VALIDATION_ERROR', context: { id: [created.id] }, errors: [{ code: 'PROPERTY_DOESNT_EXIST', context: { propertyName: ['colour'] } }] }],
    });
  });

  it('refuses enumeration values that are not options, checking each value of a multi-select', async () => {
    const bad = await failure(deal({ time_of_day: 'night' }));
    expect(bad).toMatchObject({ code: 400, body: { errors: [{ code: 'INVALID_OPTION', context: { propertyName: ['time_of_day'] } }] } });
    await deal({ time_of_day: 'morning' });

    const ticket = (category: string) =>
      t.hubspot.crm.tickets.basicApi.create({ properties: { subject: 's', hs_pipeline_stage: '1', hs_ticket_category: category }, associations: [] });
    await ticket('Reschedule Request;BILLING_ISSUE');
    expect(await failure(ticket('BILLING_ISSUE;Complaint'))).toMatchObject({ code: 400, body: { errors: [{ code: 'INVALID_OPTION' }] } });
    const contact = await failure(t.hubspot.crm.contacts.basicApi.create({ properties: { email: 'a@example.com', lifecyclestage: 'Customer' }, associations: [] }));
    expect(contact).toMatchObject({ code: 400, body: { errors: [{ code: 'INVALID_OPTION', context: { propertyName: ['lifecyclestage'] } }] } });
    const whitespace = await failure(deal({ time_of_day: ' morning' }));
    expect(whitespace).toMatchObject({ body: { errors: [{ code: 'LEADING_TRAILING_WHITESPACE' }] } });
  });

  it('refuses non-numbers, impossible dates and dates not at midnight UTC; stores dates and datetimes as HubSpot answers them', async () => {
    expect(await failure(deal({ amount: '12 dollars' }))).toMatchObject({ code: 400, body: { errors: [{ code: 'INVALID_NUMBER' }] } });
    expect(await failure(deal({ preferred_date: '2026-02-30' }))).toMatchObject({ body: { errors: [{ code: 'INVALID_DATE' }] } });
    const notMidnight = await failure(deal({ preferred_date: String(Date.UTC(2026, 2, 10, 14)) }));
    expect(notMidnight).toMatchObject({ body: { errors: [{ code: 'INVALID_DATE', message: expect.stringContaining('not midnight') }] } });
    expect(await failure(deal({ scheduled_date: 'next tuesday' }))).toMatchObject({ body: { errors: [{ code: 'INVALID_DATE' }] } });

    const ok = await deal({ amount: '349.50', preferred_date: String(Date.UTC(2026, 2, 10)), scheduled_date: '2026-03-10T09:30:00-05:00' });
    const read = await t.hubspot.crm.deals.basicApi.getById(ok.id, ['amount', 'preferred_date', 'scheduled_date']);
    expect(read.properties).toMatchObject({ amount: '349.50', preferred_date: '2026-03-10', scheduled_date: '2026-03-10T14:30:00.000Z' });
  });

  it("clears with '', ignores unknown names when reading, and takes only existing owners", async () => {
    const created = await deal({ service_type: 'deep', hubspot_owner_id: '101' });
    await t.hubspot.crm.deals.basicApi.update(created.id, { properties: { service_type: '', hubspot_owner_id: '' } });
    const read = await t.hubspot.crm.deals.basicApi.getById(created.id, ['service_type', 'hubspot_owner_id', 'no_such_thing']);
    expect(read.properties).toMatchObject({ service_type: '', hubspot_owner_id: '' });
    expect(read.properties).not.toHaveProperty('no_such_thing');

    const owner = await failure(t.hubspot.crm.deals.basicApi.update(created.id, { properties: { hubspot_owner_id: '999' } }));
    expect(owner).toMatchObject({ code: 400, body: { errors: [{ code: 'INVALID_OWNER_ID' }] } });
    t.emulator.archiveOwner('103');
    expect(await failure(t.hubspot.crm.deals.basicApi.update(created.id, { properties: { hubspot_owner_id: '103' } }))).toMatchObject({ code: 400 });
  });

  it('refuses read-only values through the API; the control API (HubSpot itself) still sets invoice links', async () => {
    const created = await deal({});
    const readOnly = await failure(t.hubspot.crm.deals.basicApi.update(created.id, { properties: { hs_lastmodifieddate: '2020-01-01T00:00:00Z' } }));
    expect(readOnly).toMatchObject({ code: 400, body: { errors: [{ code: 'READ_ONLY_VALUE' }] } });

    const invoice = t.emulator.attachInvoice(created.id, { status: 'open', amount: '209.50' });
    expect(invoice.properties.hs_invoice_link).toMatch(/\/_emulator\/invoices\//);
    // A token without the invoice write scope is refused; with it, the value is still read-only.
    const scopes = t.emulator.config.get().scopes;
    t.emulator.config.set({ scopes: scopes.filter((s) => s !== 'crm.objects.invoices.write') });
    const write = await t.crm('PATCH', `/crm/v3/objects/invoices/${invoice.id}`, { properties: { hs_invoice_link: 'https://example.com' } });
    expect(write.status).toBe(403);
    t.emulator.config.set({ scopes });
    const again = await t.crm('PATCH', `/crm/v3/objects/invoices/${invoice.id}`, { properties: { hs_invoice_link: 'https://example.com' } });
    expect(again).toMatchObject({ status: 400, json: { errors: [{ code: 'READ_ONLY_VALUE' }] } });
  });

  it('enforces uniqueness only for hasUniqueValue properties and contact e-mail', async () => {
    await deal({ app_request_id: 'req-1' });
    expect(await failure(deal({ app_request_id: 'req-1' }))).toMatchObject({ code: 409, body: { category: 'CONFLICT' } });
    // service_type is not unique: two deals may share it.
    await deal({ service_type: 'deep' });
    await deal({ service_type: 'deep' });
    await t.hubspot.crm.contacts.basicApi.create({ properties: { email: 'Uno@example.com' }, associations: [] });
    const email = await failure(t.hubspot.crm.contacts.basicApi.create({ properties: { email: 'uno@example.com' }, associations: [] }));
    expect(email).toMatchObject({ code: 409, body: { message: expect.stringMatching(/Existing ID: \d+/) } });
  });
});
