import { AssociationSpecAssociationCategoryEnum as Category } from '@hubspot/api-client/lib/codegen/crm/objects/notes/models/AssociationSpec.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { failure, startTestEmulator, type TestEmulator } from './test-kit';

/** Notes, tasks, calls and meetings (HubSpot's activity objects) and companies, as the SDK reaches them. */

let t: TestEmulator;

beforeAll(async () => {
  t = await startTestEmulator();
});
afterAll(() => t.emulator.close());
beforeEach(() => t.emulator.reset());

const toContact = (id: string, associationTypeId: number) => [{ to: { id }, types: [{ associationCategory: Category.HubspotDefined, associationTypeId }] }];

async function contact(email: string): Promise<string> {
  return (await t.hubspot.crm.contacts.basicApi.create({ properties: { email }, associations: [] })).id;
}

describe('HubSpot emulator: activities and companies', () => {
  it('creates a note on a contact (type 202) and reads it back from the contact through v4 associations (201)', async () => {
    const contactId = await contact('ana@example.com');
    const note = await t.hubspot.crm.objects.notes.basicApi.create({
      properties: { hs_timestamp: '2026-11-20T15:00:00.000Z', hs_note_body: 'Has a dog; gate code 4411.' },
      associations: toContact(contactId, 202),
    });
    expect(note.properties).toMatchObject({ hs_note_body: 'Has a dog; gate code 4411.', hs_timestamp: '2026-11-20T15:00:00.000Z' });

    const page = await t.hubspot.crm.associations.v4.basicApi.getPage('contacts', contactId, 'notes');
    expect(page.results.map((r) => [String(r.toObjectId), r.associationTypes.map((a) => a.typeId)])).toEqual([[note.id, [201]]]);
  });

  it('refuses an activity without hs_timestamp, as HubSpot requires it; a meeting takes its start time', async () => {
    const refused = await failure(t.hubspot.crm.objects.tasks.basicApi.create({ properties: { hs_task_subject: 'Call back' }, associations: [] }));
    expect(refused.code).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('hs_timestamp');

    const meeting = await t.hubspot.crm.objects.meetings.basicApi.create({
      properties: { hs_meeting_title: 'Walkthrough', hs_meeting_start_time: '2026-12-01T14:00:00.000Z' },
      associations: [],
    });
    const read = await t.hubspot.crm.objects.meetings.basicApi.getById(meeting.id, ['hs_timestamp']);
    expect(read.properties.hs_timestamp).toBe('2026-12-01T14:00:00.000Z');
  });

  it('refuses a task status or priority that is not one of HubSpot\'s options, and an unknown property', async () => {
    const base = { hs_timestamp: '2026-11-20T15:00:00.000Z', hs_task_subject: 'Call back' };
    const status = await failure(t.hubspot.crm.objects.tasks.basicApi.create({ properties: { ...base, hs_task_status: 'DONE' }, associations: [] }));
    expect(status.code).toBe(400);
    expect(JSON.stringify(status.body)).toContain('hs_task_status');
    const unknown = await failure(t.hubspot.crm.objects.notes.basicApi.create({ properties: { hs_timestamp: base.hs_timestamp, body: 'x' }, associations: [] }));
    expect(unknown.code).toBe(400);
    expect(JSON.stringify(unknown.body)).toContain('body');
  });

  it('needs the contacts scope to read notes and tasks, and the companies scope to read companies', async () => {
    await t.emulator.close();
    t = await startTestEmulator({ scopes: ['crm.objects.deals.read'] });
    expect((await failure(t.hubspot.crm.objects.notes.basicApi.getPage(10))).code).toBe(403);
    expect((await failure(t.hubspot.crm.companies.basicApi.getPage(10))).code).toBe(403);
    await t.emulator.close();
    t = await startTestEmulator();
  });

  it('keeps a company made in HubSpot with its industry, refuses an industry HubSpot does not offer, and links it to a contact both ways', async () => {
    const contactId = await contact('office@peachtreedental.example');
    const company = t.emulator.createRecord('companies', {
      properties: { name: 'Peachtree Dental', domain: 'peachtreedental.example', industry: 'MEDICAL_PRACTICE', lifecyclestage: 'customer' },
      associations: [{ type: 'contacts', id: contactId }],
    });
    expect(() => t.emulator.createRecord('companies', { properties: { name: 'X', industry: 'Dentistry' } })).toThrow(/industry/);
    const read = await t.hubspot.crm.companies.basicApi.getById(company.id, ['name', 'industry']);
    expect(read.properties).toMatchObject({ name: 'Peachtree Dental', industry: 'MEDICAL_PRACTICE' });

    const fromContact = await t.hubspot.crm.associations.v4.batchApi.getPage('contacts', 'companies', { inputs: [{ id: contactId }] });
    expect(fromContact.results.map((r) => r.to.map((to) => String(to.toObjectId)))).toEqual([[company.id]]);
    const fromCompany = await t.hubspot.crm.associations.v4.batchApi.getPage('companies', 'contacts', { inputs: [{ id: company.id }] });
    expect(fromCompany.results.map((r) => r.to.map((to) => String(to.toObjectId)))).toEqual([[contactId]]);
  });

  it('finds activities changed since a moment with the search API, like any other object', async () => {
    const contactId = await contact('ana@example.com');
    await t.hubspot.crm.objects.tasks.basicApi.create({
      properties: { hs_timestamp: '2026-11-28T15:00:00.000Z', hs_task_subject: 'Confirm key drop-off', hs_task_status: 'NOT_STARTED', hs_task_priority: 'HIGH' },
      associations: toContact(contactId, 204),
    });
    await t.emulator.flush();
    const found = await t.hubspot.crm.objects.searchApi.doSearch('tasks', {
      filterGroups: [],
      sorts: ['hs_lastmodifieddate'],
      properties: ['hs_task_subject', 'hs_task_priority'],
      limit: 10,
    });
    expect(found.results.map((r) => r.properties)).toEqual([expect.objectContaining({ hs_task_subject: 'Confirm key drop-off', hs_task_priority: 'HIGH' })]);
  });
});
