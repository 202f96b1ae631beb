import { AssociationTypes } from '@hubspot/api-client';
import { AssociationSpecAssociationCategoryEnum as Category } from '@hubspot/api-client/lib/codegen/crm/objects/emails/models/AssociationSpec.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { failure, startTestEmulator, type TestEmulator } from './test-kit';

/**
 * E-mails (HubSpot object 0-49: an e-mail logged on a record's timeline), as the SDK reaches
 * them: `crm.objects.emails` (v3 paths) and v4 associations.
 */

let t: TestEmulator;

beforeAll(async () => {
  t = await startTestEmulator();
});
afterAll(() => t.emulator.close());
beforeEach(() => t.emulator.reset());

const to = (id: string, associationTypeId: number) => ({ to: { id }, types: [{ associationCategory: Category.HubspotDefined, associationTypeId }] });

const headers = JSON.stringify({
  from: { email: 'hello@cleaning.example', firstName: 'Atlanta Home Cleaning', lastName: '' },
  to: [{ email: 'ana@example.com', firstName: 'Ana', lastName: 'Lopez' }],
  cc: [],
  bcc: [],
});

/** An e-mail we sent, as the log job would record it. */
const sent = (subject: string, at: string, extra: Record<string, string> = {}) => ({
  hs_timestamp: at,
  hs_email_direction: 'EMAIL',
  hs_email_status: 'SENT',
  hs_email_subject: subject,
  hs_email_text: 'Your cleaning is confirmed.',
  hs_email_headers: headers,
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

describe('HubSpot emulator: emails', () => {
  it('logs an e-mail on a contact (198) and its deal (210); both read it back through v4 associations (197, 209)', async () => {
    const contactId = await contact('ana@example.com');
    const dealId = await deal(contactId);
    const created = await t.hubspot.crm.objects.emails.basicApi.create({
      properties: sent('Your cleaning is confirmed', '2026-12-01T15:00:00.000Z'),
      associations: [to(contactId, AssociationTypes.emailToContact), to(dealId, AssociationTypes.emailToDeal)],
    });
    expect(created.properties).toMatchObject({ hs_email_subject: 'Your cleaning is confirmed', hs_email_direction: 'EMAIL', hs_email_status: 'SENT', hs_timestamp: '2026-12-01T15:00:00.000Z' });

    const fromContact = await t.hubspot.crm.associations.v4.basicApi.getPage('contacts', contactId, 'emails');
    expect(fromContact.results.map((r) => [String(r.toObjectId), r.associationTypes.map((a) => a.typeId)])).toEqual([[created.id, [197]]]);
    const fromDeal = await t.hubspot.crm.associations.v4.batchApi.getPage('deals', 'emails', { inputs: [{ id: dealId }] });
    expect(fromDeal.results.map((r) => r.to.map((x) => [String(x.toObjectId), x.associationTypes.map((a) => a.typeId)]))).toEqual([[[created.id, [209]]]]);

    // Read by its type id too, with the v3 association names.
    const read = await t.hubspot.crm.objects.basicApi.getById('0-49', created.id, ['hs_email_subject'], undefined, ['contacts', 'deals']);
    expect(read.associations?.contacts?.results).toEqual([{ id: contactId, type: 'email_to_contact' }]);
    expect(read.associations?.deals?.results).toEqual([{ id: dealId, type: 'email_to_deal' }]);
  });

  it('fills the read-only sender and recipient properties from hs_email_headers, and refuses writing them', async () => {
    const { id } = await t.hubspot.crm.objects.emails.basicApi.create({ properties: sent('Reminder', '2026-12-02T15:00:00.000Z'), associations: [] });
    const derived = ['hs_email_from_email', 'hs_email_from_firstname', 'hs_email_to_email', 'hs_email_to_firstname', 'hs_email_to_lastname'];
    const read = await t.hubspot.crm.objects.emails.basicApi.getById(id, ['hs_email_headers', ...derived]);
    expect(read.properties).toMatchObject({
      hs_email_headers: headers,
      hs_email_from_email: 'hello@cleaning.example',
      hs_email_from_firstname: 'Atlanta Home Cleaning',
      hs_email_to_email: 'ana@example.com',
      hs_email_to_firstname: 'Ana',
      hs_email_to_lastname: 'Lopez',
    });

    // Several recipients are joined, and new headers replace what the old ones gave.
    const two = JSON.stringify({ from: { email: 'office@cleaning.example' }, to: [{ email: 'ana@example.com' }, { email: 'ben@example.com' }] });
    await t.hubspot.crm.objects.emails.basicApi.update(id, { properties: { hs_email_headers: two } });
    const again = await t.hubspot.crm.objects.emails.basicApi.getById(id, derived);
    expect(again.properties).toMatchObject({ hs_email_from_email: 'office@cleaning.example', hs_email_from_firstname: null, hs_email_to_email: 'ana@example.com;ben@example.com' });

    const refused = await failure(t.hubspot.crm.objects.emails.basicApi.update(id, { properties: { hs_email_to_email: 'someone@example.com' } }));
    expect(refusedProperties(refused.body)).toEqual(['hs_email_to_email:READ_ONLY_VALUE']);
  });

  it('refuses a direction or status HubSpot does not offer, and an unknown property', async () => {
    const at = '2026-12-01T15:00:00.000Z';
    const direction = await failure(t.hubspot.crm.objects.emails.basicApi.create({ properties: sent('x', at, { hs_email_direction: 'OUTGOING' }), associations: [] }));
    expect(direction.code).toBe(400);
    expect(direction.body.category).toBe('VALIDATION_ERROR');
    expect(refusedProperties(direction.body)).toEqual(['hs_email_direction:INVALID_OPTION']);

    const status = await failure(t.hubspot.crm.objects.emails.basicApi.create({ properties: sent('x', at, { hs_email_status: 'DELIVERED' }), associations: [] }));
    expect(refusedProperties(status.body)).toEqual(['hs_email_status:INVALID_OPTION']);

    const unknown = await failure(t.hubspot.crm.objects.emails.basicApi.create({ properties: sent('x', at, { hs_email_message_id: '<1@cleaning.example>' }), associations: [] }));
    expect(refusedProperties(unknown.body)).toEqual(['hs_email_message_id:PROPERTY_DOESNT_EXIST']);
    expect(t.emulator.objects('emails')).toHaveLength(0);
  });

  it('refuses a new e-mail without hs_timestamp, and nothing else is required', async () => {
    const { hs_timestamp: _, ...noTime } = sent('No time', '');
    const refused = await failure(t.hubspot.crm.objects.emails.basicApi.create({ properties: noTime, associations: [] }));
    expect(refused.code).toBe(400);
    expect(refusedProperties(refused.body)).toEqual(['hs_timestamp:REQUIRED_PROPERTY']);
    const bare = await t.hubspot.crm.objects.emails.basicApi.create({ properties: { hs_timestamp: '1796137200000' }, associations: [] });
    expect(bare.properties.hs_timestamp).toBe(new Date(1796137200000).toISOString());
  });

  it('refuses an association type that does not lead from e-mails (a communication\'s 81), and a contact that does not exist', async () => {
    const contactId = await contact('cy@example.com');
    const wrongType = await t.crm('POST', '/crm/v3/objects/emails', { properties: sent('x', '2026-12-01T15:00:00.000Z'), associations: [to(contactId, AssociationTypes.communicationToContact)] });
    expect(wrongType.status).toBe(400);
    expect(wrongType.json).toMatchObject({ category: 'VALIDATION_ERROR', context: { associationTypeId: ['81'] } });
    expect(String(wrongType.json.message)).toContain('One or more associations are invalid');

    const noContact = await failure(t.hubspot.crm.objects.emails.basicApi.create({ properties: sent('x', '2026-12-01T15:00:00.000Z'), associations: [to('99999999', 198)] }));
    expect(noContact.code).toBe(404);
    expect(t.emulator.objects('emails')).toHaveLength(0);
  });

  it('batch creates (a bad input fails alone when every input is traced) and batch reads', async () => {
    const contactId = await contact('dee@example.com');
    const created = await t.hubspot.crm.objects.emails.batchApi.create({
      inputs: [
        { objectWriteTraceId: 'in-1', properties: sent('Booked', '2026-12-01T15:00:00.000Z'), associations: [to(contactId, 198)] },
        { objectWriteTraceId: 'in-2', properties: sent('Bad', '2026-12-01T15:01:00.000Z', { hs_email_status: 'OPENED' }), associations: [] },
      ],
    });
    expect(created.results.map((r) => r.properties.hs_email_subject)).toEqual(['Booked']);
    expect('errors' in created && created.errors?.map((e) => e.context)).toEqual([expect.objectContaining({ objectWriteTraceId: ['in-2'] })]);
    const id = created.results[0]?.id ?? '';
    const read = await t.hubspot.crm.objects.emails.batchApi.read({ inputs: [{ id }], properties: ['hs_email_subject', 'hs_timestamp'], propertiesWithHistory: [] });
    expect(read.results[0]?.properties).toMatchObject({ hs_email_subject: 'Booked', hs_timestamp: '2026-12-01T15:00:00.000Z' });
  });

  it('takes the contacts scopes or sales-email-read, as HubSpot\'s Emails spec lists them', async () => {
    await t.emulator.close();
    t = await startTestEmulator({ scopes: ['crm.objects.deals.read', 'crm.objects.deals.write'] });
    try {
      expect((await failure(t.hubspot.crm.objects.emails.basicApi.getPage(10))).code).toBe(403);
      const write = await failure(t.hubspot.crm.objects.emails.basicApi.create({ properties: sent('x', '2026-12-01T15:00:00.000Z'), associations: [] }));
      expect(write.code).toBe(403);
      expect(write.body.category).toBe('MISSING_SCOPES');
      await t.emulator.close();
      t = await startTestEmulator({ scopes: ['sales-email-read'] });
      await t.hubspot.crm.objects.emails.basicApi.create({ properties: sent('x', '2026-12-01T15:00:00.000Z'), associations: [] });
      expect((await t.hubspot.crm.objects.emails.basicApi.getPage(10)).results).toHaveLength(1);
    } finally {
      await t.emulator.close();
      t = await startTestEmulator();
    }
  });

  it('refuses a unique-value property on e-mails, as on every activity', async () => {
    const refused = await failure(
      t.hubspot.crm.properties.coreApi.create('emails', {
        name: 'app_message_id',
        label: 'Portal message id',
        type: 'string' as never,
        fieldType: 'text' as never,
        groupName: 'emailinformation',
        hasUniqueValue: true,
      }),
    );
    expect(refused.code).toBe(400);
    expect(String(refused.body.message)).toContain('unique');
  });
});
