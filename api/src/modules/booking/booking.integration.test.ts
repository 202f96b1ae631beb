import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrismaClient, type Db } from '@app/db/client';
import { createLogger } from '@app/runtime/logger';
import { createOutboxNotifier } from '@app/runtime/outbox/notifier';
import { createRedisConnection } from '@app/runtime/queue/connection';
import { testDatabaseUrl, testRedisUrl, uniqueQueuePrefix } from '../../../../test/context';
import { testOutboxNotifier } from '../../../../test/outbox-nudges';
import { smsEventCount } from '../../../../test/sms-events';
import { createApp } from '../../app';
import { moduleRouters } from '../registry';
import { bookingRequestBody } from '@app/shared/booking-request-fixture';
import { SETTLE_FREQUENCY, SETTLE_VISIT_TYPE, toSettle } from '@app/shared/booking-request';
import { testModuleDeps } from '../../../../test/module-deps';
import { apiErrorBody } from '@app/shared/api-error';

const log = createLogger({ service: 'booking-test', level: 'silent', format: 'json' });
// 10:00 in Atlanta on Sunday 22 November 2026: the earliest bookable day is 27 November.
const NOW = new Date('2026-11-22T15:00:00Z');

/** A booking the schema accepts at NOW (for 27 November); an override may break it on purpose. */
function validBooking(overrides: Record<string, unknown> = {}) {
  return { ...bookingRequestBody({ name: 'Jane Doe', description: 'Two dogs at home.' }, NOW), ...overrides };
}

async function startApi(db: Db, notifier: Awaited<ReturnType<typeof testOutboxNotifier>>) {
  const { outbox, nudges, close: closeNotifier } = notifier;
  const app = await createApp({
    logger: log,
    bodyLimit: '100kb',
    readinessChecks: {},
    routers: moduleRouters(testModuleDeps({ db, outbox, now: () => NOW })),
  });
  const server: Server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const close = async () => {
    server.close();
    await closeNotifier();
  };
  return { url, nudges, close };
}

const post = (url: string, body: unknown) =>
  fetch(`${url}/api/hubspot/portal/requestBooking`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('POST /api/hubspot/portal/requestBooking', () => {
  let db: Db;
  let api: Awaited<ReturnType<typeof startApi>>;

  beforeAll(async () => {
    db = createPrismaClient(testDatabaseUrl());
    api = await startApi(db, await testOutboxNotifier(testRedisUrl(), uniqueQueuePrefix('booking')));
  });
  afterAll(async () => {
    await api.close();
    await db.$disconnect();
  });

  it('stores the request with its deal, contact and outbox event, and nudges the relay', async () => {
    const body = validBooking();
    const nudgesBefore = api.nudges();
    const res = await post(api.url, body);
    expect(res.status).toBe(201);
    const answer = (await res.json()) as { success: boolean; message: string; request: { dealId: string; reference: string } };
    expect(answer).toMatchObject({ success: true, message: 'Booking request received.' });
    expect(answer.request.reference).toMatch(/^ATL-[2-9A-HJKMNP-Z]{4}$/);

    const deal = await db.deal.findUniqueOrThrow({ where: { id: answer.request.dealId }, include: { contact: true, bookingRequest: true } });
    expect(deal.stageId).toBe('1606828760');
    expect(deal.skus).toEqual(['deep-1500']);
    expect(deal.reference).toBe(answer.request.reference);
    // Single Deep Clean 1001-1500: $349, priced on the server; 10% off as this e-mail's first booking.
    expect(deal.amountCents).toBe(31_410);
    expect(deal.discountPercent).toBe(10);
    expect(deal.contact?.email).toBe(body.email);
    expect(deal.contact?.firstName).toBe('Jane');
    expect(deal.bookingRequest?.quoteType).toBe('virtual');

    const events = await db.outboxEvent.findMany({ where: { aggregateId: deal.id } });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: 'crm.push-booking', payload: { dealId: deal.id }, status: 'pending' });
    await expect.poll(() => api.nudges()).toBeGreaterThan(nudgesBefore);
  });

  it('texts the customer that the request arrived, once per phone a day', async () => {
    const phone = `+1404${String(Math.floor(1_000_000 + Math.random() * 8_999_999))}`;
    const first = (await (await post(api.url, validBooking({ phone }))).json()) as { request: { dealId: string } };
    const [message, ...others] = await db.smsMessage.findMany({ where: { to: phone } });
    expect(others).toEqual([]);
    expect(message).toMatchObject({ purpose: 'request_received', dealId: first.request.dealId, dedupeKey: `request_received:${first.request.dealId}`, status: 'queued' });
    const events = await db.outboxEvent.findMany({ where: { aggregateType: 'sms_message', aggregateId: message!.id } });
    expect(events).toHaveLength(1);
    // The words are written when the text goes out (worker/src/sms/customer-notice.ts), from the deal.
    // The row names the phone and the deal; the event names only the row.
    expect(events[0]).toMatchObject({ type: 'sms.send', status: 'pending' });
    expect(events[0]?.payload).toEqual({ messageId: message!.id });

    // Another request from the same phone the same day (a second home, a resubmission): no second text.
    expect((await post(api.url, validBooking({ phone }))).status).toBe(201);
    expect(await db.smsMessage.count({ where: { to: phone } })).toBe(1);
  });

  it('e-mails the form\'s address that the request arrived, texts box ticked or not, once per address a day', async () => {
    const body = validBooking({ textsAgreed: false });
    const first = (await (await post(api.url, body)).json()) as { request: { dealId: string } };
    const [email, ...others] = await db.emailMessage.findMany({ where: { to: body.email }, include: { notice: true } });
    expect(others).toEqual([]);
    // One notice, delivered by e-mail only: the box was left unticked.
    expect(email).toMatchObject({ purpose: 'request_received', dealId: first.request.dealId, status: 'queued', notice: { kind: 'request_received', dedupeKey: `request_received:${first.request.dealId}` } });
    expect(await db.smsMessage.count({ where: { dealId: first.request.dealId } })).toBe(0);
    const events = await db.outboxEvent.findMany({ where: { aggregateType: 'email_message', aggregateId: email!.id } });
    expect(events.map((e) => [e.type, e.payload, e.status])).toEqual([['email.send', { emailId: email!.id }, 'pending']]);

    // The same address again the same day (a resubmission): the deal is kept, no second e-mail.
    expect((await post(api.url, { ...body, phone: '+14045557009' })).status).toBe(201);
    expect(await db.emailMessage.count({ where: { to: body.email } })).toBe(1);
  });

  it('has no amount for a custom quote (every 2001+ sq ft request), and no discount', async () => {
    for (const service of [{ serviceType: 'Recurring Clean', frequency: 'weekly', visitType: 'deep' }, { serviceType: 'Full Move Service' }]) {
      const res = await post(api.url, validBooking({ ...service, squareFootage: 2001, addOns: ['addon-oven'] }));
      expect(res.status).toBe(201);
      const { request } = (await res.json()) as { request: { dealId: string } };
      const deal = await db.deal.findUniqueOrThrow({ where: { id: request.dealId } });
      // The add-on is still asked for; the service is quoted at the assessment.
      expect(deal.skus).toEqual(['addon-oven']);
      expect(deal.amountCents).toBeNull();
      expect(deal.discountPercent).toBeNull();
    }
  });

  it('stores a recurring clean with its frequency, visit type and add-ons, priced from the catalogue', async () => {
    const res = await post(
      api.url,
      validBooking({ serviceType: 'Recurring Clean', frequency: 'bi-weekly', visitType: 'deep', addOns: ['addon-oven', 'addon-interior-windows'] }),
    );
    expect(res.status).toBe(201);
    const { request } = (await res.json()) as { request: { dealId: string } };
    const deal = await db.deal.findUniqueOrThrow({ where: { id: request.dealId } });
    expect(deal).toMatchObject({ frequency: 'bi-weekly', visitType: 'deep', skus: ['recurring-deep-1500', 'addon-oven', 'addon-interior-windows'] });
    // $349 + $80 + $50 = $479, 10% off the first booking.
    expect(deal.amountCents).toBe(43_110);
  });

  it('gives the first-booking discount only while the e-mail has no earlier booking', async () => {
    const email = `returning.${Math.random().toString(36).slice(2, 8)}@example.com`;
    const first = await post(api.url, validBooking({ email }));
    const second = await post(api.url, validBooking({ email: email.toUpperCase() }));
    const deals = await Promise.all(
      [first, second].map(async (res) => db.deal.findUniqueOrThrow({ where: { id: ((await res.json()) as { request: { dealId: string } }).request.dealId } })),
    );
    expect(deals.map((d) => [d.discountPercent, d.amountCents])).toEqual([
      [10, 31_410],
      [null, 34_900],
    ]);
  });

  it('keeps a recurring clean without frequency or visit type (a client of the spec sends neither), for the office to settle', async () => {
    const res = await post(api.url, validBooking({ serviceType: 'Recurring Clean' }));
    expect(res.status).toBe(201);
    const { request } = (await res.json()) as { request: { dealId: string } };
    const deal = await db.deal.findUniqueOrThrow({ where: { id: request.dealId } });
    // Priced as the pricing card's starting price (a basic visit) until the office settles it.
    expect(deal).toMatchObject({ serviceType: 'Recurring Clean', frequency: null, visitType: null, skus: ['recurring-basic-1500'] });
    expect(toSettle(deal)).toEqual([SETTLE_FREQUENCY, SETTLE_VISIT_TYPE]);
    const half = await post(api.url, validBooking({ serviceType: 'Recurring Clean', visitType: 'deep' }));
    const halfDeal = await db.deal.findUniqueOrThrow({ where: { id: ((await half.json()) as { request: { dealId: string } }).request.dealId } });
    expect(toSettle(halfDeal)).toEqual([SETTLE_FREQUENCY]);
  });

  it.each([
    ['a date 4 days ahead', { preferredDate: '2026-11-26' }, 'preferredDate'],
    ['a bad zip', { address: { street: '1 A St', city: 'Atlanta', state: 'GA', zip: '3030' } }, 'address.zip'],
    ['an unknown band', { squareFootage: 1200 }, 'squareFootage'],
    ['no consent', { agreed: false }, 'agreed'],
    ['an unknown field', { coupon: 'FREE' }, ''],
  ])('refuses %s with 400 naming the field, and writes nothing', async (_label, override, field) => {
    const before = await db.outboxEvent.count();
    const res = await post(api.url, validBooking(override));
    expect(res.status).toBe(400);
    const body = (await res.json()) as { code: string; field: string; error: string };
    expect(body.code).toBe('validation_failed');
    expect(body.field).toBe(field);
    expect(await db.outboxEvent.count()).toBe(before);
  });

  it('names the consent rule with the legal name', async () => {
    const res = await post(api.url, validBooking({ agreed: false }));
    expect(((await res.json()) as { error: string }).error).toBe(
      'You must consent to allowing Atlanta Home Cleaning LLC to contact you before submitting.',
    );
  });

  it('keeps the consent the form showed with the request: version, exact words, the text box ticked, server time; texts the customer', async () => {
    const body = validBooking({ phone: '+14045557001', textsAgreed: true });
    const before = new Date();
    const res = await post(api.url, body);
    expect(res.status).toBe(201);
    const { request } = (await res.json()) as { request: { dealId: string } };
    const deal = await db.deal.findUniqueOrThrow({ where: { id: request.dealId }, include: { bookingRequest: { include: { smsConsent: true } } } });
    const consent = deal.bookingRequest?.smsConsent;
    expect(consent).toMatchObject({ form: 'booking', phone: '+14045557001', email: body.email, contactId: deal.contactId, version: '2026-11-28', textsAgreed: true });
    // Word for word what the booking form shows for the demo company (shared/src/sms-consent.ts).
    expect(consent?.words).toBe(
      'I agree to allow Atlanta Home Cleaning LLC to contact me about this request by phone or email. ' +
        'Text me about this request and my cleanings (optional, not needed to book). ' +
        'Atlanta Home Cleaning customer texts: booking confirmations, appointment reminders and changes, invoices, login codes, answers to your requests and a request to rate each cleaning. ' +
        'Message frequency varies. Msg & data rates may apply. Reply STOP to opt out, HELP for help. See our Privacy Policy and Terms.',
    );
    // The database's clock, not the browser's: within this test's wall-clock span.
    expect(consent!.agreedAt.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1_000);
    expect(consent!.agreedAt.getTime()).toBeLessThanOrEqual(Date.now() + 1_000);
    // Ticked: the "request received" text is written with the booking, its event with it.
    const message = await db.smsMessage.findUniqueOrThrow({ where: { dedupeKey: `request_received:${request.dealId}` } });
    expect(message).toMatchObject({ purpose: 'request_received', to: '+14045557001', status: 'queued' });
    expect(await db.outboxEvent.count({ where: { type: 'sms.send', aggregateId: message.id } })).toBe(1);
  });

  it('takes a booking with the text box unticked, also one asking to be contacted by text: kept as not agreed, no "request received" text', async () => {
    // docs/product.md §5 requires a contact method and the agreement only: the box stays optional.
    const body = validBooking({ phone: '+14045557002', textsAgreed: false, contactMethod: 'text' });
    const res = await post(api.url, body);
    expect(res.status).toBe(201);
    const { request } = (await res.json()) as { request: { dealId: string } };
    const deal = await db.deal.findUniqueOrThrow({ where: { id: request.dealId }, include: { bookingRequest: { include: { smsConsent: true } } } });
    expect(deal.bookingRequest?.smsConsent).toMatchObject({ form: 'booking', phone: '+14045557002', version: '2026-11-28', textsAgreed: false });
    // The words shown are kept all the same: the box was there, unticked.
    expect(deal.bookingRequest?.smsConsent?.words).toContain('Text me about this request and my cleanings (optional, not needed to book).');
    expect(await db.smsMessage.count({ where: { to: '+14045557002' } })).toBe(0);
    expect(await smsEventCount(db, '+14045557002')).toBe(0);
    // The HubSpot push is written as ever.
    expect(await db.outboxEvent.count({ where: { type: 'crm.push-booking', aggregateId: request.dealId } })).toBe(1);
  });

  it.each([
    ['missing', { textsAgreed: undefined }, 'textsAgreed', 'Please reload the page and choose whether we may text you.'],
    ['not a yes or no', { textsAgreed: 'on' }, 'textsAgreed', 'Please reload the page and choose whether we may text you.'],
    ['under the bundled 2026-11-27 terms', { consentVersion: '2026-11-27' }, 'consentVersion', 'Please reload the page: the text message terms you saw are not ones we know.'],
  ])('refuses a text box choice %s, naming the field, and stores nothing', async (_label, override, field, error) => {
    const body = validBooking(override);
    const res = await post(api.url, body);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual(apiErrorBody(error, 'validation_failed', field));
    expect(await db.contact.count({ where: { email: body.email } })).toBe(0);
    expect(await db.smsConsent.count({ where: { email: body.email } })).toBe(0);
  });

  it.each([
    ['missing (while agreeing to texts, which only a version with their box can)', undefined],
    ['unknown', '2020-01-01'],
  ])('refuses a %s consent version, naming the field, and stores nothing', async (_label, consentVersion) => {
    const body = validBooking({ consentVersion });
    const res = await post(api.url, body);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual(
      apiErrorBody(
        'Please reload the page: the text message terms you saw are not ones we know.',
        'validation_failed',
        'consentVersion',
      ),
    );
    expect(await db.contact.count({ where: { email: body.email } })).toBe(0);
    expect(await db.smsConsent.count({ where: { email: body.email } })).toBe(0);
  });
});

describe('booking while Redis is unreachable', () => {
  let db: Db;
  let api: Awaited<ReturnType<typeof startApi>>;

  beforeAll(async () => {
    db = createPrismaClient(testDatabaseUrl());
    // Nothing listens on port 1: every Redis command fails at once.
    const redis = createRedisConnection('redis://127.0.0.1:1', 'producer');
    const outbox = createOutboxNotifier({ redis, queuePrefix: uniqueQueuePrefix('down'), log });
    api = await startApi(db, { outbox, nudges: () => 0, close: async () => redis.disconnect() });
  });
  afterAll(async () => {
    await api.close();
    await db.$disconnect();
  });

  it('still accepts the request, quickly, and leaves its event for the relay', async () => {
    const started = Date.now();
    const res = await post(api.url, validBooking());
    expect(res.status).toBe(201);
    expect(Date.now() - started).toBeLessThan(500);
    const { request } = (await res.json()) as { request: { dealId: string } };
    const [event] = await db.outboxEvent.findMany({ where: { aggregateId: request.dealId } });
    expect(event?.status).toBe('pending');
  });
});

