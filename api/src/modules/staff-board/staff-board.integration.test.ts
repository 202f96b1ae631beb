import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@app/db/client';
import { recordPullCompleted } from '@app/db/sync-status';
import { STAGE } from '@app/shared/deal-stages';
import { dealDetailsSchema, requestsListSchema, todayBoardSchema, type StaffRequest } from '@app/shared/staff-board';
import { createOwnTestDatabase } from '../../../../test/context';
import type { TestDatabase } from '../../../../test/database';
import { createCustomer, signIn, TestBrowser } from '../../../../test/portal-app';
import { staffSignIn, startStaffApi, type StaffApi } from '../../../../test/staff-app';

// 9:00 in Atlanta (EST) on Tuesday, November 24.
const NOW = new Date('2026-11-24T14:00:00Z');
const HOUR = 3_600_000;
const at = (iso: string) => new Date(iso);

type DealInput = Parameters<Db['deal']['create']>[0]['data'];

describe('staff board API (today board, open requests)', () => {
  let database: TestDatabase;
  let api: StaffApi;
  let staff: TestBrowser;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    // A database of its own: the board counts everything in the mirror.
    database = await createOwnTestDatabase('board');
    api = await startStaffApi('board', NOW, {}, { databaseUrl: database.url, hubspotAccountId: '123456' });
    staff = new TestBrowser(api.url);
    expect((await staffSignIn(api, staff)).landing).toBe('/admin/dashboard');
    const { db } = api;

    const ann = await db.contact.create({ data: { email: 'ann.able@example.com', firstName: 'Ann', lastName: 'Able', phone: '+14045550101' } });
    const ben = await db.contact.create({ data: { email: 'ben.baker@example.com', firstName: 'Ben', lastName: 'Baker', phone: '+14045550102' } });
    const olive = await db.owner.create({ data: { hubspotId: 'owner-olive', firstName: 'Olive', lastName: 'Owner', email: 'olive@cleaning.example' } });
    const deal = async (key: string, data: Partial<DealInput>) => {
      ids[key] = (await db.deal.create({ data: { stageId: STAGE.CLEANING_SCHEDULED, source: 'hubspot', street: '1 Main St', city: 'Atlanta', state: 'GA', zip: '30303', serviceType: 'Deep Clean', ...data } as DealInput })).id;
    };
    await deal('today', { contactId: ann.id, hubspotId: 'hs-today', scheduledAt: at('2026-11-24T15:00:00Z'), ownerId: olive.id });
    await deal('tomorrow', { contactId: ben.id, scheduledAt: at('2026-11-25T16:00:00Z'), street: '9 Oak Ave' });
    // 23:00 on Monday in Atlanta: yesterday, though the same UTC date.
    await deal('yesterday', { contactId: ann.id, scheduledAt: at('2026-11-24T04:00:00Z'), ownerId: olive.id, invoiceStatus: 'open', invoiceAmountCents: 34_900 });
    // 00:30 on Thursday in Atlanta: neither today nor tomorrow, but within the week and unassigned.
    await deal('thursday', { contactId: ben.id, scheduledAt: at('2026-11-26T05:30:00Z') });
    await deal('nextMonth', { contactId: ben.id, scheduledAt: at('2026-12-20T15:00:00Z') });
    await deal('archived', { contactId: ann.id, scheduledAt: at('2026-11-24T18:00:00Z'), archivedAt: NOW });
    await deal('paidPast', { contactId: ann.id, scheduledAt: at('2026-11-20T15:00:00Z'), ownerId: olive.id, invoiceStatus: 'paid' });
    await deal('olderRequest', { contactId: ben.id, stageId: STAGE.CLEAN_REQUESTED, createdAt: new Date(NOW.getTime() - 30 * HOUR), hubspotId: 'hs-req' });
    await deal('newerRequest', { contactId: ann.id, stageId: STAGE.CLEAN_REQUESTED, createdAt: new Date(NOW.getTime() - 1 * HOUR) });

    const ticket = async (key: string, data: { dealId: string; category: 'RescheduleRequest' | 'CancellationRequest'; pipelineStage?: string; hoursAgo: number; reason: string }) => {
      const { hoursAgo, ...rest } = data;
      ids[key] = (await db.ticket.create({ data: { ...rest, createdAt: new Date(NOW.getTime() - hoursAgo * HOUR), changeType: rest.category === 'RescheduleRequest' ? 'Reschedule to another day' : null, hubspotId: `hs-${key}` } })).id;
    };
    await ticket('reschedule', { dealId: ids.today!, category: 'RescheduleRequest', hoursAgo: 5, reason: 'Out of town' });
    await ticket('cancellation', { dealId: ids.thursday!, category: 'CancellationRequest', pipelineStage: '1', hoursAgo: 50, reason: 'Moving away' });
    await ticket('closed', { dealId: ids.tomorrow!, category: 'CancellationRequest', pipelineStage: '4', hoursAgo: 80, reason: 'Handled' });
  });
  afterAll(async () => {
    await api?.close();
    await database?.drop();
  });

  // First: it leaves a login code in the outbox, which the sync test counts.
  it('is for staff only: 401 without a session, 403 with a customer\'s', async () => {
    const customer = await createCustomer(api.db, { with: 'invite' });
    const customerBrowser = new TestBrowser(api.url);
    await signIn(api, customerBrowser, customer);
    for (const path of ['/api/internal/admin/today', '/api/internal/admin/requests']) {
      expect((await new TestBrowser(api.url).request(path)).status).toBe(401);
      expect((await customerBrowser.request(path)).status).toBe(403);
    }
  });

  it('shows today\'s and tomorrow\'s cleanings by the Eastern calendar, with customer and cleaner', async () => {
    const res = await staff.request('/api/internal/admin/today');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const board = todayBoardSchema.parse(await res.json());
    expect(board.today.date).toBe('2026-11-24');
    expect(board.today.cleanings.map((d) => d.id)).toEqual([ids.today]);
    expect(board.today.cleanings[0]).toMatchObject({
      customer: { name: 'Ann Able', email: 'ann.able@example.com', phone: '+14045550101' },
      cleaner: 'Olive Owner',
      address: '1 Main St, Atlanta, GA 30303',
      serviceType: 'Deep Clean',
      stageLabel: 'Cleaning Scheduled',
      hubspotUrl: 'https://app.hubspot.com/contacts/123456/record/0-3/hs-today',
    });
    expect(board.tomorrow).toMatchObject({ date: '2026-11-25', cleanings: [{ id: ids.tomorrow, cleaner: null, customer: { name: 'Ben Baker' }, hubspotUrl: null }] });
  });

  it('lists new bookings and open change/cancel requests oldest first, each with its cleaning', async () => {
    const board = todayBoardSchema.parse(await (await staff.request('/api/internal/admin/today')).json());
    expect(board.newBookings.count).toBe(2);
    expect(board.newBookings.items.map((r) => r.deal.id)).toEqual([ids.olderRequest, ids.newerRequest]);
    expect(board.newBookings.items[0]).toMatchObject({ kind: 'booking', hubspotUrl: 'https://app.hubspot.com/contacts/123456/record/0-3/hs-req' });
    // The closed ticket (stage 4) is not open.
    expect(board.openChanges.count).toBe(2);
    expect(board.openChanges.items.map((r) => [r.kind, r.deal.id, r.reason])).toEqual([
      ['cancellation', ids.thursday, 'Moving away'],
      ['reschedule', ids.today, 'Out of town'],
    ]);
    expect(board.openChanges.items[1]).toMatchObject({
      createdAt: new Date(NOW.getTime() - 5 * HOUR).toISOString(),
      changeType: 'Reschedule to another day',
      hubspotUrl: 'https://app.hubspot.com/contacts/123456/record/0-5/hs-reschedule',
      deal: { scheduledAt: '2026-11-24T15:00:00.000Z', customer: { name: 'Ann Able' } },
    });
  });

  it('flags unassigned cleanings of the next 7 days and invoices still open after the cleaning', async () => {
    const board = todayBoardSchema.parse(await (await staff.request('/api/internal/admin/today')).json());
    expect(board.unassigned).toMatchObject({ count: 2, items: [{ id: ids.tomorrow }, { id: ids.thursday }] });
    expect(board.unpaid).toMatchObject({ count: 1, items: [{ id: ids.yesterday, invoiceStatus: 'open', amount: '349.00' }] });
  });

  it('shows a change on the next board at once, though one board is shared by everyone while nothing changes', async () => {
    const owner = await api.db.owner.findUniqueOrThrow({ where: { hubspotId: 'owner-olive' } });
    const first = todayBoardSchema.parse(await (await staff.request('/api/internal/admin/today')).json());
    expect(first.unassigned.count).toBe(2);
    await api.db.deal.update({ where: { id: ids.thursday! }, data: { ownerId: owner.id } });
    const assigned = todayBoardSchema.parse(await (await staff.request('/api/internal/admin/today')).json());
    expect(assigned.unassigned).toMatchObject({ count: 1, items: [{ id: ids.tomorrow }] });
    // A customer's new name is a change too.
    await api.db.contact.updateMany({ where: { firstName: 'Ben' }, data: { lastName: 'Bakerson' } });
    const renamed = todayBoardSchema.parse(await (await staff.request('/api/internal/admin/today')).json());
    expect(renamed.tomorrow.cleanings[0]?.customer?.name).toBe('Ben Bakerson');
    await api.db.contact.updateMany({ where: { firstName: 'Ben' }, data: { lastName: 'Baker' } });
    await api.db.deal.update({ where: { id: ids.thursday! }, data: { ownerId: null } });
    expect(todayBoardSchema.parse(await (await staff.request('/api/internal/admin/today')).json()).unassigned.count).toBe(2);
  });

  it('reports the sync\'s health: outbox backlog, failed jobs, last pull, account check', async () => {
    const before = todayBoardSchema.parse(await (await staff.request('/api/internal/admin/today')).json());
    expect(before.sync).toMatchObject({ failedJobs: 0, lastPullAt: null, crmReady: null });
    // The customer's login code of the first test waits in the outbox: no worker runs here.
    expect(before.sync.outboxPending).toBe(await api.db.outboxEvent.count({ where: { status: 'pending' } }));
    expect(before.sync.outboxPending).toBeGreaterThan(0);

    await recordPullCompleted(api.db, new Date(NOW.getTime() - 60_000));
    await api.db.crmAccountStatus.create({ data: { id: 1, ready: true, checkedAt: NOW } });
    const after = todayBoardSchema.parse(await (await staff.request('/api/internal/admin/today')).json());
    expect(after.sync).toMatchObject({ lastPullAt: '2026-11-24T13:59:00.000Z', crmReady: true });
  });

  it('counts the customer texts of the last 7 days by kind and outcome, and the phones that opted out', async () => {
    const { db } = api;
    const text = (purpose: 'cleaning_confirmed' | 'reminder' | 'login_code', status: 'delivered' | 'sent' | 'undelivered' | 'canceled', daysAgo = 0) =>
      db.smsMessage.create({ data: { purpose, status, to: '+14045550101', createdAt: new Date(NOW.getTime() - daysAgo * 86_400_000) } });
    await text('cleaning_confirmed', 'delivered');
    await text('cleaning_confirmed', 'delivered');
    await text('cleaning_confirmed', 'undelivered');
    await text('cleaning_confirmed', 'delivered', 8);
    await text('reminder', 'sent');
    await text('reminder', 'canceled');
    await text('login_code', 'delivered');
    await db.smsOptOut.create({ data: { phone: '+14045550102', source: 'keyword', keyword: 'STOP' } });

    const { texts } = todayBoardSchema.parse(await (await staff.request('/api/internal/admin/today')).json());
    expect(texts.optedOut).toBe(1);
    expect(texts.kinds.map((k) => k.kind)).toEqual(['request_received', 'cleaning_confirmed', 'reminder', 'request_answered', 'rescheduled', 'invoice_ready']);
    expect(texts.kinds.find((k) => k.kind === 'cleaning_confirmed')).toEqual({ kind: 'cleaning_confirmed', label: 'Cleaning confirmed', delivered: 2, pending: 0, failed: 1, canceled: 0 });
    expect(texts.kinds.find((k) => k.kind === 'reminder')).toMatchObject({ delivered: 0, pending: 1, failed: 0, canceled: 1 });
    expect(texts.kinds.find((k) => k.kind === 'invoice_ready')).toMatchObject({ delivered: 0, pending: 0, failed: 0, canceled: 0 });
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

  describe('GET /api/internal/admin/deals/:id', () => {
    it('answers one cleaning for the calendar: customer, cleaner, rooms, notes, map and invoice', async () => {
      const { db } = api;
      const deal = await db.deal.findUniqueOrThrow({ where: { id: ids.today! }, select: { contactId: true, ownerId: true } });
      await db.deal.update({ where: { id: ids.today! }, data: { invoiceNumber: 'INV-0042', invoiceUrl: 'https://invoices.example/42' } });
      await db.bookingRequest.create({
        data: { contactId: deal.contactId!, dealId: ids.today!, source: 'hubspot', payload: {}, description: 'Gate code 1234.', rooms: { kitchen: true, bathroomCount: 2, mainLevelBedrooms: 1, topLevelBedrooms: 2 } },
      });
      const res = await staff.request(`/api/internal/admin/deals/${ids.today}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      const details = dealDetailsSchema.parse(await res.json());
      expect(details).toMatchObject({
        id: ids.today,
        customer: { name: 'Ann Able', email: 'ann.able@example.com' },
        cleaner: 'Olive Owner',
        cleanerId: deal.ownerId,
        address: '1 Main St, Atlanta, GA 30303',
        rooms: 'Kitchen, 2 bathrooms, 3 bedrooms',
        notes: 'Gate code 1234.',
        mapUrl: `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent('1 Main St, Atlanta, GA 30303')}`,
        invoice: { number: 'INV-0042', url: 'https://invoices.example/42', pdfUrl: null },
      });
    });

    it('answers 404 for a cleaning deleted in HubSpot or unknown', async () => {
      expect((await staff.request(`/api/internal/admin/deals/${ids.archived}`)).status).toBe(404);
      const res = await staff.request('/api/internal/admin/deals/nope');
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ error: 'We could not find that cleaning.' });
    });

    it('is for staff only', async () => {
      expect((await new TestBrowser(api.url).request(`/api/internal/admin/deals/${ids.today}`)).status).toBe(401);
    });
  });
});
