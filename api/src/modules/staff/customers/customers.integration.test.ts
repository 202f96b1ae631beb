import { randomBytes } from 'node:crypto';
import { HELD_TEXT_REASON } from '@app/shared/sms-delivery-hold';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAGE } from '@app/shared/deal-stages';
import { INVITE_PHONE_MISMATCH, INVITE_WHO_REQUIRED } from '@app/shared/staff-admin';
import { createCustomer, signIn, TestBrowser, uniquePhone } from '../../../../../test/portal-app';
import { addDeal, addOwner } from '../../../../../test/staff-fixtures';
import { staffSignIn, startStaffApi, type StaffApi } from '../../../../../test/staff-app';
import { SMS_CONSENT_VERSION } from '@app/shared/sms-consent';
import { insertBooking } from '../../../../../test/fixtures';

const unique = () => randomBytes(4).toString('hex');
const START = new Date('2026-11-22T15:00:00Z');

describe('staff API: customers', () => {
  let api: StaffApi;
  let staff: TestBrowser;

  beforeAll(async () => {
    api = await startStaffApi('customers', START);
    staff = new TestBrowser(api.url);
    expect((await staffSignIn(api, staff)).landing).toBe('/admin/dashboard');
  });
  afterAll(() => api.close());

  describe('customer lookup', () => {
    let pat: { id: string; email: string; phone: string; hubspotId: string };

    beforeAll(async () => {
      const tag = unique();
      const contact = await api.db.contact.create({
        data: {
          email: `lookup.${tag}@example.com`,
          phone: uniquePhone(),
          firstName: 'Patricia',
          lastName: `Lookup${tag}`,
          hubspotId: `hs-${tag}`,
          leadStatus: 'OPEN',
          lifecycleStage: 'customer',
        },
      });
      pat = { id: contact.id, email: contact.email, phone: contact.phone!, hubspotId: contact.hubspotId! };
      const owner = await addOwner(api.db, 'James', 'Carter');
      const deal = await addDeal(api.db, { contactId: contact.id, name: 'Deep Clean for Patricia', stageId: STAGE.CLEANING_SCHEDULED, scheduledAt: new Date('2031-05-01T14:00:00Z'), amountCents: 34_900, ownerId: owner.id, serviceType: 'Deep Clean' });
      await api.db.ticket.create({ data: { dealId: deal.id, contactId: contact.id, category: 'RescheduleRequest', reason: 'Travel', changeType: 'Reschedule to another day' } });
    });

    it('finds a customer by part of the name, the e-mail or the phone (any spelling)', async () => {
      const search = async (q: string) => ((await (await staff.request(`/api/internal/admin/customers?q=${encodeURIComponent(q)}`)).json()) as { id: string }[]).map((c) => c.id);
      const lastName = (await api.db.contact.findUniqueOrThrow({ where: { id: pat.id } })).lastName!;
      expect(await search(`patricia ${lastName.toLowerCase()}`)).toEqual([pat.id]);
      expect(await search(pat.email.toUpperCase())).toEqual([pat.id]);
      const digits = pat.phone.slice(2);
      expect(await search(`(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`)).toEqual([pat.id]);
      const [found] = (await (await staff.request(`/api/internal/admin/customers?q=${encodeURIComponent(pat.email)}`)).json()) as Record<string, unknown>[];
      expect(found).toMatchObject({ id: pat.id, name: `Patricia ${lastName}`, email: pat.email, phone: pat.phone, hubspotId: pat.hubspotId, invitedAt: null, portalEligible: false });
      // The reference the customer reads out (ATL-7K3F), in any case, with a dash or a space.
      const [deal] = await api.db.deal.findMany({ where: { contactId: pat.id }, select: { reference: true } });
      expect(deal?.reference).toMatch(/^ATL-/);
      expect(await search(deal!.reference)).toEqual([pat.id]);
      expect(await search(deal!.reference.replace('-', ' ').toLowerCase())).toEqual([pat.id]);
    });

    it('asks for at least 2 characters', async () => {
      const res = await staff.request('/api/internal/admin/customers?q=a');
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: 'Type at least 2 characters to search.', field: 'q' });
    });

    it('GET /api/hubspot/contact-details/:id answers the customer context from the mirror, by our id or the HubSpot id', async () => {
      const res = await staff.request(`/api/hubspot/contact-details/${pat.hubspotId}`);
      expect(res.status).toBe(200);
      const body = (await res.json()) as Record<string, unknown> & { deals: Record<string, unknown>[]; activities: Record<string, unknown>[] };
      expect(body).toMatchObject({
        id: pat.id,
        email: pat.email,
        phone: pat.phone,
        status: 'OPEN',
        lifecycle: 'customer',
        hubspotId: pat.hubspotId,
        tasks: [],
        subscriptions: [],
        notes: [],
      });
      expect(body.name).toMatch(/^Patricia Lookup/);
      expect(body.deals).toEqual([
        expect.objectContaining({ dealname: 'Deep Clean for Patricia', dealstage: STAGE.CLEANING_SCHEDULED, stageLabel: 'Cleaning Scheduled', scheduledAt: '2031-05-01T14:00:00.000Z', amount: '349.00', owner: 'James Carter' }),
      ]);
      // Each request says which cleaning it is about.
      expect(body.activities).toEqual([
        expect.objectContaining({ type: 'Reschedule Request', reason: 'Travel', changeType: 'Reschedule to another day', pipelineStage: null, cleaning: 'Deep Clean, May 1, 2031 at 10:00 AM' }),
      ]);
      expect(await (await staff.request(`/api/hubspot/contact-details/${pat.id}`)).json()).toEqual(body);
      expect((await staff.request('/api/hubspot/contact-details/nobody-has-this-id')).status).toBe(404);
    });
  });

  /** The phone's thread, as the customer page reads it. */
  const thread = async (phone: string) => (await (await staff.request(`/api/internal/admin/conversations?phone=${encodeURIComponent(phone)}`)).json()) as { items: Record<string, unknown>[] };

  it('the customer\'s thread lists the texts sent to their phone, oldest first, and no one else\'s', async () => {
    const contact = await createCustomer(api.db, { with: 'nothing' });
    const phone = contact.phone!;
    await api.db.smsMessage.create({ data: { purpose: 'login_code', to: phone, status: 'delivered', createdAt: new Date('2026-11-20T15:00:00Z'), sentAt: new Date('2026-11-20T15:00:01Z') } });
    await api.db.smsMessage.create({ data: { purpose: 'staff_invite', to: phone, status: 'undelivered', errorCode: 30003, body: 'You are invited', createdAt: new Date('2026-11-21T15:00:00Z') } });
    await api.db.smsMessage.create({ data: { purpose: 'login_code', to: uniquePhone(), status: 'delivered' } });
    expect((await thread(phone)).items).toEqual([
      expect.objectContaining({ direction: 'out', purpose: 'login_code', label: 'Login code', status: 'delivered', errorCode: null, body: null, at: '2026-11-20T15:00:00.000Z' }),
      expect.objectContaining({ direction: 'out', purpose: 'staff_invite', label: 'Portal invite', status: 'undelivered', errorCode: 30003, body: 'You are invited', at: '2026-11-21T15:00:00.000Z' }),
    ]);
    expect(await (await staff.request(`/api/hubspot/contact-details/${contact.id}`)).json()).toMatchObject({ textsOptOut: null });
  });

  it('GET /api/hubspot/contact-details/:id says when and how the phone opted out of texts, and why texts were not sent', async () => {
    const contact = await createCustomer(api.db, { with: 'nothing' });
    const phone = contact.phone!;
    await api.db.smsOptOut.create({ data: { phone, source: 'keyword', keyword: 'UNSUBSCRIBE', optedOutAt: new Date('2026-11-22T15:00:00Z') } });
    await api.db.smsMessage.create({ data: { purpose: 'reminder', to: phone, status: 'canceled', errorMessage: 'Not sent: the phone opted out of texts (STOP).' } });
    const body = (await (await staff.request(`/api/hubspot/contact-details/${contact.id}`)).json()) as { textsOptOut: unknown };
    expect(body.textsOptOut).toEqual({ since: '2026-11-22T15:00:00.000Z', how: 'replied UNSUBSCRIBE' });
    expect((await thread(phone)).items).toEqual([expect.objectContaining({ purpose: 'reminder', label: 'Reminder', status: 'canceled', reason: 'Not sent: the phone opted out of texts (STOP).' })]);
  });

  it('GET /api/hubspot/contact-details/:id says since when and why texts to the phone are held back (30006/30007)', async () => {
    const contact = await createCustomer(api.db, { with: 'nothing' });
    const phone = contact.phone!;
    const url = `/api/hubspot/contact-details/${contact.id}`;
    expect(await (await staff.request(url)).json()).toMatchObject({ textsHeld: null });
    await api.db.smsDeliveryHold.create({ data: { phone, errorCode: 30006, purpose: 'cleaning_confirmed', heldSince: new Date('2026-11-23T15:00:00Z') } });
    await api.db.smsMessage.create({ data: { purpose: 'reminder', to: phone, status: 'canceled', errorMessage: HELD_TEXT_REASON } });
    const body = (await (await staff.request(url)).json()) as { textsHeld: unknown; textsOptOut: unknown };
    expect(body.textsHeld).toEqual({
      since: '2026-11-23T15:00:00.000Z',
      errorCode: 30006,
      why: 'Twilio reported a landline or an unreachable carrier (30006), on the cleaning confirmed text',
    });
    expect(body.textsOptOut).toBeNull();
    expect((await thread(phone)).items).toEqual([expect.objectContaining({ purpose: 'reminder', status: 'canceled', reason: HELD_TEXT_REASON })]);
  });

  it('GET /api/hubspot/contact-details/:id shows what the customer agreed to about texts, and when, newest first', async () => {
    const contact = await createCustomer(api.db, { with: 'nothing' });
    const phone = contact.phone!;
    const words = (n: number) => `Consent words ${n}.`;
    await api.db.smsConsent.create({ data: { form: 'login', phone, email: contact.email, contactId: contact.id, version: '2026-11-27', words: words(1), agreedAt: new Date('2026-11-20T15:00:00Z') } });
    // Given for the same phone before the contact existed here: still this customer's.
    await api.db.smsConsent.create({ data: { form: 'login', phone, email: contact.email, contactId: null, version: '2026-11-27', words: words(2), agreedAt: new Date('2026-11-21T15:00:00Z') } });
    await api.db.smsConsent.create({ data: { form: 'login', phone: uniquePhone(), email: 'someone.else@example.com', version: '2026-11-27', words: words(3), agreedAt: new Date('2026-11-21T16:00:00Z') } });
    // Two bookings on the form: the text box ticked on the first, left unticked on the second.
    const booked = async (textsAgreed: boolean, agreedAt: Date) => {
      const { dealId } = await insertBooking(api.db, { email: contact.email, submittedPhone: phone });
      const request = await api.db.bookingRequest.create({ data: { contactId: contact.id, dealId, source: 'public_form', payload: {} }, select: { id: true } });
      await api.db.smsConsent.create({
        data: { form: 'booking', phone, email: contact.email, contactId: contact.id, bookingRequestId: request.id, version: SMS_CONSENT_VERSION, words: words(textsAgreed ? 4 : 5), textsAgreed, agreedAt },
      });
      return (await api.db.deal.findUniqueOrThrow({ where: { id: dealId }, select: { reference: true } })).reference;
    };
    const ticked = await booked(true, new Date('2026-11-22T15:00:00Z'));
    const unticked = await booked(false, new Date('2026-11-23T15:00:00Z'));
    const body = (await (await staff.request(`/api/hubspot/contact-details/${contact.id}`)).json()) as { textsConsent: unknown; textsNotAgreed: unknown };
    // The newest booking left the box unticked: staff see that only login codes go, and since which booking.
    expect(body.textsNotAgreed).toEqual({ since: '2026-11-23T15:00:00.000Z', reference: unticked, form: 'booking' });
    expect(body.textsConsent).toEqual([
      { form: 'booking', phone, version: SMS_CONSENT_VERSION, words: words(5), textsAgreed: false, agreedAt: '2026-11-23T15:00:00.000Z', reference: unticked },
      { form: 'booking', phone, version: SMS_CONSENT_VERSION, words: words(4), textsAgreed: true, agreedAt: '2026-11-22T15:00:00.000Z', reference: ticked },
      { form: 'login', phone, version: '2026-11-27', words: words(2), textsAgreed: null, agreedAt: '2026-11-21T15:00:00.000Z', reference: null },
      { form: 'login', phone, version: '2026-11-27', words: words(1), textsAgreed: null, agreedAt: '2026-11-20T15:00:00.000Z', reference: null },
    ]);
  });

  describe('POST /api/internal/admin/invites', () => {
    /** The outbox events of the texts to `phone`, newest first: each names its message row. */
    const smsTo = async (phone: string) => {
      const messages = await api.db.smsMessage.findMany({ where: { to: phone }, select: { id: true } });
      return api.db.outboxEvent.findMany({ where: { type: 'sms.send', aggregateId: { in: messages.map((m) => m.id) } }, orderBy: { createdAt: 'desc' } });
    };

    it('invites an existing contact: eligible for the portal, texted through the outbox', async () => {
      const contact = await createCustomer(api.db, { with: 'nothing' });
      // Not yet eligible: no booking, no invite.
      const before = await new TestBrowser(api.url).post('/api/portal/auth/request-code', { email: contact.email, phone: contact.phone, code: '', consentVersion: SMS_CONSENT_VERSION });
      expect(before.status).toBe(403);

      const res = await staff.post('/api/internal/admin/invites', { contactId: contact.id });
      expect(res.status).toBe(201);
      expect(await res.json()).toMatchObject({ success: true, customer: { id: contact.id, email: contact.email, invitedAt: START.toISOString() } });
      const [event] = await smsTo(contact.phone);
      expect(event).toMatchObject({ aggregateType: 'sms_message' });
      // The event names its delivery row, written with it; the worker writes the words, with its
      // PUBLIC_URL's sign-in link (worker/src/jobs/sms-send.integration.test.ts).
      const messageId = event!.aggregateId;
      expect(event?.payload).toEqual({ messageId });
      expect(await api.db.smsMessage.findUniqueOrThrow({ where: { id: messageId } })).toMatchObject({
        purpose: 'staff_invite',
        to: contact.phone,
        otpChallengeId: null,
        status: 'queued',
      });

      // The invited customer can now sign in.
      const browser = new TestBrowser(api.url);
      await signIn(api, browser, contact);
      expect((await browser.request('/api/portal/me')).status).toBe(200);
    });

    it('invites a new person by e-mail and phone (any US spelling), creating the contact', async () => {
      const email = `new.${unique()}@example.com`;
      const phone = uniquePhone();
      const typed = `(${phone.slice(2, 5)}) ${phone.slice(5, 8)}-${phone.slice(8)}`;
      const res = await staff.post('/api/internal/admin/invites', { email: email.toUpperCase(), phone: typed, firstName: 'Nia', lastName: 'New' });
      expect(res.status).toBe(201);
      const contact = await api.db.contact.findUniqueOrThrow({ where: { email } });
      expect(contact).toMatchObject({ phone, firstName: 'Nia', lastName: 'New', invitedAt: START });
      expect(await smsTo(phone)).toHaveLength(1);
    });

    it('refuses another phone for a known e-mail, an unknown contact id, and a payload naming nobody', async () => {
      const known = await createCustomer(api.db, { with: 'nothing' });
      const mismatch = await staff.post('/api/internal/admin/invites', { email: known.email, phone: uniquePhone() });
      expect(mismatch.status).toBe(409);
      expect(await mismatch.json()).toMatchObject({ error: INVITE_PHONE_MISMATCH });
      expect((await api.db.contact.findUniqueOrThrow({ where: { id: known.id } })).invitedAt).toBeNull();
      expect((await staff.post('/api/internal/admin/invites', { contactId: 'no-such-contact' })).status).toBe(404);
      const nobody = await staff.post('/api/internal/admin/invites', {});
      expect(nobody.status).toBe(400);
      expect(await nobody.json()).toMatchObject({ error: INVITE_WHO_REQUIRED, field: 'email' });
    });
  });
});
