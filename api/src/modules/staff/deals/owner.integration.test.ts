import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAGE } from '@app/shared/deal-stages';
import { TestBrowser } from '../../../../../test/portal-app';
import { addDeal, addOwner } from '../../../../../test/staff-fixtures';
import { staffSignIn, startStaffApi, type StaffApi } from '../../../../../test/staff-app';

const unique = () => randomBytes(4).toString('hex');
const START = new Date('2026-11-22T15:00:00Z');

describe('staff API: a cleaning\'s cleaner', () => {
  let api: StaffApi;
  let staff: TestBrowser;

  beforeAll(async () => {
    api = await startStaffApi('deal-owner', START);
    staff = new TestBrowser(api.url);
    expect((await staffSignIn(api, staff)).landing).toBe('/admin/dashboard');
  });
  afterAll(() => api.close());

  describe('cleaner roster', () => {
    it('lists the owners and assigns one to a deal: mirror updated, HubSpot push stored in the outbox', async () => {
      const owner = await addOwner(api.db, 'Aisha', `Johnson${unique()}`);
      const roster = (await (await staff.request('/api/internal/admin/owners')).json()) as Record<string, unknown>[];
      expect(roster).toContainEqual({ id: owner.id, hubspotId: owner.hubspotId, name: `Aisha ${owner.lastName}`, email: owner.email, active: true, isCleaner: false });

      const deal = await addDeal(api.db, { stageId: STAGE.CLEANING_SCHEDULED, scheduledAt: new Date('2031-06-01T14:00:00Z') });
      const res = await staff.post(`/api/internal/admin/deals/${deal.id}/owner`, { ownerId: owner.id });
      expect(res.status).toBe(202);
      expect((await api.db.deal.findUniqueOrThrow({ where: { id: deal.id } })).ownerId).toBe(owner.id);
      const events = await api.db.outboxEvent.findMany({ where: { type: 'crm.assign-owner', aggregateId: deal.id } });
      expect(events.map((e) => e.payload)).toEqual([{ dealId: deal.id, ownerId: owner.id }]);
      const calendar = (await (await staff.request('/api/hubspot/admin/scheduledDeals')).json()) as { id: string; owner: string }[];
      expect(calendar.find((d) => d.id === deal.id)?.owner).toBe(`Aisha ${owner.lastName}`);

      // Unassigning is an assignment too.
      expect((await staff.post(`/api/internal/admin/deals/${deal.id}/owner`, { ownerId: null })).status).toBe(202);
      expect((await api.db.deal.findUniqueOrThrow({ where: { id: deal.id } })).ownerId).toBeNull();
    });

    it('refuses an unknown owner or deal', async () => {
      const deal = await addDeal(api.db, {});
      const unknownOwner = await staff.post(`/api/internal/admin/deals/${deal.id}/owner`, { ownerId: 'no-such-owner' });
      expect(unknownOwner.status).toBe(400);
      expect(await unknownOwner.json()).toMatchObject({ field: 'ownerId' });
      const owner = await addOwner(api.db, 'Zed', 'Zero');
      expect((await staff.post('/api/internal/admin/deals/no-such-deal/owner', { ownerId: owner.id })).status).toBe(404);
      expect(await api.db.outboxEvent.count({ where: { type: 'crm.assign-owner', aggregateId: deal.id } })).toBe(0);
    });
  });
});
