import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@app/db/client';
import { STAGE } from '@app/shared/deal-stages';
import { companySchema } from '@app/shared/entities';
import { createCustomer, TestBrowser } from '../../../../../test/portal-app';
import { staffSignIn, startStaffApi, type StaffApi } from '../../../../../test/staff-app';

const NOW = new Date('2026-11-22T15:00:00Z');
const unique = () => randomBytes(4).toString('hex');
const ACCOUNT = '4400123';

type ActivityInput = Parameters<Db['crmActivity']['create']>[0]['data'];

describe('customer page: what staff logged in HubSpot, and the company (GET /api/hubspot/contact-details/:id)', () => {
  let api: StaffApi;
  let staff: TestBrowser;

  beforeAll(async () => {
    api = await startStaffApi('staff', NOW, {}, { hubspotAccountId: ACCOUNT });
    staff = new TestBrowser(api.url);
    await staffSignIn(api, staff);
  });
  afterAll(() => api.close());

  /** A customer already in HubSpot (a contact id there), optionally at a company. */
  async function customerInHubSpot(companyHubspotId: string | null = null) {
    const contact = await createCustomer(api.db, { with: 'nothing' });
    const hubspotId = `c-${unique()}`;
    await api.db.contact.update({ where: { id: contact.id }, data: { hubspotId, companyHubspotId } });
    return { id: contact.id, hubspotId };
  }
  const activity = (data: Omit<ActivityInput, 'hubspotId' | 'hubspotUpdatedAt'>) =>
    api.db.crmActivity.create({ data: { hubspotId: unique(), hubspotUpdatedAt: NOW, ...data } as ActivityInput });
  const details = async (id: string) => (await (await staff.request(`/api/hubspot/contact-details/${id}`)).json()) as Record<string, unknown> & {
    tasks: Record<string, unknown>[];
    notes: Record<string, unknown>[];
    activities: Record<string, unknown>[];
    company: Record<string, unknown> | null;
  };

  it('lists open tasks by due date before done ones, notes newest first, and calls and meetings among the activities, with their owners', async () => {
    const c = await customerInHubSpot();
    const owner = await api.db.owner.create({ data: { hubspotId: `o-${unique()}`, firstName: 'Maria', lastName: 'Lopez' } });
    const on = { contactHubspotIds: [c.hubspotId] };
    await activity({ ...on, kind: 'task', title: 'Send quote', status: 'COMPLETED', occursAt: new Date('2026-11-18T15:00:00Z') });
    await activity({ ...on, kind: 'task', title: 'Confirm key drop-off', status: 'NOT_STARTED', priority: 'HIGH', occursAt: new Date('2026-11-28T17:00:00Z'), ownerHubspotId: owner.hubspotId });
    await activity({ ...on, kind: 'task', title: 'Call about the dog', status: 'WAITING', occursAt: new Date('2026-11-24T17:00:00Z') });
    await activity({ ...on, kind: 'note', body: 'Gate code 4411', occursAt: new Date('2026-11-19T15:00:00Z') });
    await activity({ ...on, kind: 'note', body: 'Prefers mornings', occursAt: new Date('2026-11-21T15:00:00Z') });
    await activity({ ...on, kind: 'meeting', title: 'Walkthrough', status: 'SCHEDULED', occursAt: new Date('2026-12-02T15:00:00Z') });
    await activity({ ...on, kind: 'note', body: 'Deleted in HubSpot', archivedAt: NOW });
    await activity({ contactHubspotIds: ['someone-else'], kind: 'note', body: 'Not this customer' });

    const body = await details(c.id);
    expect(body.tasks.map((t) => [t.title, t.status])).toEqual([
      ['Call about the dog', 'WAITING'],
      ['Confirm key drop-off', 'NOT_STARTED'],
      ['Send quote', 'COMPLETED'],
    ]);
    expect(body.tasks[1]).toMatchObject({ kind: 'task', priority: 'HIGH', at: '2026-11-28T17:00:00.000Z', owner: 'Maria Lopez' });
    expect(body.notes.map((n) => n.body)).toEqual(['Prefers mornings', 'Gate code 4411']);
    expect(body.activities).toEqual([expect.objectContaining({ kind: 'meeting', title: 'Walkthrough', status: 'SCHEDULED', at: '2026-12-02T15:00:00.000Z' })]);
    expect(body.company).toBeNull();
  });

  it('shows the company (spec §3 Company): facts, industry in words or N/A, the people and cleanings we hold at it, its upcoming activities', async () => {
    const companyId = `co-${unique()}`;
    await api.db.company.create({
      data: { hubspotId: companyId, name: 'Peachtree Dental', domain: 'peachtreedental.example', industry: 'MEDICAL_PRACTICE', lifecycleStage: 'customer', hubspotCreatedAt: new Date('2026-01-05T12:00:00Z'), hubspotUpdatedAt: NOW },
    });
    const front = await customerInHubSpot(companyId);
    const office = await customerInHubSpot(companyId);
    await api.db.deal.create({ data: { name: 'Office clean', stageId: STAGE.CLEANING_SCHEDULED, source: 'hubspot', contactId: office.id, scheduledAt: new Date('2026-12-04T14:00:00Z') } });
    const on = { companyHubspotIds: [companyId] };
    await activity({ ...on, kind: 'call', title: 'Renewal call', occursAt: new Date('2026-12-01T15:00:00Z') });
    await activity({ ...on, kind: 'call', title: 'Last month', occursAt: new Date('2026-10-01T15:00:00Z') });
    await activity({ ...on, kind: 'note', body: 'Alarm code at the desk', occursAt: new Date('2026-11-01T15:00:00Z') });

    const { company } = await details(front.id);
    expect(companySchema.parse(company)).toMatchObject({
      name: 'Peachtree Dental',
      domain: 'peachtreedental.example',
      industry: 'Medical practice',
      lifecycle: 'customer',
      createdAt: '2026-01-05T12:00:00.000Z',
      hubspotId: companyId,
      subscriptions: [],
    });
    expect(company).toMatchObject({ hubspotUrl: `https://app.hubspot.com/contacts/${ACCOUNT}/record/0-2/${companyId}` });
    expect((company?.people as { id: string }[]).map((p) => p.id)).toEqual([front.id, office.id]);
    expect(company?.deals).toEqual([expect.objectContaining({ dealname: 'Office clean', stageLabel: 'Cleaning Scheduled', scheduledAt: '2026-12-04T14:00:00.000Z' })]);
    expect((company?.activities as Record<string, unknown>[]).map((a) => a.title)).toEqual(['Renewal call']);
    expect((company?.notes as Record<string, unknown>[]).map((n) => n.body)).toEqual(['Alarm code at the desk']);

    // No industry set in HubSpot: 'N/A', as docs/product.md §3 says.
    await api.db.company.update({ where: { hubspotId: companyId }, data: { industry: null } });
    expect((await details(front.id)).company).toMatchObject({ industry: 'N/A' });
  });
});
