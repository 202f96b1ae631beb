import { randomBytes } from 'node:crypto';
import { HELD_TEXT_REASON } from '@app/shared/sms-delivery-hold';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@app/db/client';
import { findProduct } from '@app/shared/catalogue';
import { STAGE } from '@app/shared/deal-stages';
import { scheduledDealSchema } from '@app/shared/entities';
import { INVITE_PHONE_MISMATCH, INVITE_WHO_REQUIRED } from '@app/shared/staff-admin';
import { createCustomer, signIn, TestBrowser, uniquePhone, type TestCustomer } from '../../../../test/portal-app';
import { staffSignIn, startStaffApi, type StaffApi } from '../../../../test/staff-app';
import { SMS_CONSENT_VERSION } from '@app/shared/sms-consent';
import { insertBooking } from '../../../../test/fixtures';

const START = new Date('2026-11-22T15:00:00Z');
const unique = () => randomBytes(4).toString('hex');

type DealInput = Parameters<Db['deal']['create']>[0]['data'];
const addDeal = (db: Db, data: Partial<DealInput>) => db.deal.create({ data: { name: 'Deal', stageId: STAGE.CLEAN_REQUESTED, source: 'hubspot', ...data } as DealInput });
const addOwner = (db: Db, firstName: string, lastName: string) =>
  db.owner.create({ data: { hubspotId: `owner-${unique()}`, firstName, lastName, email: `${firstName.toLowerCase()}.${unique()}@cleaning.example` } });

/** Every staff endpoint (docs/product.md §7 and the staff tools), with a body where it takes one. */
const STAFF_ENDPOINTS: Array<[string, string, unknown?]> = [
  ['GET', '/api/auth/me'],
  ['POST', '/api/auth/logout', {}],
  ['GET', '/api/internal/admin/fetch-staff-user'],
  ['GET', '/api/hubspot/admin/scheduledDeals'],
  ['GET', '/api/hubspot/contact-details/some-id'],
  ['GET', '/api/internal/admin/customers?q=pat'],
  ['POST', '/api/internal/admin/invites', { email: 'x@example.com', phone: '4045550100' }],
  ['GET', '/api/internal/admin/sessions'],
  ['DELETE', '/api/internal/admin/sessions/7d444840-9dc0-11d1-b245-5ffdce74fad2'],
  ['GET', '/api/internal/admin/staff-sessions'],
  ['DELETE', '/api/internal/admin/staff-sessions/7d444840-9dc0-11d1-b245-5ffdce74fad2'],
  ['POST', '/api/internal/admin/staff-users/some-id/access', { disabled: true }],
  ['POST', '/api/internal/admin/customers/some-id/portal-access', { suspended: true }],
  ['POST', '/api/internal/admin/deals/some-deal/portal-confirm', {}],
  ['GET', '/api/internal/admin/owners'],
  ['POST', '/api/internal/admin/deals/some-deal/owner', { ownerId: null }],
  ['GET', '/api/internal/admin/careers'],
  ['POST', '/api/internal/admin/careers', { title: 'T', description: 'D', location: 'L', type: 'Full-time' }],
  ['PUT', '/api/internal/admin/careers/some-id', { status: 'Closed' }],
];

describe('staff API', () => {
  let api: StaffApi;
  let staff: TestBrowser;
  let customer: TestCustomer;
  let customerBrowser: TestBrowser;

  beforeAll(async () => {
    api = await startStaffApi('staff', START);
    staff = new TestBrowser(api.url);
    expect((await staffSignIn(api, staff)).landing).toBe('/admin/dashboard');
    customer = await createCustomer(api.db, { with: 'invite' });
    customerBrowser = new TestBrowser(api.url);
    await signIn(api, customerBrowser, customer);
  });
  afterAll(() => api.close());

  describe('guard', () => {
    it.each(STAFF_ENDPOINTS)('%s %s answers 401 without a session', async (method, path, body) => {
      const res = await new TestBrowser(api.url).request(path, { method, ...(body === undefined ? {} : { body }) });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ error: 'Please sign in to continue.', code: 'unauthorized' });
    });

    it.each(STAFF_ENDPOINTS)('%s %s answers 403 with a customer session', async (method, path, body) => {
      const res = await customerBrowser.request(path, { method, ...(body === undefined ? {} : { body }) });
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ error: 'You do not have access to this.', code: 'forbidden' });
      // ...and the customer is still signed in: a refused staff call is not a sign-out.
      expect((await customerBrowser.request('/api/portal/me')).status).toBe(200);
    });

    it('customer endpoints stay closed to a staff session', async () => {
      expect((await staff.request('/api/portal/deals')).status).toBe(401);
    });
  });

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

    it('lists the deals in Cleaning Scheduled that have a date, with title, ISO start, address, owner, owner id, customer and stage', async () => {
      const res = await staff.request('/api/hubspot/admin/scheduledDeals');
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      const deals = (await res.json()) as { id: string }[];
      for (const deal of deals) scheduledDealSchema.parse(deal);
      const mine = deals.filter((d) => Object.values(ids).includes(d.id));
      const scheduledDeal = await api.db.deal.findUniqueOrThrow({ where: { id: ids.scheduled! }, select: { contactId: true } });
      const stageId = STAGE.CLEANING_SCHEDULED;
      expect(mine).toEqual([
        { id: ids.scheduled, title: 'Deep Clean', date: '2031-03-02T14:00:00.000Z', address: '12 Peachtree St NE, Atlanta, GA 30303', owner: ownerName, ownerId, customer: 'Cal Endar', contactId: scheduledDeal.contactId, stageId },
        { id: ids.product, title: findProduct('deep-1500')!.name, date: '2031-03-03T15:30:00.000Z', address: '1 Main St, Decatur, GA 30030', owner: null, ownerId: null, customer: null, contactId: null, stageId },
        { id: ids.untyped, title: 'Cleaning', date: '2031-03-04T13:00:00.000Z', address: null, owner: null, ownerId: null, customer: null, contactId: null, stageId },
      ]);
    });

    it('adds finished cleanings with ?stage=all, only them with ?stage=done, and refuses another stage', async () => {
      const listed = async (stage: string) => ((await (await staff.request(`/api/hubspot/admin/scheduledDeals?stage=${stage}`)).json()) as { id: string }[]).map((d) => d.id).filter((id) => Object.values(ids).includes(id));
      expect(await listed('all')).toEqual([ids.done, ids.scheduled, ids.product, ids.untyped]);
      expect(await listed('done')).toEqual([ids.done]);
      expect((await staff.request('/api/hubspot/admin/scheduledDeals?stage=requested')).status).toBe(400);
    });

    it('narrows to ?start=&end= (the calendar’s visible range) and refuses a malformed one', async () => {
      const res = await staff.request(`/api/hubspot/admin/scheduledDeals?start=${encodeURIComponent('2031-03-03T00:00:00Z')}&end=${encodeURIComponent('2031-03-04T00:00:00Z')}`);
      expect(((await res.json()) as { id: string }[]).map((d) => d.id)).toEqual([ids.product]);
      expect((await staff.request('/api/hubspot/admin/scheduledDeals?start=tomorrow')).status).toBe(400);
    });
  });

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

  it('GET /api/hubspot/contact-details/:id lists the texts sent to the customer\'s phone, newest first, and no one else\'s', async () => {
    const contact = await createCustomer(api.db, { with: 'nothing' });
    const phone = contact.phone!;
    await api.db.smsMessage.create({ data: { purpose: 'login_code', to: phone, status: 'delivered', createdAt: new Date('2026-11-20T15:00:00Z'), sentAt: new Date('2026-11-20T15:00:01Z') } });
    await api.db.smsMessage.create({ data: { purpose: 'staff_invite', to: phone, status: 'undelivered', errorCode: 30003, createdAt: new Date('2026-11-21T15:00:00Z') } });
    await api.db.smsMessage.create({ data: { purpose: 'login_code', to: uniquePhone(), status: 'delivered' } });
    const body = (await (await staff.request(`/api/hubspot/contact-details/${contact.id}`)).json()) as { messages: Record<string, unknown>[] };
    expect(body.messages).toEqual([
      expect.objectContaining({ purpose: 'staff_invite', label: 'Portal invite', status: 'undelivered', errorCode: 30003, createdAt: '2026-11-21T15:00:00.000Z', sentAt: null }),
      expect.objectContaining({ purpose: 'login_code', label: 'Login code', status: 'delivered', errorCode: null, sentAt: '2026-11-20T15:00:01.000Z' }),
    ]);
    expect(body).toMatchObject({ textsOptOut: null });
  });

  it('GET /api/hubspot/contact-details/:id says when and how the phone opted out of texts, and why texts were not sent', async () => {
    const contact = await createCustomer(api.db, { with: 'nothing' });
    const phone = contact.phone!;
    await api.db.smsOptOut.create({ data: { phone, source: 'keyword', keyword: 'UNSUBSCRIBE', optedOutAt: new Date('2026-11-22T15:00:00Z') } });
    await api.db.smsMessage.create({ data: { purpose: 'reminder', to: phone, status: 'canceled', errorMessage: 'Not sent: the phone opted out of texts (STOP).' } });
    const body = (await (await staff.request(`/api/hubspot/contact-details/${contact.id}`)).json()) as { messages: Record<string, unknown>[]; textsOptOut: unknown };
    expect(body.textsOptOut).toEqual({ since: '2026-11-22T15:00:00.000Z', how: 'replied UNSUBSCRIBE' });
    expect(body.messages).toEqual([expect.objectContaining({ purpose: 'reminder', label: 'Reminder', status: 'canceled', reason: 'Not sent: the phone opted out of texts (STOP).' })]);
  });

  it('GET /api/hubspot/contact-details/:id says since when and why texts to the phone are held back (30006/30007)', async () => {
    const contact = await createCustomer(api.db, { with: 'nothing' });
    const phone = contact.phone!;
    const url = `/api/hubspot/contact-details/${contact.id}`;
    expect(await (await staff.request(url)).json()).toMatchObject({ textsHeld: null });
    await api.db.smsDeliveryHold.create({ data: { phone, errorCode: 30006, purpose: 'cleaning_confirmed', heldSince: new Date('2026-11-23T15:00:00Z') } });
    await api.db.smsMessage.create({ data: { purpose: 'reminder', to: phone, status: 'canceled', errorMessage: HELD_TEXT_REASON } });
    const body = (await (await staff.request(url)).json()) as { messages: Record<string, unknown>[]; textsHeld: unknown; textsOptOut: unknown };
    expect(body.textsHeld).toEqual({
      since: '2026-11-23T15:00:00.000Z',
      errorCode: 30006,
      why: 'Twilio reported a landline or an unreachable carrier (30006), on the cleaning confirmed text',
    });
    expect(body.textsOptOut).toBeNull();
    expect(body.messages).toEqual([expect.objectContaining({ purpose: 'reminder', status: 'canceled', reason: HELD_TEXT_REASON })]);
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
    expect(body.textsNotAgreed).toEqual({ since: '2026-11-23T15:00:00.000Z', reference: unticked });
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

  describe('session manager', () => {
    it('lists live customer sessions (never their ids) and revokes one: that customer’s next request is 401', async () => {
      const victim = await createCustomer(api.db, { with: 'invite' });
      const browser = new TestBrowser(api.url);
      await signIn(api, browser, victim);
      expect((await browser.request('/api/portal/me')).status).toBe(200);

      const list = (await (await staff.request('/api/internal/admin/sessions')).json()) as { id: string; customer: { email: string } | null; expiresAt: string }[];
      const entry = list.find((s) => s.customer?.email === victim.email);
      expect(entry).toMatchObject({ customer: { id: victim.id, name: 'Pat Portal', email: victim.email, phone: victim.phone }, ip: browser.ip });
      expect(entry!.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(entry!.id).not.toBe(browser.sessionId);
      expect(JSON.stringify(list)).not.toContain(browser.sessionId!);
      // Staff sessions are not customers' and are not listed.
      expect(list.every((s) => s.customer !== null)).toBe(true);

      const revoked = await staff.request(`/api/internal/admin/sessions/${entry!.id}`, { method: 'DELETE' });
      expect(revoked.status).toBe(200);
      expect((await browser.request('/api/portal/me')).status).toBe(401);
      expect((await browser.request('/api/portal/deals')).status).toBe(401);
      const after = (await (await staff.request('/api/internal/admin/sessions')).json()) as { id: string }[];
      expect(after.map((s) => s.id)).not.toContain(entry!.id);
      expect((await staff.request(`/api/internal/admin/sessions/${entry!.id}`, { method: 'DELETE' })).status).toBe(404);
      expect((await staff.request('/api/internal/admin/sessions/not-a-uuid', { method: 'DELETE' })).status).toBe(404);
    });

    it('cannot revoke a staff session', async () => {
      const row = await api.db.session.findUniqueOrThrow({ where: { id: staff.sessionId! } });
      expect((await staff.request(`/api/internal/admin/sessions/${row.publicId}`, { method: 'DELETE' })).status).toBe(404);
      expect((await staff.request('/api/auth/me')).status).toBe(200);
    });
  });

  describe('cleaner roster', () => {
    it('lists the owners and assigns one to a deal: mirror updated, HubSpot push stored in the outbox', async () => {
      const owner = await addOwner(api.db, 'Aisha', `Johnson${unique()}`);
      const roster = (await (await staff.request('/api/internal/admin/owners')).json()) as Record<string, unknown>[];
      expect(roster).toContainEqual({ id: owner.id, hubspotId: owner.hubspotId, name: `Aisha ${owner.lastName}`, email: owner.email, active: true });

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

  describe('careers management', () => {
    it('creates, edits and closes a listing; the public Careers list follows', async () => {
      const title = `Window Specialist ${unique()}`;
      const created = await staff.post('/api/internal/admin/careers', { title, description: 'Ladders and squeegees.', location: 'Atlanta, GA', type: 'Part-time', sortOrder: -5 });
      expect(created.status).toBe(201);
      const listing = (await created.json()) as { id: string };
      expect(listing).toMatchObject({ title, status: 'Open', icon: 'default', sortOrder: -5 });

      const publicList = async () => (await (await fetch(`${api.url}/api/internal/admin/fetchCareerListings`)).json()) as { title: string; status: string; icon: string }[];
      expect((await publicList()).find((l) => l.title === title)).toEqual({ title, description: 'Ladders and squeegees.', location: 'Atlanta, GA', type: 'Part-time', status: 'Open', icon: 'default' });

      const edited = await staff.request(`/api/internal/admin/careers/${listing.id}`, { method: 'PUT', body: { location: 'Marietta, GA', icon: 'Truck' } });
      expect(edited.status).toBe(200);
      const closed = await staff.request(`/api/internal/admin/careers/${listing.id}`, { method: 'PUT', body: { status: 'Closed' } });
      expect(await closed.json()).toMatchObject({ id: listing.id, status: 'Closed', location: 'Marietta, GA', icon: 'Truck' });
      expect((await publicList()).find((l) => l.title === title)).toMatchObject({ status: 'Closed', icon: 'Truck', location: 'Marietta, GA' });

      const all = (await (await staff.request('/api/internal/admin/careers')).json()) as { id: string }[];
      expect(all.map((l) => l.id)).toContain(listing.id);
    });

    it('refuses an incomplete listing, an unknown id and an empty change', async () => {
      const incomplete = await staff.post('/api/internal/admin/careers', { title: 'No description' });
      expect(incomplete.status).toBe(400);
      expect(await incomplete.json()).toMatchObject({ field: 'description' });
      expect((await staff.request('/api/internal/admin/careers/nope', { method: 'PUT', body: { status: 'Closed' } })).status).toBe(404);
      expect((await staff.request('/api/internal/admin/careers/nope', { method: 'PUT', body: {} })).status).toBe(400);
      expect((await staff.request('/api/internal/admin/careers/nope', { method: 'PUT', body: { status: 'Paused' } })).status).toBe(400);
    });
  });
});
