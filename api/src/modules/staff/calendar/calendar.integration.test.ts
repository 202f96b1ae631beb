import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findProduct } from '@app/shared/catalogue';
import { STAGE } from '@app/shared/deal-stages';
import { scheduledDealSchema } from '@app/shared/entities';
import { TestBrowser } from '../../../../../test/portal-app';
import { addDeal, addOwner } from '../../../../../test/staff-fixtures';
import { staffSignIn, startStaffApi, type StaffApi } from '../../../../../test/staff-app';

const unique = () => randomBytes(4).toString('hex');
const START = new Date('2026-11-22T15:00:00Z');

describe('staff API: the calendar', () => {
  let api: StaffApi;
  let staff: TestBrowser;

  beforeAll(async () => {
    api = await startStaffApi('calendar', START);
    staff = new TestBrowser(api.url);
    expect((await staffSignIn(api, staff)).landing).toBe('/admin/dashboard');
  });
  afterAll(() => api.close());

  describe('GET /api/hubspot/admin/scheduledDeals', () => {
    let ids: Record<string, string>;
    let ownerName: string;
    let ownerId: string;

    beforeAll(async () => {
      const owner = await addOwner(api.db, 'Maria', `Alvarez${unique()}`);
      ownerName = `Maria ${owner.lastName}`;
      ownerId = owner.id;
      const at = (iso: string) => new Date(iso);
      const scheduled = await addDeal(api.db, {
        stageId: STAGE.CLEANING_SCHEDULED,
        scheduledAt: at('2031-03-02T14:00:00Z'),
        serviceType: 'Deep Clean',
        street: '12 Peachtree St NE',
        city: 'Atlanta',
        state: 'GA',
        zip: '30303',
        ownerId: owner.id,
        durationMinutes: 150,
        contactId: (await api.db.contact.create({ data: { email: `calendar.${unique()}@example.com`, firstName: 'Cal', lastName: 'Endar' } })).id,
      });
      // A portal request's type is a product id: the calendar shows the product's name.
      const product = await addDeal(api.db, { stageId: STAGE.CLEANING_SCHEDULED, scheduledAt: at('2031-03-03T15:30:00Z'), serviceType: 'deep-1500', street: '1 Main St, Decatur, GA 30030' });
      const untyped = await addDeal(api.db, { stageId: STAGE.CLEANING_SCHEDULED, scheduledAt: at('2031-03-04T13:00:00Z') });
      const undated = await addDeal(api.db, { stageId: STAGE.CLEANING_SCHEDULED });
      const requested = await addDeal(api.db, { stageId: STAGE.CLEAN_REQUESTED, scheduledAt: at('2031-03-02T16:00:00Z') });
      const done = await addDeal(api.db, { stageId: STAGE.CLEANING_DONE, scheduledAt: at('2031-03-01T16:00:00Z') });
      ids = { scheduled: scheduled.id, product: product.id, untyped: untyped.id, undated: undated.id, requested: requested.id, done: done.id };
    });

    it('lists the deals in Cleaning Scheduled that have a date, with title, ISO start, address, owner, owner id, customer, stage and duration', async () => {
      const res = await staff.request('/api/hubspot/admin/scheduledDeals');
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      const deals = (await res.json()) as { id: string }[];
      for (const deal of deals) scheduledDealSchema.parse(deal);
      const mine = deals.filter((d) => Object.values(ids).includes(d.id));
      const scheduledDeal = await api.db.deal.findUniqueOrThrow({ where: { id: ids.scheduled! }, select: { contactId: true } });
      const stageId = STAGE.CLEANING_SCHEDULED;
      const notStarted = { visitState: 'not_started', visitStateLabel: 'Not started' };
      expect(mine).toEqual([
        { id: ids.scheduled, title: 'Deep Clean', date: '2031-03-02T14:00:00.000Z', address: '12 Peachtree St NE, Atlanta, GA 30303', owner: ownerName, ownerId, customer: 'Cal Endar', contactId: scheduledDeal.contactId, stageId, durationMinutes: 150, ...notStarted },
        { id: ids.product, title: findProduct('deep-1500')!.name, date: '2031-03-03T15:30:00.000Z', address: '1 Main St, Decatur, GA 30030', owner: null, ownerId: null, customer: null, contactId: null, stageId, durationMinutes: 240, ...notStarted },
        { id: ids.untyped, title: 'Cleaning', date: '2031-03-04T13:00:00.000Z', address: null, owner: null, ownerId: null, customer: null, contactId: null, stageId, durationMinutes: 120, ...notStarted },
      ]);
    });

    it('adds finished cleanings with ?stage=all, only them with ?stage=done, and refuses another stage', async () => {
      const listed = async (stage: string) => ((await (await staff.request(`/api/hubspot/admin/scheduledDeals?stage=${stage}`)).json()) as { id: string }[]).map((d) => d.id).filter((id) => Object.values(ids).includes(id));
      expect(await listed('all')).toEqual([ids.done, ids.scheduled, ids.product, ids.untyped]);
      expect(await listed('done')).toEqual([ids.done]);
      expect((await staff.request('/api/hubspot/admin/scheduledDeals?stage=requested')).status).toBe(400);
    });

    it("shows each cleaning's live state from its cleaner's taps (one query: the visit is joined)", async () => {
      const today = await addDeal(api.db, { stageId: STAGE.CLEANING_SCHEDULED, scheduledAt: new Date(START.getTime() - 30 * 60_000) });
      const started = await addDeal(api.db, { stageId: STAGE.CLEANING_SCHEDULED, scheduledAt: new Date(START.getTime() - 60 * 60_000) });
      await api.db.cleaningVisit.create({ data: { dealId: started.id, ownerHubspotId: 'owner-x', cleanerEmail: 'x@example.com', startedAt: START } });
      const done = await addDeal(api.db, { stageId: STAGE.CLEANING_DONE, scheduledAt: new Date(START.getTime() - 120 * 60_000) });
      const window = `start=${encodeURIComponent(new Date(START.getTime() - 3 * 3_600_000).toISOString())}&end=${encodeURIComponent(START.toISOString())}&stage=all`;
      const deals = (await (await staff.request(`/api/hubspot/admin/scheduledDeals?${window}`)).json()) as Array<{ id: string; visitState: string; visitStateLabel: string }>;
      const stateOf = (id: string) => deals.find((d) => d.id === id);
      expect(stateOf(today.id)).toMatchObject({ visitState: 'late', visitStateLabel: 'Late' });
      expect(stateOf(started.id)).toMatchObject({ visitState: 'in_progress', visitStateLabel: 'In progress' });
      expect(stateOf(done.id)).toMatchObject({ visitState: 'done', visitStateLabel: 'Done' });
    });

    it('narrows to ?start=&end= (the calendar’s visible range) and refuses a malformed one', async () => {
      const res = await staff.request(`/api/hubspot/admin/scheduledDeals?start=${encodeURIComponent('2031-03-03T00:00:00Z')}&end=${encodeURIComponent('2031-03-04T00:00:00Z')}`);
      expect(((await res.json()) as { id: string }[]).map((d) => d.id)).toEqual([ids.product]);
      expect((await staff.request('/api/hubspot/admin/scheduledDeals?start=tomorrow')).status).toBe(400);
    });
  });
});
