import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPANY } from '@app/runtime/company';
import { bookingRequestBody, type FormBookingRequestInput } from '@app/shared/booking-request-fixture';
import { SMS_CONSENT_VERSION } from '@app/shared/sms-consent';
import { dealDetailsSchema } from '@app/shared/staff-board';
import { TestBrowser } from '../../../../../test/portal-app';
import { createOwnTestDatabase } from '../../../../../test/context';
import type { TestDatabase } from '../../../../../test/database';
import { BOARD_NOW as NOW, seedBoard } from '../../../../../test/staff-fixtures';
import { staffSignIn, startStaffApi, type StaffApi } from '../../../../../test/staff-app';

describe('staff board API: a cleaning\'s details', () => {
  let database: TestDatabase;
  let api: StaffApi;
  let staff: TestBrowser;
  let ids: Record<string, string>;

  beforeAll(async () => {
    // A database of its own: the board counts everything in the mirror.
    database = await createOwnTestDatabase('deal-details');
    api = await startStaffApi('deal-details', NOW, {}, { databaseUrl: database.url, hubspotAccountId: '123456' });
    staff = new TestBrowser(api.url);
    expect((await staffSignIn(api, staff)).landing).toBe('/admin/dashboard');
    ids = await seedBoard(api.db);
  });

  afterAll(async () => {
    await api?.close();
    await database?.drop();
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
        photos: 0,
      });
      // The cleaner's photos are counted (they are on the deal's notes in HubSpot).
      await db.visitPhoto.create({
        data: { dealId: ids.today!, ownerHubspotId: 'hs-owner', cleanerEmail: 'cleaner@example.com', contentType: 'image/jpeg', byteSize: 3, bytes: Buffer.from([1, 2, 3]) },
      });
      const again = dealDetailsSchema.parse(await (await staff.request(`/api/internal/admin/deals/${ids.today}`)).json());
      expect(again.photos).toBe(1);
      expect(again.madeInvoice).toBeNull();

      // The invoice the product made for it (docs/payments.md), with its state.
      const madeAt = new Date(NOW.getTime() - 60_000);
      await db.madeInvoice.create({ data: { id: crypto.randomUUID(), dealId: ids.today!, source: 'visit', status: 'made', hubspotId: 'inv-9', madeAt, createdAt: madeAt } });
      const made = dealDetailsSchema.parse(await (await staff.request(`/api/internal/admin/deals/${ids.today}`)).json());
      expect(made.madeInvoice).toEqual({ source: 'visit', status: 'made', error: null, createdAt: madeAt.toISOString(), madeAt: madeAt.toISOString() });
    });

    it('says what the customer asked for and agreed to, from the booking as accepted, whatever HubSpot changed since', async () => {
      const email = `asked.${Date.now()}@example.com`;
      const book = async (overrides: Partial<FormBookingRequestInput>) => {
        const res = await new TestBrowser(api.url).request('/api/hubspot/portal/requestBooking', { method: 'POST', body: bookingRequestBody({ email, ...overrides }, NOW) });
        expect(res.status, await res.clone().text()).toBe(201);
        return ((await res.json()) as { request: { dealId: string } }).request.dealId;
      };
      const asked: Partial<FormBookingRequestInput> = { serviceType: 'Recurring Clean', squareFootage: 1500, frequency: 'weekly', visitType: 'basic', addOns: ['addon-oven'], quoteType: 'in-person', contactMethod: 'text', textsAgreed: true };
      const first = await book({ ...asked, description: 'Two cats.' });
      // HubSpot's copy changes (the office edited the deal there): the request still says what was asked.
      await api.db.deal.update({ where: { id: first }, data: { squareFootage: 2000, frequency: 'monthly', skus: [], amountCents: 1 } });
      const details = dealDetailsSchema.parse(await (await staff.request(`/api/internal/admin/deals/${first}`)).json());
      expect(details.request).toMatchObject({
        source: 'public_form',
        serviceType: 'Recurring Clean',
        squareFootage: 1500,
        frequency: 'weekly',
        visitType: 'basic',
        addOns: [{ id: 'addon-oven', name: 'Oven', cents: 8_000 }],
        firstBookingDiscount: true,
        // $179 + $80, 10% off: what the booking form and its confirmation showed.
        estimate: { subtotalCents: 25_900, discountPercent: 10, discountCents: 2_590, totalCents: 23_310 },
        quoteType: 'in-person',
        contactMethod: 'text',
        consent: { version: SMS_CONSENT_VERSION, textsAgreed: true },
      });
      expect(details.request?.consent?.words).toContain(COMPANY.legalName);
      expect(details).toMatchObject({ rooms: 'Kitchen, 2 bathrooms', notes: 'Two cats.' });

      // The same e-mail again: no first-booking discount, and so none in its estimate; no texts box ticked.
      const second = await book({ ...asked, contactMethod: 'email', textsAgreed: false });
      const again = dealDetailsSchema.parse(await (await staff.request(`/api/internal/admin/deals/${second}`)).json());
      expect(again.request).toMatchObject({ firstBookingDiscount: false, estimate: { discountCents: 0, totalCents: 25_900 }, contactMethod: 'email', consent: { textsAgreed: false } });
    });

    it('answers no request for a deal made in HubSpot', async () => {
      const details = dealDetailsSchema.parse(await (await staff.request(`/api/internal/admin/deals/${ids.today}`)).json());
      expect(details.request).toBeNull();
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
