import { AssociationTypes } from '@hubspot/api-client';
import { AssociationSpecAssociationCategoryEnum as Category } from '@hubspot/api-client/lib/codegen/crm/objects/communications/models/AssociationSpec.js';
import { FilterOperatorEnum as Op } from '@hubspot/api-client/lib/codegen/crm/objects/communications/models/Filter.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { failure, startTestEmulator, type TestEmulator } from './test-kit';

/**
 * Communications (HubSpot object 0-18: WhatsApp, LinkedIn and SMS messages logged on a record's
 * timeline), as the SDK reaches them: `crm.objects.communications` (v3 paths) and v4 associations.
 */

let t: TestEmulator;

beforeAll(async () => {
  t = await startTestEmulator();
});
afterAll(() => t.emulator.close());
beforeEach(() => t.emulator.reset());

const to = (id: string, associationTypeId: number) => ({ to: { id }, types: [{ associationCategory: Category.HubspotDefined, associationTypeId }] });

/** A text as the sync job would log it. */
const sms = (body: string, at: string, extra: Record<string, string> = {}) => ({
  hs_communication_channel_type: 'SMS',
  hs_communication_logged_from: 'CRM',
  hs_communication_body: body,
  hs_timestamp: at,
  ...extra,
});

async function contact(email: string): Promise<string> {
  return (await t.hubspot.crm.contacts.basicApi.create({ properties: { email }, associations: [] })).id;
}

async function deal(contactId: string): Promise<string> {
  return (await t.hubspot.crm.deals.basicApi.create({ properties: { dealname: 'Deep clean' }, associations: [to(contactId, AssociationTypes.dealToContact)] })).id;
}

/** The property names a refusal names (HubSpot's `errors[].context.propertyName`) with their codes. */
function refusedProperties(body: Record<string, unknown>): string[] {
  const errors = (body.errors ?? []) as { code: string; context: { propertyName: string[] } }[];
  return errors.map((e) => `${e.context.propertyName.join()}:${e.code}`).sort();
}

describe('HubSpot emulator: communications', () => {
  it('logs a text on a contact (81) and its deal (85); both read it back through v4 associations (82, 86)', async () => {
    const contactId = await contact('ana@example.com');
    const dealId = await deal(contactId);
    const created = await t.hubspot.crm.objects.communications.basicApi.create({
      properties: sms('Your cleaner arrives at 9.', '2026-11-20T15:00:00.000Z'),
      associations: [to(contactId, AssociationTypes.communicationToContact), to(dealId, AssociationTypes.communicationToDeal)],
    });
    expect(created.properties).toMatchObject({ hs_communication_channel_type: 'SMS', hs_communication_body: 'Your cleaner arrives at 9.', hs_timestamp: '2026-11-20T15:00:00.000Z' });

    const fromContact = await t.hubspot.crm.associations.v4.basicApi.getPage('contacts', contactId, 'communications');
    expect(fromContact.results.map((r) => [String(r.toObjectId), r.associationTypes.map((a) => a.typeId)])).toEqual([[created.id, [82]]]);
    const fromDeal = await t.hubspot.crm.associations.v4.basicApi.getPage('deals', dealId, 'communications');
    expect(fromDeal.results.map((r) => [String(r.toObjectId), r.associationTypes.map((a) => a.typeId)])).toEqual([[created.id, [86]]]);

    // Read by its type id too, with the v3 association names.
    const read = await t.hubspot.crm.objects.basicApi.getById('0-18', created.id, ['hs_communication_body'], undefined, ['contacts', 'deals']);
    expect(read.associations?.contacts?.results).toEqual([{ id: contactId, type: 'communication_to_contact' }]);
    expect(read.associations?.deals?.results).toEqual([{ id: dealId, type: 'communication_to_deal' }]);
  });

  it('associates an existing text with the default association and reads the deal side', async () => {
    const contactId = await contact('ben@example.com');
    const dealId = await deal(contactId);
    const { id } = await t.hubspot.crm.objects.communications.basicApi.create({ properties: sms('Thanks!', '2026-11-21T10:00:00.000Z'), associations: [] });
    await t.hubspot.crm.associations.v4.basicApi.createDefault('communications', id, 'deals', dealId);
    const batch = await t.hubspot.crm.associations.v4.batchApi.getPage('deals', 'communications', { inputs: [{ id: dealId }] });
    expect(batch.results.map((r) => r.to.map((x) => [String(x.toObjectId), x.associationTypes.map((a) => a.typeId)]))).toEqual([[[id, [86]]]]);
  });

  it('refuses a channel HubSpot does not offer, a logged-from other than CRM, and an unknown property', async () => {
    const at = '2026-11-20T15:00:00.000Z';
    const channel = await failure(t.hubspot.crm.objects.communications.basicApi.create({ properties: sms('x', at, { hs_communication_channel_type: 'TEXT' }), associations: [] }));
    expect(channel.code).toBe(400);
    expect(channel.body.category).toBe('VALIDATION_ERROR');
    expect(refusedProperties(channel.body)).toEqual(['hs_communication_channel_type:INVALID_OPTION']);

    const origin = await failure(t.hubspot.crm.objects.communications.basicApi.create({ properties: sms('x', at, { hs_communication_logged_from: 'API' }), associations: [] }));
    expect(refusedProperties(origin.body)).toEqual(['hs_communication_logged_from:INVALID_OPTION']);

    const unknown = await failure(t.hubspot.crm.objects.communications.basicApi.create({ properties: sms('x', at, { hs_communication_direction: 'INBOUND' }), associations: [] }));
    expect(refusedProperties(unknown.body)).toEqual(['hs_communication_direction:PROPERTY_DOESNT_EXIST']);
    expect(t.emulator.objects('communications')).toHaveLength(0);
  });

  it('refuses a new text without its timestamp, channel or logged-from, naming each', async () => {
    const refused = await failure(t.hubspot.crm.objects.communications.basicApi.create({ properties: { hs_communication_body: 'Hello' }, associations: [] }));
    expect(refused.code).toBe(400);
    expect(refusedProperties(refused.body)).toEqual([
      'hs_communication_channel_type:REQUIRED_PROPERTY',
      'hs_communication_logged_from:REQUIRED_PROPERTY',
      'hs_timestamp:REQUIRED_PROPERTY',
    ]);
    // A body is not required (a picture-only message has none).
    const { hs_communication_body: _, ...noBody } = sms('', '2026-11-20T15:00:00.000Z');
    await t.hubspot.crm.objects.communications.basicApi.create({ properties: noBody, associations: [] });
  });

  it('updates, lists and archives a text; an archived one is gone from reads', async () => {
    const { id } = await t.hubspot.crm.objects.communications.basicApi.create({ properties: sms('Draft', '2026-11-20T15:00:00.000Z'), associations: [] });
    const updated = await t.hubspot.crm.objects.communications.basicApi.update(id, { properties: { hs_communication_body: 'Sent' } });
    expect(updated.properties.hs_communication_body).toBe('Sent');
    const page = await t.hubspot.crm.objects.communications.basicApi.getPage(10, undefined, ['hs_communication_body']);
    expect(page.results.map((r) => [r.id, r.properties.hs_communication_body])).toEqual([[id, 'Sent']]);

    await t.hubspot.crm.objects.communications.basicApi.archive(id);
    expect((await failure(t.hubspot.crm.objects.communications.basicApi.getById(id))).code).toBe(404);
  });

  it('batch creates (a bad input fails alone when every input is traced), reads, updates and archives', async () => {
    const contactId = await contact('cy@example.com');
    const created = await t.hubspot.crm.objects.communications.batchApi.create({
      inputs: [
        { objectWriteTraceId: 'in-1', properties: sms('Booked', '2026-11-20T15:00:00.000Z'), associations: [to(contactId, 81)] },
        { objectWriteTraceId: 'in-2', properties: sms('Bad', '2026-11-20T15:01:00.000Z', { hs_communication_channel_type: 'EMAIL' }), associations: [] },
      ],
    });
    expect(created.results.map((r) => r.properties.hs_communication_body)).toEqual(['Booked']);
    expect('errors' in created && created.errors?.map((e) => e.context)).toEqual([expect.objectContaining({ objectWriteTraceId: ['in-2'] })]);
    const id = created.results[0]?.id ?? '';

    const read = await t.hubspot.crm.objects.communications.batchApi.read({ inputs: [{ id }], properties: ['hs_communication_body', 'hs_communication_channel_type'], propertiesWithHistory: [] });
    expect(read.results[0]?.properties).toMatchObject({ hs_communication_body: 'Booked', hs_communication_channel_type: 'SMS' });
    const updated = await t.hubspot.crm.objects.communications.batchApi.update({ inputs: [{ id, properties: { hs_communication_body: 'Booked for Friday' } }] });
    expect(updated.results[0]?.properties.hs_communication_body).toBe('Booked for Friday');
    await t.hubspot.crm.objects.communications.batchApi.archive({ inputs: [{ id }] });
    expect(t.emulator.objects('communications')).toHaveLength(0);
  });

  it('finds texts with the search API by channel', async () => {
    await t.hubspot.crm.objects.communications.batchApi.create({
      inputs: [
        { properties: sms('On my way', '2026-11-20T15:00:00.000Z'), associations: [] },
        { properties: sms('Hi from WhatsApp', '2026-11-20T16:00:00.000Z', { hs_communication_channel_type: 'WHATS_APP' }), associations: [] },
      ],
    });
    const found = await t.hubspot.crm.objects.communications.searchApi.doSearch({
      filterGroups: [{ filters: [{ propertyName: 'hs_communication_channel_type', operator: Op.Eq, value: 'SMS' }] }],
      properties: ['hs_communication_body'],
      limit: 10,
    });
    expect(found.results.map((r) => r.properties.hs_communication_body)).toEqual(['On my way']);
  });

  it('lists the communication properties with their options through the properties API', async () => {
    const channel = await t.hubspot.crm.properties.coreApi.getByName('communications', 'hs_communication_channel_type');
    expect(channel.options.map((o) => o.value)).toEqual(['WHATS_APP', 'LINKEDIN_MESSAGE', 'SMS']);
    const origin = await t.hubspot.crm.properties.coreApi.getByName('communications', 'hs_communication_logged_from');
    expect(origin.options.map((o) => o.value)).toEqual(['CRM']);
  });

  it('needs the contacts scopes, as HubSpot\'s reference says for communications', async () => {
    await t.emulator.close();
    t = await startTestEmulator({ scopes: ['crm.objects.deals.read', 'crm.objects.deals.write'] });
    try {
      expect((await failure(t.hubspot.crm.objects.communications.basicApi.getPage(10))).code).toBe(403);
      const write = await failure(t.hubspot.crm.objects.communications.basicApi.create({ properties: sms('x', '2026-11-20T15:00:00.000Z'), associations: [] }));
      expect(write.code).toBe(403);
      expect(write.body.category).toBe('MISSING_SCOPES');
    } finally {
      await t.emulator.close();
      t = await startTestEmulator();
    }
  });

  it('refuses a unique-value property on communications (HubSpot offers them on contacts, companies, deals, tickets and custom objects)', async () => {
    const refused = await failure(
      t.hubspot.crm.properties.coreApi.create('communications', {
        name: 'app_message_id',
        label: 'Portal message id',
        type: 'string' as never,
        fieldType: 'text' as never,
        groupName: 'communicationinformation',
        hasUniqueValue: true,
      }),
    );
    expect(refused.code).toBe(400);
    expect(String(refused.body.message)).toContain('unique');
  });

  it('a retried create can find the text it already logged through the contact\'s associations, which do not wait for the search index', async () => {
    await t.emulator.close();
    // Search trails writes on HubSpot; associations and reads by id do not.
    t = await startTestEmulator({ indexLagMs: 60_000 });
    try {
      const contactId = await contact('dee@example.com');
      const text = sms('Reminder: cleaning tomorrow at 9.', '2026-11-20T15:00:00.123Z');
      await t.hubspot.crm.objects.communications.basicApi.create({ properties: text, associations: [to(contactId, 81)] });

      const searched = await t.hubspot.crm.objects.communications.searchApi.doSearch({
        filterGroups: [{ filters: [{ propertyName: 'hs_timestamp', operator: Op.Eq, value: text.hs_timestamp }] }],
        limit: 10,
      });
      expect(searched.total).toBe(0);

      const links = await t.hubspot.crm.associations.v4.basicApi.getPage('contacts', contactId, 'communications');
      const logged = await t.hubspot.crm.objects.communications.batchApi.read({
        inputs: links.results.map((r) => ({ id: String(r.toObjectId) })),
        properties: ['hs_timestamp', 'hs_communication_body', 'hs_communication_channel_type'],
        propertiesWithHistory: [],
      });
      const same = logged.results.filter((c) => c.properties.hs_timestamp === text.hs_timestamp && c.properties.hs_communication_body === text.hs_communication_body);
      expect(same).toHaveLength(1);
    } finally {
      await t.emulator.close();
      t = await startTestEmulator();
    }
  });

  it('a text logged by someone in HubSpot (control API) gets the default associations', async () => {
    const contactId = await contact('eve@example.com');
    const logged = t.emulator.createRecord('communications', { properties: sms('Called back by text', '2026-11-22T09:00:00.000Z'), associations: [{ type: 'contacts', id: contactId }] });
    expect(logged.associations).toEqual({ contacts: [contactId] });
    const page = await t.hubspot.crm.associations.v4.basicApi.getPage('contacts', contactId, 'communications');
    expect(page.results.map((r) => r.associationTypes.map((a) => a.typeId))).toEqual([[82]]);
  });
});
