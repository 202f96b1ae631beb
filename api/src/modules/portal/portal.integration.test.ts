import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@app/db/client';
import { createCustomer, signIn, startPortalApi, TestBrowser, type PortalApi, type TestCustomer } from '../../../../test/portal-app';
import { bookingRequestBody } from '@app/shared/booking-request-fixture';
import { apiErrorBody } from '@app/shared/api-error';

const HOUR = 3_600_000;
// 10:00 in Atlanta on Sunday 22 November 2026: the earliest portal request date is 25 November.
const START = new Date('2026-11-22T15:00:00Z');
const STAGE = { requested: '1606828760', scheduled: '1609338596', done: '1606828764', canceled: '1606828765' };

type DealInput = Parameters<Db['deal']['create']>[0]['data'];

async function addDeal(db: Db, contactId: string, data: Partial<DealInput> = {}) {
  return db.deal.create({ data: { contactId, name: 'Deep Clean', stageId: STAGE.requested, source: 'hubspot', ...data } as DealInput });
}

interface PortalDeal {
  id: string;
  dealname: string | null;
  dealstage: string;
  scheduled_date_display: string | null;
  scheduled_date_raw: string | null;
  external_skus: string[];
  properties: Record<string, string | null>;
  invoice_amount: string | null;
  invoice_status: string | null;
  invoice: { amountCents: number | null; status: string | null; number: string | null; pdf_link: string | null; link: string | null };
  status: { label: string; notConfirmed: boolean };
  manage: { disabled: boolean; message: string | null; note: string | null; passed: boolean };
  activeRequest: { id: string; properties: { hs_ticket_category: string; hs_pipeline_stage: string | null } } | null;
  closedRequest: { id: string; properties: { hs_ticket_category: string; hs_pipeline_stage: string | null } } | null;
  messages: { kind: string; status: string; at: string }[];
}

describe('customer portal API', () => {
  let api: PortalApi;
  let alice: TestCustomer;
  let bob: TestCustomer;
  let browser: TestBrowser;
  let bobDealId: string;

  beforeAll(async () => {
    api = await startPortalApi('portal', START);
    alice = await createCustomer(api.db, { with: 'invite' });
    bob = await createCustomer(api.db);
    bobDealId = (await addDeal(api.db, bob.id)).id;
    browser = new TestBrowser(api.url);
    await signIn(api, browser, alice);
  });
  afterAll(() => api.close());

  describe('without a session', () => {
    it.each([
      ['GET', '/api/portal/me'],
      ['GET', '/api/portal/deals'],
      ['GET', '/api/portal/details'],
      ['GET', '/api/hubspot/portal/fetchCustomerProfile'],
      ['GET', '/api/hubspot/portal/fetchTickets?dealIds=abc'],
      ['POST', '/api/hubspot/portal/manageBooking'],
      ['POST', '/api/hubspot/portal/requestBooking'],
    ])('%s %s answers 401', async (method, path) => {
      const anonymous = new TestBrowser(api.url);
      const res = await anonymous.request(path, method === 'POST' ? { method, body: { contactId: alice.id } } : {});
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual(apiErrorBody('Please sign in to continue.', 'unauthorized'));
    });
  });

  it('GET /api/portal/me: the customer session user', async () => {
    const res = await browser.request('/api/portal/me');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(await res.json()).toEqual({
      email: alice.email,
      phone: alice.phone,
      isStaff: false,
      customer: { id: alice.id, accountNumber: expect.stringMatching(/^AC-[2-9A-HJKMNP-Z]{4,}$/), properties: { firstname: 'Pat', lastname: 'Portal', email: alice.email, phone: alice.phone } },
    });
  });

  it('GET /api/portal/details and fetchCustomerProfile', async () => {
    const { accountNumber } = await api.db.contact.findUniqueOrThrow({ where: { id: alice.id } });
    expect(await (await browser.request('/api/portal/details')).json()).toEqual({
      id: alice.id,
      // What the page shows as Account ID: readable, never the internal id.
      accountNumber,
      properties: { firstname: 'Pat', lastname: 'Portal', email: alice.email, phone: alice.phone },
    });
    expect(await (await browser.request('/api/hubspot/portal/fetchCustomerProfile')).json()).toEqual({
      id: alice.id,
      name: 'Pat Portal',
      email: alice.email,
      phone: alice.phone,
      address: '12 Peachtree St NE, Atlanta, GA 30303',
      squareFootage: 1500,
    });
  });

  describe('GET /api/portal/deals', () => {
    let deals: { upcoming: PortalDeal[]; past: PortalDeal[] };
    let ids: Record<string, string>;

    beforeAll(async () => {
      const customer = await createCustomer(api.db, { with: 'nothing' });
      const db = api.db;
      await db.dealStage.upsert({ where: { id: '999000111' }, create: { id: '999000111', label: 'New in HubSpot', displayOrder: 999 }, update: {} });
      const scheduled = await addDeal(db, customer.id, {
        stageId: STAGE.scheduled,
        scheduledAt: new Date('2026-11-30T14:00:00Z'),
        skus: ['deep-1500'],
        invoiceHubspotId: `inv-${customer.id}`,
        invoiceStatus: 'paid',
        invoiceAmountCents: 34_900,
        invoiceNumber: 'INV-1001',
        invoicePdfUrl: 'https://invoices.example/1001.pdf',
        invoiceUrl: 'https://invoices.example/1001',
      });
      const requested = await addDeal(db, customer.id, { stageId: STAGE.requested });
      const soon = await addDeal(db, customer.id, { stageId: STAGE.scheduled, scheduledAt: new Date(START.getTime() + 23 * HOUR) });
      const withActive = await addDeal(db, customer.id, { stageId: STAGE.scheduled, scheduledAt: new Date('2026-12-05T15:00:00Z') });
      await db.ticket.create({ data: { dealId: withActive.id, contactId: customer.id, category: 'RescheduleRequest', pipelineStage: null } });
      const unknown = await addDeal(db, customer.id, { stageId: '999000111', scheduledAt: new Date('2026-12-10T15:00:00Z') });
      const history: string[] = [];
      for (let day = 1; day <= 7; day++) {
        const d = await addDeal(db, customer.id, { stageId: day === 7 ? STAGE.canceled : STAGE.done, scheduledAt: new Date(`2026-10-0${day}T14:00:00Z`) });
        history.push(d.id);
      }
      await db.ticket.create({ data: { dealId: history[6]!, contactId: customer.id, category: 'CancellationRequest', pipelineStage: '4' } });
      await db.deal.update({ where: { id: history[5]! }, data: { invoiceHubspotId: `draft-${customer.id}`, invoiceStatus: 'draft', invoiceAmountCents: 100 } });
      ids = { scheduled: scheduled.id, requested: requested.id, soon: soon.id, withActive: withActive.id, unknown: unknown.id, oldest: history[0]!, newest: history[6]!, draft: history[5]! };
      // Texts about the scheduled cleaning: two went out; a reminder still waits and one was never sent.
      const text = (purpose: 'request_received' | 'cleaning_confirmed' | 'reminder', status: 'delivered' | 'undelivered' | 'queued' | 'canceled', at: string) =>
        db.smsMessage.create({ data: { purpose, status, to: customer.phone, dealId: scheduled.id, createdAt: new Date(at), sentAt: status === 'queued' || status === 'canceled' ? null : new Date(at) } });
      await text('request_received', 'delivered', '2026-11-20T15:00:00Z');
      await text('cleaning_confirmed', 'undelivered', '2026-11-21T15:00:00Z');
      await text('reminder', 'queued', '2026-11-21T15:00:01Z');
      await text('reminder', 'canceled', '2026-11-21T15:00:02Z');

      const own = new TestBrowser(api.url);
      await signIn(api, own, customer);
      deals = (await (await own.request('/api/portal/deals')).json()) as typeof deals;
    });

    it('splits upcoming (soonest first, undated last) from the 6 most recent past deals (newest first)', () => {
      expect(deals.upcoming.map((d) => d.id)).toEqual([ids.soon, ids.scheduled, ids.withActive, ids.unknown, ids.requested]);
      expect(deals.past).toHaveLength(6);
      expect(deals.past[0]?.id).toBe(ids.newest);
      expect(deals.past.map((d) => d.id)).not.toContain(ids.oldest);
    });

    it('shows the scheduled date in Eastern time, the derived invoice and the status', () => {
      const d = deals.upcoming.find((x) => x.id === ids.scheduled)!;
      expect(d.scheduled_date_display).toBe('November 30, 2026 at 9:00 AM');
      expect(d.scheduled_date_raw).toBe('2026-11-30T14:00:00.000Z');
      expect(d.external_skus).toEqual(['deep-1500']);
      expect(d.properties).toEqual({
        hs_amount_billed: '349.00',
        hs_pdf_download_link: 'https://invoices.example/1001.pdf',
        hs_invoice_link: 'https://invoices.example/1001',
        hs_invoice_status: 'paid',
        hs_number: 'INV-1001',
      });
      expect(d.invoice).toEqual({ amountCents: 34_900, pdf_link: 'https://invoices.example/1001.pdf', link: 'https://invoices.example/1001', status: 'paid', number: 'INV-1001' });
      expect(d.status).toEqual({ label: 'Cleaning Scheduled', notConfirmed: false });
      expect(d.manage).toEqual({ disabled: false, message: null, note: null, passed: false });
      // Beyond §3: the reference the customer reads out, where, and (none assigned yet) no cleaner.
      expect((d as unknown as { reference: string }).reference).toMatch(/^ATL-[2-9A-HJKMNP-Z]{4,}$/);
      expect(d).toMatchObject({ cleaner_first_name: null });
      expect(d).toHaveProperty('service_address');
    });

    it('lists the texts that went out about each cleaning, not those waiting or never sent', () => {
      const d = deals.upcoming.find((x) => x.id === ids.scheduled)!;
      expect(d.messages).toEqual([
        { kind: 'request_received', status: 'delivered', at: '2026-11-20T15:00:00.000Z' },
        { kind: 'cleaning_confirmed', status: 'undelivered', at: '2026-11-21T15:00:00.000Z' },
      ]);
      expect(deals.upcoming.find((x) => x.id === ids.requested)?.messages).toEqual([]);
    });

    it('marks unconfirmed and unknown stages', () => {
      expect(deals.upcoming.find((x) => x.id === ids.requested)?.status).toEqual({ label: 'Clean Requested', notConfirmed: true });
      expect(deals.upcoming.find((x) => x.id === ids.unknown)?.status).toEqual({ label: 'Unknown Stage', notConfirmed: true });
      expect(deals.past.find((x) => x.id === ids.newest)?.status).toEqual({ label: 'Canceled', notConfirmed: false });
    });

    it('locks Change and Cancel within 24 hours, and while a request is active', () => {
      expect(deals.upcoming.find((x) => x.id === ids.soon)?.manage).toEqual({
        disabled: true,
        message: 'Changes or cancellations are not available within 24hrs of cleaning date.',
        note: null,
        passed: false,
      });
      const active = deals.upcoming.find((x) => x.id === ids.withActive)!;
      expect(active.activeRequest?.properties).toEqual({ hs_ticket_category: 'Reschedule Request', hs_pipeline_stage: null });
      expect(active.manage).toEqual({ disabled: true, message: 'A reschedule request is in progress.', note: null, passed: false });
    });

    it('attaches a closed request and hides draft invoices', () => {
      const canceled = deals.past.find((x) => x.id === ids.newest)!;
      expect(canceled.activeRequest).toBeNull();
      expect(canceled.closedRequest?.properties).toEqual({ hs_ticket_category: 'Cancellation Request', hs_pipeline_stage: '4' });
      expect(canceled.manage.note).toBe('Recently modified (Cancellation Request)');
      const draft = deals.past.find((x) => x.id === ids.draft)!;
      expect(draft.invoice).toEqual({ amountCents: null, pdf_link: null, link: null, status: null, number: null });
    });

    it('shows a customer none of the other customers’ deals', async () => {
      const res = await browser.request('/api/portal/deals');
      expect(await res.json()).toEqual({ upcoming: [], past: [] });
    });
  });

  describe('GET fetchTickets', () => {
    it('answers the tickets of the customer’s own deals', async () => {
      const deal = await addDeal(api.db, alice.id);
      const ticket = await api.db.ticket.create({ data: { dealId: deal.id, contactId: alice.id, category: 'CancellationRequest', pipelineStage: '1' } });
      const empty = await addDeal(api.db, alice.id);
      const res = await browser.request(`/api/hubspot/portal/fetchTickets?dealIds=${deal.id},${empty.id}`);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({
        ticketsByDealId: {
          [deal.id]: [{ id: ticket.id, properties: { hs_ticket_category: 'Cancellation Request', hs_pipeline_stage: '1' } }],
          [empty.id]: [],
        },
      });
    });

    it('carries the office’s reason on a request declined in the staff workspace', async () => {
      const deal = await addDeal(api.db, alice.id);
      const ticket = await api.db.ticket.create({ data: { dealId: deal.id, contactId: alice.id, category: 'RescheduleRequest', pipelineStage: '1613485806', declineReason: 'Fully booked that week.' } });
      const res = await browser.request(`/api/hubspot/portal/fetchTickets?dealIds=${deal.id}`);
      expect(await res.json()).toEqual({
        ticketsByDealId: { [deal.id]: [{ id: ticket.id, properties: { hs_ticket_category: 'Reschedule Request', hs_pipeline_stage: '1613485806' }, decline_reason: 'Fully booked that week.' }] },
      });
      const listed = (await (await browser.request('/api/portal/deals')).json()) as { upcoming: { id: string; closedRequest: unknown }[] };
      expect(listed.upcoming.find((d) => d.id === deal.id)?.closedRequest).toEqual({
        id: ticket.id,
        properties: { hs_ticket_category: 'Reschedule Request', hs_pipeline_stage: '1613485806' },
        decline_reason: 'Fully booked that week.',
      });
    });

    it('answers 404 when any id is another customer’s (or does not exist)', async () => {
      const own = await addDeal(api.db, alice.id);
      for (const ids of [`${own.id},${bobDealId}`, bobDealId, 'no-such-deal']) {
        const res = await browser.request(`/api/hubspot/portal/fetchTickets?dealIds=${ids}`);
        expect(res.status).toBe(404);
        expect(await res.json()).toEqual(apiErrorBody('We could not find that booking.', 'not_found'));
      }
    });
  });

  describe('POST manageBooking', () => {
    const change = (dealId: string, extra: Record<string, unknown> = {}) => ({
      email: alice.email,
      dealId,
      action: 'change',
      reason: 'Family visiting that week',
      changeType: 'Reschedule to another day',
      hs_ticket_category: 'Reschedule Request',
      ...extra,
    });
    const cancel = (dealId: string) => ({
      email: alice.email,
      dealId,
      action: 'cancel',
      reason: 'Moving away',
      changeType: '',
      hs_ticket_category: 'Cancellation Request',
    });
    const manage = (body: unknown, who = browser) => who.post('/api/hubspot/portal/manageBooking', body);

    it('files the ticket and its outbox event together, then refuses a second request while it is active', async () => {
      const deal = await addDeal(api.db, alice.id, { stageId: STAGE.scheduled, scheduledAt: new Date(START.getTime() + 72 * HOUR) });
      const nudgesBefore = api.nudges();
      const res = await manage(change(deal.id));
      expect(res.status).toBe(201);
      const body = (await res.json()) as { success: boolean; message: string; ticketId: string };
      expect(body).toMatchObject({ success: true, message: 'Request Submitted' });

      const ticket = await api.db.ticket.findUniqueOrThrow({ where: { id: body.ticketId } });
      expect(ticket).toMatchObject({ dealId: deal.id, contactId: alice.id, category: 'RescheduleRequest', changeType: 'Reschedule to another day', reason: 'Family visiting that week', pipelineStage: null });
      const event = await api.db.outboxEvent.findFirstOrThrow({ where: { aggregateType: 'ticket', aggregateId: ticket.id } });
      expect(event).toMatchObject({ type: 'crm.push-change-request', payload: { ticketId: ticket.id } });
      await expect.poll(() => api.nudges()).toBeGreaterThan(nudgesBefore);

      const second = await manage(cancel(deal.id));
      expect(second.status).toBe(409);
      expect(await second.json()).toEqual(apiErrorBody('A reschedule request is in progress.', 'request_in_progress'));
      expect(await api.db.ticket.count({ where: { dealId: deal.id } })).toBe(1);
    });

    it('allows a new request once the previous one is closed', async () => {
      const deal = await addDeal(api.db, alice.id, { stageId: STAGE.scheduled, scheduledAt: new Date(START.getTime() + 72 * HOUR) });
      await api.db.ticket.create({ data: { dealId: deal.id, contactId: alice.id, category: 'RescheduleRequest', pipelineStage: '1613485805' } });
      const res = await manage(cancel(deal.id));
      expect(res.status).toBe(201);
      const ticket = await api.db.ticket.findFirstOrThrow({ where: { dealId: deal.id, pipelineStage: null } });
      expect(ticket).toMatchObject({ category: 'CancellationRequest', changeType: null });
    });

    it('enforces the 24-hour lock on the server, whatever the page shows', async () => {
      const deal = await addDeal(api.db, alice.id, { stageId: STAGE.scheduled, scheduledAt: new Date(START.getTime() + 23 * HOUR) });
      const res = await manage(cancel(deal.id));
      expect(res.status).toBe(409);
      expect(await res.json()).toEqual(apiErrorBody('Changes or cancellations are not available within 24hrs of cleaning date.', 'change_locked'));
      expect(await api.db.ticket.count({ where: { dealId: deal.id } })).toBe(0);
      // 25 hours ahead is open.
      const later = await addDeal(api.db, alice.id, { stageId: STAGE.scheduled, scheduledAt: new Date(START.getTime() + 25 * HOUR) });
      expect((await manage(cancel(later.id))).status).toBe(201);
    });

    it('refuses a change or cancellation of a cleaning whose time has passed (still Cleaning Scheduled), saying why, and writes nothing', async () => {
      // Four hours past, never closed out: the page shows it passed; the server holds to it too.
      const deal = await addDeal(api.db, alice.id, { stageId: STAGE.scheduled, scheduledAt: new Date(START.getTime() - 4 * HOUR) });
      const listed = (await (await browser.request('/api/portal/deals')).json()) as { upcoming: PortalDeal[] };
      expect(listed.upcoming.find((d) => d.id === deal.id)?.manage).toEqual({ disabled: true, message: "This cleaning's time has passed.", note: null, passed: true });
      const eventsBefore = await api.db.outboxEvent.count();
      for (const body of [change(deal.id), cancel(deal.id)]) {
        const res = await manage(body);
        expect(res.status).toBe(409);
        expect(await res.json()).toEqual(apiErrorBody("This cleaning's time has passed, so it can no longer be changed or canceled.", 'cleaning_passed'));
      }
      expect(await api.db.ticket.count({ where: { dealId: deal.id } })).toBe(0);
      expect(await api.db.outboxEvent.count()).toBe(eventsBefore);
      // Its very start counts as passed: the cleaner may be at the door.
      const now = await addDeal(api.db, alice.id, { stageId: STAGE.scheduled, scheduledAt: START });
      expect((await (await manage(cancel(now.id))).json()) as unknown).toEqual(apiErrorBody("This cleaning's time has passed, so it can no longer be changed or canceled.", 'cleaning_passed'));
    });

    it('takes one of two simultaneous requests on a deal', async () => {
      const deal = await addDeal(api.db, alice.id, { stageId: STAGE.scheduled, scheduledAt: new Date(START.getTime() + 96 * HOUR) });
      const answers = await Promise.all([manage(change(deal.id)), manage(cancel(deal.id)), manage(change(deal.id))]);
      expect(answers.map((r) => r.status).sort()).toEqual([201, 409, 409]);
      expect(await api.db.ticket.count({ where: { dealId: deal.id } })).toBe(1);
    });

    it('answers 404 for another customer’s deal and writes nothing', async () => {
      const res = await manage(change(bobDealId));
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual(apiErrorBody('We could not find that booking.', 'not_found'));
      expect(await api.db.ticket.count({ where: { dealId: bobDealId } })).toBe(0);
    });

    it('keeps the new day a reschedule asks for (at least 5 days ahead, Eastern) on the ticket', async () => {
      const deal = await addDeal(api.db, alice.id, { stageId: STAGE.scheduled, scheduledAt: new Date(START.getTime() + 72 * HOUR) });
      // START is 10:00 on 22 November in Atlanta: the 26th is 4 days ahead, the 27th 5.
      const soon = await manage(change(deal.id, { preferredDate: '2026-11-26' }));
      expect(soon.status).toBe(400);
      expect(await soon.json()).toEqual(apiErrorBody('Please choose a date at least 5 days from today.', 'validation_failed', 'preferredDate'));
      expect(await api.db.ticket.count({ where: { dealId: deal.id } })).toBe(0);

      const res = await manage(change(deal.id, { preferredDate: '2026-11-27' }));
      expect(res.status).toBe(201);
      const ticket = await api.db.ticket.findFirstOrThrow({ where: { dealId: deal.id } });
      expect(ticket.requestedDate?.toISOString().slice(0, 10)).toBe('2026-11-27');
      // A cancellation names no day.
      expect((await manage({ ...cancel(deal.id), preferredDate: '2026-11-27' })).status).toBe(400);
    });

    it('validates the payload with the shared schema', async () => {
      const deal = await addDeal(api.db, alice.id);
      const res = await manage(change(deal.id, { changeType: '' }));
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual(apiErrorBody('Please choose what you would like to change.', 'validation_failed', 'changeType'));
    });
  });

  describe('POST requestBooking from the portal', () => {
    const request = (contactId: string, extra: Record<string, unknown> = {}) => ({
      contactId,
      name: 'Pat Portal',
      email: alice.email,
      phone: alice.phone,
      address: '12 Peachtree St NE, Atlanta, GA 30303',
      squareFootage: 1500,
      serviceType: 'deep-1500',
      addOns: ['addon-oven', 'addon-interior-windows'],
      preferredDate: '2026-11-25',
      timeOfDay: 'morning',
      rooms: { kitchen: true, bathroomCount: 2 },
      description: 'Please bring eco products.',
      ...extra,
    });
    const send = (body: unknown, who = browser) => who.post('/api/hubspot/portal/requestBooking', body);

    it('stores the request as a portal deal priced from the catalogue, with its outbox event', async () => {
      const res = await send(request(alice.id));
      expect(res.status).toBe(201);
      const body = (await res.json()) as { success: boolean; message: string; request: { dealId: string } };
      expect(body).toMatchObject({ success: true, message: 'Your cleaning request was received.' });
      const deal = await api.db.deal.findUniqueOrThrow({ where: { id: body.request.dealId }, include: { bookingRequest: true } });
      expect(deal).toMatchObject({
        contactId: alice.id,
        source: 'portal',
        stageId: STAGE.requested,
        skus: ['deep-1500', 'addon-oven', 'addon-interior-windows'],
        amountCents: 34_900 + 8_000 + 5_000,
        serviceType: 'deep-1500',
        street: '12 Peachtree St NE',
        zip: '30303',
        timeOfDay: 'morning',
      });
      expect(deal.preferredDate?.toISOString().slice(0, 10)).toBe('2026-11-25');
      expect(deal.bookingRequest).toMatchObject({ source: 'portal', description: 'Please bring eco products.' });
      const event = await api.db.outboxEvent.findFirstOrThrow({ where: { aggregateType: 'deal', aggregateId: deal.id } });
      expect(event).toMatchObject({ type: 'crm.push-booking', payload: { dealId: deal.id } });
    });

    it('answers 404 for another customer’s contact id', async () => {
      const res = await send(request(bob.id));
      expect(res.status).toBe(404);
      expect(await api.db.deal.count({ where: { contactId: bob.id, source: 'portal' } })).toBe(0);
    });

    it('offers only services for the square footage we hold for the contact', async () => {
      // The body claims 900 sq ft, where basic-1000 is offered; the contact's home is 1500.
      const res = await send(request(alice.id, { squareFootage: 900, serviceType: 'basic-1000' }));
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual(apiErrorBody('This service is not offered for your home\'s square footage.', 'validation_failed', 'serviceType'));
    });

    it('keeps the 3-day rule', async () => {
      const res = await send(request(alice.id, { preferredDate: '2026-11-24' }));
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: 'validation_failed', field: 'preferredDate' });
    });

    it('leaves the public booking form to the booking module', async () => {
      const res = await new TestBrowser(api.url).post('/api/hubspot/portal/requestBooking', bookingRequestBody({ preferredDate: '2026-11-27' }));
      expect(res.status).toBe(201);
      expect(await res.json()).toMatchObject({ success: true, message: 'Booking request received.' });
    });
  });

  it('logout ends the portal for that browser', async () => {
    const own = new TestBrowser(api.url);
    await signIn(api, own, bob);
    expect((await own.request('/api/portal/deals')).status).toBe(200);
    expect((await own.post('/api/portal/logout')).status).toBe(200);
    expect((await own.request('/api/portal/deals')).status).toBe(401);
  });
});
