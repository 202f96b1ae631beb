import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestsListSchema, type StaffRequest } from '@app/shared/staff-board';
import { TestBrowser } from '../../../../../test/portal-app';
import { createOwnTestDatabase } from '../../../../../test/context';
import type { TestDatabase } from '../../../../../test/database';
import { BOARD_NOW as NOW, seedBoard } from '../../../../../test/staff-fixtures';
import { staffSignIn, startStaffApi, type StaffApi } from '../../../../../test/staff-app';

describe('staff board API: the open requests', () => {
  let database: TestDatabase;
  let api: StaffApi;
  let staff: TestBrowser;

  beforeAll(async () => {
    // A database of its own: the board counts everything in the mirror.
    database = await createOwnTestDatabase('requests');
    api = await startStaffApi('requests', NOW, {}, { databaseUrl: database.url, hubspotAccountId: '123456' });
    staff = new TestBrowser(api.url);
    expect((await staffSignIn(api, staff)).landing).toBe('/admin/dashboard');
    await seedBoard(api.db);
  });

  afterAll(async () => {
    await api?.close();
    await database?.drop();
  });

  describe('GET /api/internal/admin/requests', () => {
    const list = async (query = '') => {
      const res = await staff.request(`/api/internal/admin/requests${query}`);
      expect(res.status).toBe(200);
      return requestsListSchema.parse(await res.json());
    };
    const summary = (r: StaffRequest) => [r.kind, r.deal.customer?.name];

    it('puts bookings and tickets in one list, oldest first', async () => {
      const all = await list();
      expect(all.count).toBe(4);
      expect(all.items.map(summary)).toEqual([
        ['cancellation', 'Ben Baker'],
        ['booking', 'Ben Baker'],
        ['reschedule', 'Ann Able'],
        ['booking', 'Ann Able'],
      ]);
    });

    it('filters by kind and by customer or address', async () => {
      expect((await list('?kind=booking')).items.map(summary)).toEqual([['booking', 'Ben Baker'], ['booking', 'Ann Able']]);
      expect((await list('?kind=cancellation')).items.map(summary)).toEqual([['cancellation', 'Ben Baker']]);
      expect((await list('?kind=reschedule')).items.map(summary)).toEqual([['reschedule', 'Ann Able']]);
      expect((await list('?q=baker')).items.map(summary)).toEqual([['cancellation', 'Ben Baker'], ['booking', 'Ben Baker']]);
      expect((await list('?q=ann%20main')).count).toBe(2);
      expect((await list('?q=nobody')).items).toEqual([]);
    });

    it('refuses an unknown kind, naming the field', async () => {
      const res = await staff.request('/api/internal/admin/requests?kind=everything');
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: 'validation_failed', field: 'kind' });
    });
  });
});
