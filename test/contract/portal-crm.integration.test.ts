import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, signIn, startPortalApi, TestBrowser, type PortalApi, type TestCustomer } from '../portal-app';
import { expectAnswer, expectRefusal } from './answers';

// Contract of docs/product.md §7, the portal's CRM rows: fetchCustomerProfile, fetchTickets?dealIds=,
// requestBooking with the portal request payload, manageBooking. Payloads are written from §3 field
// for field; only what §7 names of each answer is read (docs/api.md#contract-tests).

// 10:00 in Atlanta on Sunday 22 November 2026: a portal request may ask for 25 November on.
const START = new Date('2026-11-22T15:00:00Z');
const CLEANING_SCHEDULED = '1609338596';

describe('contract §7: the portal CRM calls', () => {
  let api: PortalApi;
  let customer: TestCustomer;
  let browser: TestBrowser;
  /** Cleanings a week ahead: outside the 24-hour lock, free for a change or a cancel. */
  let toChange: string;
  let toCancel: string;
  let withTicket: string;

  const scheduledDeal = async (day: string) =>
    (
      await api.db.deal.create({
        data: { contactId: customer.id, name: 'Deep Clean', stageId: CLEANING_SCHEDULED, source: 'hubspot', scheduledAt: new Date(`${day}T15:00:00Z`), skus: ['deep-1500'] },
      })
    ).id;

  beforeAll(async () => {
    api = await startPortalApi('contract-portal-crm', START);
    customer = await createCustomer(api.db, { with: 'deal', squareFootage: 1500 });
    toChange = await scheduledDeal('2026-12-01');
    toCancel = await scheduledDeal('2026-12-02');
    withTicket = await scheduledDeal('2026-12-03');
    await api.db.ticket.create({ data: { dealId: withTicket, contactId: customer.id, category: 'RescheduleRequest', pipelineStage: '1', reason: 'Family visiting' } });
    browser = new TestBrowser(api.url);
    await signIn(api, browser, customer);
  });
  afterAll(() => api.close());

  interface ContactProfile {
    id: string;
    name: string;
    email: string;
    phone: string;
    address: string;
    squareFootage: number;
  }
  const profile = async (): Promise<ContactProfile> => {
    return expectAnswer<ContactProfile>(await browser.request('/api/hubspot/portal/fetchCustomerProfile'));
  };

  it('GET fetchCustomerProfile answers the contact profile (id, name, email, phone, address, squareFootage)', async () => {
    // §3 Contact profile.
    expect(await profile()).toMatchObject({
      id: customer.id,
      name: 'Pat Portal',
      email: customer.email,
      phone: customer.phone,
      address: expect.stringContaining('12 Peachtree St NE'),
      squareFootage: 1500,
    });
  });

  it('GET fetchTickets?dealIds=a,b,c answers ticketsByDealId', async () => {
    type Tickets = { ticketsByDealId: Record<string, { properties: { hs_ticket_category: string; hs_pipeline_stage: string | null } }[]> };
    const { ticketsByDealId } = await expectAnswer<Tickets>(await browser.request(`/api/hubspot/portal/fetchTickets?dealIds=${toChange},${toCancel},${withTicket}`));
    expect(Object.keys(ticketsByDealId).sort()).toEqual([toChange, toCancel, withTicket].sort());
    // §3 Ticket: properties hs_ticket_category and hs_pipeline_stage.
    expect(ticketsByDealId[withTicket]?.map((t) => t.properties)).toEqual([{ hs_ticket_category: 'Reschedule Request', hs_pipeline_stage: '1' }]);
    expect(ticketsByDealId[toChange]).toEqual([]);
  });

  it('POST requestBooking with the portal request payload answers success, message and request.dealId', async () => {
    const contact = await profile();
    // docs/product.md §3, Portal request: contactId, name, email, phone, address, squareFootage,
    // serviceType (a product id), addOns (product ids), preferredDate, timeOfDay, rooms, description.
    const payload = {
      contactId: contact.id,
      name: contact.name,
      email: contact.email,
      phone: contact.phone,
      address: contact.address,
      squareFootage: contact.squareFootage,
      serviceType: 'deep-1500',
      addOns: ['addon-oven', 'addon-interior-windows'],
      preferredDate: '2026-11-27',
      timeOfDay: 'morning',
      // §3 Rooms.
      rooms: { livingRoom: true, diningRoom: false, kitchen: true, office: false, laundryRoom: true, basement: false, garage: false, bathroomCount: 2, mainLevelBedrooms: 1, topLevelBedrooms: 2, otherRooms: 0 },
      description: 'Please use the side gate; the dog stays in the yard.',
    };
    const answer = await expectAnswer<{ success: boolean; message: string; request: { dealId: string } }>(await browser.post('/api/hubspot/portal/requestBooking', payload));
    expect(answer.success).toBe(true);
    expect(typeof answer.message).toBe('string');
    expect(typeof answer.request.dealId).toBe('string');
    // The schedule modal's submitted state; the new cleaning is among the upcoming deals.
    const { upcoming } = (await (await browser.request('/api/portal/deals')).json()) as { upcoming: { id: string }[] };
    expect(upcoming.map((d) => d.id)).toContain(answer.request.dealId);
  });

  it('POST manageBooking asking for a change answers success', async () => {
    // docs/product.md §3, Manage booking: email, dealId, action, reason, changeType, hs_ticket_category.
    const payload = {
      email: customer.email,
      dealId: toChange,
      action: 'change',
      reason: 'We will be out of town that week.',
      changeType: 'Reschedule to another day',
      hs_ticket_category: 'Reschedule Request',
    };
    expect((await expectAnswer<{ success: boolean }>(await browser.post('/api/hubspot/portal/manageBooking', payload))).success).toBe(true);
  });

  it('POST manageBooking asking for a cancellation answers success', async () => {
    // §3 Manage booking, as the modal sends a cancel: no change type chosen (§5: required only for a change).
    const payload = {
      email: customer.email,
      dealId: toCancel,
      action: 'cancel',
      reason: 'We are moving away.',
      changeType: '',
      hs_ticket_category: 'Cancellation Request',
    };
    expect((await expectAnswer<{ success: boolean }>(await browser.post('/api/hubspot/portal/manageBooking', payload))).success).toBe(true);
  });

  it('a change without a change type (§5) is refused with the server message', async () => {
    const payload = {
      email: customer.email,
      dealId: withTicket,
      action: 'change',
      reason: 'Another day, please.',
      changeType: '',
      hs_ticket_category: 'Reschedule Request',
    };
    await expectRefusal(await browser.post('/api/hubspot/portal/manageBooking', payload));
  });

  it('a portal request for a service the home is not offered (§5) is refused with the server message', async () => {
    const contact = await profile();
    const payload = {
      contactId: contact.id,
      name: contact.name,
      email: contact.email,
      phone: contact.phone,
      address: contact.address,
      squareFootage: contact.squareFootage,
      // Priced for homes up to 1000 sq ft; this one has 1500.
      serviceType: 'deep-1000',
      addOns: [],
      preferredDate: '2026-11-27',
      timeOfDay: 'afternoon',
      rooms: { livingRoom: true, diningRoom: true, kitchen: true, office: false, laundryRoom: false, basement: false, garage: false, bathroomCount: 1, mainLevelBedrooms: 2, topLevelBedrooms: 0, otherRooms: 0 },
      description: '',
    };
    await expectRefusal(await browser.post('/api/hubspot/portal/requestBooking', payload));
  });

  it('without a session, the profile is refused with the server message (§8: off to /login)', async () => {
    await expectRefusal(await new TestBrowser(api.url).request('/api/hubspot/portal/fetchCustomerProfile'));
  });
});
