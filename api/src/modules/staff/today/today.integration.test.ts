import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordPullCompleted } from '@app/db/sync-status';
import { STAGE } from '@app/shared/deal-stages';
import { todayBoardSchema } from '@app/shared/staff-board';
import { createCustomer, signIn, TestBrowser } from '../../../../../test/portal-app';
import { createOwnTestDatabase } from '../../../../../test/context';
import type { TestDatabase } from '../../../../../test/database';
import { BOARD_NOW as NOW, HOUR, seedBoard } from '../../../../../test/staff-fixtures';
import { staffSignIn, startStaffApi, type StaffApi } from '../../../../../test/staff-app';

describe('staff board API: the today board (GET /api/internal/admin/today)', () => {
  let database: TestDatabase;
  let api: StaffApi;
  let staff: TestBrowser;
  let ids: Record<string, string>;

  beforeAll(async () => {
    // A database of its own: the board counts everything in the mirror.
    database = await createOwnTestDatabase('today');
    api = await startStaffApi('today', NOW, {}, { databaseUrl: database.url, hubspotAccountId: '123456' });
    staff = new TestBrowser(api.url);
    expect((await staffSignIn(api, staff)).landing).toBe('/admin/dashboard');
    ids = await seedBoard(api.db);
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

  it('keeps earlier cleanings never closed out, oldest first, until they are; closed ones are gone', async () => {
    const add = (name: string, stageId: string, scheduledAt: string) =>
      api.db.deal.create({ data: { name, stageId, source: 'hubspot', scheduledAt: new Date(scheduledAt), serviceType: 'Basic Clean' }, select: { id: true } });
    const lastWeek = await add('lastWeek', STAGE.CLEANING_SCHEDULED, '2026-11-17T15:00:00Z');
    const done = await add('doneEarlier', STAGE.CLEANING_DONE, '2026-11-23T15:00:00Z');
    const canceled = await add('noShowEarlier', STAGE.CANCELED, '2026-11-22T15:00:00Z');
    try {
      const res = await staff.request('/api/internal/admin/today');
      expect(res.status).toBe(200);
      const board = todayBoardSchema.parse(await res.json());
      // 23:00 yesterday in Atlanta (the same UTC date as today) is earlier, not today.
      expect(board.earlier.count).toBe(3);
      expect(board.earlier.cleanings.map((d) => d.id)).toEqual([lastWeek.id, ids.paidPast, ids.yesterday]);
      expect(board.earlier.cleanings.map((d) => d.id)).not.toContain(done.id);
      expect(board.earlier.cleanings.map((d) => d.id)).not.toContain(canceled.id);
      expect(board.earlier.cleanings[2]).toMatchObject({ customer: { name: 'Ann Able' }, cleaner: 'Olive Owner', stageLabel: 'Cleaning Scheduled', visit: { state: 'late', stateLabel: 'Late' } });
      expect(board.today.cleanings.map((d) => d.id)).not.toContain(ids.yesterday);

      // Closed out (HubSpot has the change, the mirror follows): it leaves the section.
      await api.db.deal.update({ where: { id: lastWeek.id }, data: { stageId: STAGE.CLEANING_DONE, visitOutcome: 'done' } });
      const after = todayBoardSchema.parse(await (await staff.request('/api/internal/admin/today')).json());
      expect(after.earlier.count).toBe(2);
      expect(after.earlier.cleanings.map((d) => d.id)).toEqual([ids.paidPast, ids.yesterday]);
    } finally {
      await api.db.deal.deleteMany({ where: { id: { in: [lastWeek.id, done.id, canceled.id] } } });
    }
  });

  it('shows at most the board\'s few earlier cleanings, the count whole', async () => {
    const many = await Promise.all(
      Array.from({ length: 11 }, (_, i) =>
        api.db.deal.create({ data: { name: `old${i}`, stageId: STAGE.CLEANING_SCHEDULED, source: 'hubspot', scheduledAt: new Date(Date.UTC(2026, 9, 1 + i, 15)) }, select: { id: true } }),
      ),
    );
    try {
      const board = todayBoardSchema.parse(await (await staff.request('/api/internal/admin/today')).json());
      expect(board.earlier.count).toBe(13);
      expect(board.earlier.cleanings).toHaveLength(10);
      expect(board.earlier.cleanings.map((d) => d.id)).toEqual(many.slice(0, 10).map((d) => d.id));
    } finally {
      await api.db.deal.deleteMany({ where: { id: { in: many.map((d) => d.id) } } });
    }
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
    expect(texts.kinds.map((k) => k.kind)).toEqual(['request_received', 'cleaning_confirmed', 'plan_confirmed', 'reminder', 'request_answered', 'rescheduled', 'invoice_ready', 'invoice_reminder', 'payment_received', 'rating_request', 'on_my_way']);
    expect(texts.kinds.find((k) => k.kind === 'cleaning_confirmed')).toEqual({ kind: 'cleaning_confirmed', label: 'Cleaning confirmed', delivered: 2, pending: 0, failed: 1, canceled: 0 });
    expect(texts.kinds.find((k) => k.kind === 'reminder')).toMatchObject({ delivered: 0, pending: 1, failed: 0, canceled: 1 });
    expect(texts.kinds.find((k) => k.kind === 'invoice_ready')).toMatchObject({ delivered: 0, pending: 0, failed: 0, canceled: 0 });
  });

  it("shows each of today's cleanings' live state, late ones first, and sees a new tap at once", async () => {
    const at = (iso: string) => new Date(iso);
    const add = (key: string, scheduledAt: Date) => api.db.deal.create({ data: { name: key, stageId: '1609338596', source: 'hubspot', scheduledAt }, select: { id: true } });
    const late = await add('late', at('2026-11-24T13:45:00Z')); // 8:45 EST: 15 minutes ago, not started
    const lateOnTheWay = await add('lateOnTheWay', at('2026-11-24T13:30:00Z'));
    const working = await add('working', at('2026-11-24T13:00:00Z'));
    const coming = await add('coming', at('2026-11-24T14:30:00Z'));
    const visit = (dealId: string, data: Record<string, unknown>) =>
      api.db.cleaningVisit.create({ data: { dealId, ownerHubspotId: 'owner-x', cleanerEmail: 'x@example.com', ...data } });
    await visit(lateOnTheWay.id, { onMyWayAt: at('2026-11-24T13:50:00Z'), etaMinutes: 20 });
    await visit(working.id, { startedAt: at('2026-11-24T13:05:00Z') });
    const board = todayBoardSchema.parse(await (await staff.request('/api/internal/admin/today')).json());
    const states = board.today.cleanings.map((d) => [d.id, d.visit.stateLabel]);
    expect(states).toEqual([
      [lateOnTheWay.id, 'Late, on the way'],
      [late.id, 'Late'],
      [working.id, 'In progress'],
      [coming.id, 'Not started'],
      [ids.today, 'Not started'],
    ]);
    // A tap moves the board's data version: the shared lists are not kept for the rest of the minute.
    await visit(coming.id, { onMyWayAt: NOW, etaMinutes: 30 });
    const after = todayBoardSchema.parse(await (await staff.request('/api/internal/admin/today')).json());
    expect(after.today.cleanings.find((d) => d.id === coming.id)!.visit).toMatchObject({ state: 'on_the_way', etaMinutes: 30 });
    expect(after.tomorrow.cleanings[0]!.visit.state).toBe('not_started');
  });
  it('lists paid cleanings that did not move on: paid while canceled, or stuck awaiting payment; not one on its way or moved on', async () => {
    const paid = (name: string, stageId: string, paidAgoHours = 1) =>
      api.db.deal.create({
        data: { name, source: 'hubspot', stageId, invoiceStatus: 'paid', invoiceHubspotId: `inv-${name}`, invoiceAmountCents: 41_110, invoiceHubspotUpdatedAt: new Date(NOW.getTime() - paidAgoHours * HOUR) },
        select: { id: true },
      });
    const canceled = await paid('paid-canceled', STAGE.CANCELED, 2);
    const stuck = await paid('paid-stuck', STAGE.INVOICE_PAYMENT_NEEDED);
    const moving = await paid('paid-moving', STAGE.INVOICE_PAYMENT_NEEDED);
    await api.db.dealCommand.create({
      data: { dealId: moving.id, kind: 'payment', changes: { stageId: STAGE.SCHEDULING_IN_PROGRESS }, seen: { stageId: STAGE.INVOICE_PAYMENT_NEEDED }, staffEmail: 'HubSpot payments' },
    });
    await paid('paid-moved-on', STAGE.SCHEDULING_IN_PROGRESS);
    await paid('paid-long-ago', STAGE.CANCELED, 24 * 40);
    const board = todayBoardSchema.parse(await (await staff.request('/api/internal/admin/today')).json());
    // The newest payment first.
    expect(board.paidElsewhere).toMatchObject({ count: 2, items: [{ id: stuck.id, invoiceStatus: 'paid' }, { id: canceled.id }] });
  });
});
