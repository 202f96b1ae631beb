import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../api-server';
import { expectAnswer, expectRefusal } from './answers';

// Contract of docs/product.md §7, the public forms' rows: requestBooking with the public booking
// payload, createContactTicket, POST /api/subscribe. Payloads are written from §3 field for field;
// only what §7 names of each answer is read (docs/api.md#contract-tests).

// 10:00 in Atlanta on Sunday 22 November 2026: a booking may ask for 27 November on (§5: 5 days).
const START = new Date('2026-11-22T15:00:00Z');
const email = (who: string) => `${who}.${randomBytes(4).toString('hex')}@example.com`;

/** §3 Rooms: every flag and count, as the form sends them. */
const ROOMS = { livingRoom: true, diningRoom: false, kitchen: true, office: false, laundryRoom: false, basement: true, garage: false, bathroomCount: 2, mainLevelBedrooms: 1, topLevelBedrooms: 2, otherRooms: 1 };

describe('contract §7: the public forms', () => {
  let api: TestApi;

  beforeAll(async () => {
    api = await startTestApi('contract-forms', { now: () => START });
  });
  afterAll(() => api.close());

  describe('POST requestBooking with the public booking payload', () => {
    type BookingAnswer = { success: boolean; message: string; request: { dealId: string } };

    it('answers success, message and request.dealId', async () => {
      // docs/product.md §3, Public booking request: name, email, phone, address (street, city,
      // 'state zip' joined), squareFootage, serviceType, preferredDate, description, quoteType,
      // contactMethod, timeOfDay, rooms.
      const payload = {
        name: 'Jane Doe',
        email: email('jane'),
        phone: '+14045551234',
        address: '455 Ponce De Leon Ave NE, Atlanta, GA 30308',
        squareFootage: 1500,
        serviceType: 'Deep Clean',
        preferredDate: '2026-11-30',
        description: 'Two dogs at home; please close the back gate.',
        quoteType: 'virtual',
        contactMethod: 'email',
        timeOfDay: 'morning',
        rooms: ROOMS,
      };
      const answer = await expectAnswer<BookingAnswer>(await api.post('/api/hubspot/portal/requestBooking', payload));
      expect(answer.success).toBe(true);
      expect(typeof answer.message).toBe('string');
      expect(typeof answer.request.dealId).toBe('string');
    });

    it('the joined address is understood, and the confirmation page finds the booking by its dealId (§2)', async () => {
      // §3 Public booking request.
      const payload = {
        name: 'Marcus Lee',
        email: email('marcus'),
        phone: '+16785550142',
        address: '12 Main St, Suite 5, Decatur, GA 30030',
        squareFootage: 1000,
        serviceType: 'Basic Clean',
        preferredDate: '2026-12-04',
        description: '',
        quoteType: 'in-person',
        contactMethod: 'phone',
        timeOfDay: 'afternoon',
        rooms: ROOMS,
      };
      const { request } = await expectAnswer<BookingAnswer>(await api.post('/api/hubspot/portal/requestBooking', payload));
      // /booking/confirmation?dealId= shows the reference: the api answers it for that id.
      const { reference } = await expectAnswer<{ reference: string }>(await fetch(`${api.url}/api/hubspot/portal/bookingStatus?dealId=${encodeURIComponent(request.dealId)}`));
      expect(reference).toMatch(/\S/);
      // The one string, split back into its parts (the street keeps its own comma).
      expect(await api.db.deal.findUniqueOrThrow({ where: { id: request.dealId }, select: { street: true, city: true, state: true, zip: true } })).toEqual({
        street: '12 Main St, Suite 5',
        city: 'Decatur',
        state: 'GA',
        zip: '30030',
      });
    });

    it('takes a Recurring Clean as §3 lists it (no frequency, no visit type)', async () => {
      // §3 Public booking request.
      const payload = {
        name: 'Ana Souza',
        email: email('ana'),
        phone: '+17705550199',
        address: '1180 Peachtree St NE, Atlanta, GA 30309',
        squareFootage: 2000,
        serviceType: 'Recurring Clean',
        preferredDate: '2026-12-07',
        description: 'Every other week would suit us.',
        quoteType: 'virtual',
        contactMethod: 'email',
        timeOfDay: 'evening',
        rooms: ROOMS,
      };
      expect((await expectAnswer<BookingAnswer>(await api.post('/api/hubspot/portal/requestBooking', payload))).success).toBe(true);
    });

    it('a joined address without its zip is refused with the server message (§8: shown as is)', async () => {
      // §3 Public booking request.
      const payload = {
        name: 'Jane Doe',
        email: email('nozip'),
        phone: '+14045551234',
        address: '455 Ponce De Leon Ave NE, Atlanta, GA',
        squareFootage: 1500,
        serviceType: 'Deep Clean',
        preferredDate: '2026-11-30',
        description: '',
        quoteType: 'virtual',
        contactMethod: 'email',
        timeOfDay: 'morning',
        rooms: ROOMS,
      };
      await expectRefusal(await api.post('/api/hubspot/portal/requestBooking', payload));
    });
  });

  describe('POST createContactTicket', () => {
    it('answers success for the contact ticket payload', async () => {
      // docs/product.md §3, Contact ticket: name, email, phone, bookingId, reason, description, agreed.
      const payload = {
        name: 'Jane Doe',
        email: email('contact'),
        phone: '+14045551234',
        bookingId: '',
        reason: 'Service Inquiry',
        description: 'Do you bring your own supplies, or should we leave ours out?',
        agreed: true,
      };
      expect((await expectAnswer<{ success: boolean }>(await api.post('/api/hubspot/portal/createContactTicket', payload))).success).toBe(true);
    });

    it('a name that is not first and last (§5) is refused with the server message', async () => {
      // §3 Contact ticket.
      const payload = {
        name: 'Jane',
        email: email('contact'),
        phone: '+14045551234',
        bookingId: '',
        reason: 'General Question',
        description: 'Are you open on Saturdays?',
        agreed: true,
      };
      await expectRefusal(await api.post('/api/hubspot/portal/createContactTicket', payload));
    });
  });

  describe('POST /api/subscribe', () => {
    it('takes zip, email, firstName, interest, website (§7 names no answer field)', async () => {
      // docs/product.md §3, Subscribe: zip, email, firstName, interest, website (the honeypot, sent empty).
      const payload = { zip: '30303', email: email('notify'), firstName: 'Jane', interest: 'Residential Cleaning', website: '' };
      await expectAnswer(await api.post('/api/subscribe', payload));
    });

    it('a zip outside the service area (§5) is refused with the server message', async () => {
      // §3 Subscribe.
      const payload = { zip: '99501', email: email('notify'), firstName: 'Jane', interest: 'Landlord Partnership', website: '' };
      await expectRefusal(await api.post('/api/subscribe', payload));
    });
  });
});
