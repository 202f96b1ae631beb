import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPANY } from '@app/runtime/company';
import { unsubscribeUrl } from '@app/runtime/email/unsubscribe-token';
import { findBookingTextsChoice } from '@app/db/sms-consent';
import { recordOptOut } from '@app/db/sms-opt-out';
import { apiErrorBody } from '@app/shared/api-error';
import { bookingRequestBody } from '@app/shared/booking-request-fixture';
import { formatUsPhone } from '@app/shared/phone';
import {
  EMAIL_REMINDERS_REQUIRED,
  reachChannelsSchema,
  TEXTS_ON_REQUIRED,
  textsOptedOutRefusal,
  type ReachChannels,
} from '@app/shared/reach-channels';
import { PORTAL_TEXTS_OFF_WORDS, portalTextsWords, SMS_CONSENT_VERSION, SMS_CONSENT_VERSION_ERROR } from '@app/shared/sms-consent';
import { createCustomer, signIn, TEST_OTP_SECRET, TestBrowser, type TestCustomer } from '../../../../test/portal-app';
import { staffSignIn, startStaffApi, type StaffApi } from '../../../../test/staff-app';

const START = new Date('2026-12-16T15:00:00Z');
const PATH = '/api/portal/channels';
const REPLY_NUMBER = '+14045550199';
const UNAUTHORIZED = apiErrorBody('Please sign in to continue.', 'unauthorized');

/**
 * The portal's "How we reach you" through the api (docs/customer-messages.md#channels): each
 * customer sees and changes only their own phone's and address's standing; texts are turned on
 * with the terms shown (kept with their version, as a booking's) and off; reminders by e-mail are
 * unsubscribed and resubscribed; a bounced address is e-mailed again on the customer's word.
 */
describe('portal channels', () => {
  let api: StaffApi;
  let customerA: TestCustomer;
  let customerB: TestCustomer;
  let a: TestBrowser;
  let b: TestBrowser;

  beforeAll(async () => {
    api = await startStaffApi('portal-channels', START, {}, { smsReplyNumber: REPLY_NUMBER });
    customerA = await createCustomer(api.db, { with: 'invite' });
    customerB = await createCustomer(api.db, { with: 'invite' });
    a = new TestBrowser(api.url);
    b = new TestBrowser(api.url);
    await signIn(api, a, customerA);
    await signIn(api, b, customerB);
  });
  afterAll(() => api.close());

  async function channelsOf(browser: TestBrowser): Promise<ReachChannels> {
    const res = await browser.request(PATH);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    return reachChannelsSchema.parse(await res.json());
  }
  const put = (browser: TestBrowser, path: string, body: unknown) => browser.request(`${PATH}${path}`, { method: 'PUT', body });
  const portalRows = (phone: string) => api.db.smsConsent.findMany({ where: { phone, form: 'portal' }, orderBy: { agreedAt: 'asc' } });
  const suppression = (address: string) => api.db.emailSuppression.findUnique({ where: { address } });
  /** A public booking by the customer, with the form's text box ticked or not, through the api. */
  async function book(customer: TestCustomer, textsAgreed: boolean): Promise<void> {
    const res = await new TestBrowser(api.url).post('/api/hubspot/portal/requestBooking', bookingRequestBody({ email: customer.email, phone: customer.phone, textsAgreed }, START));
    expect(res.status, await res.clone().text()).toBe(201);
  }

  it('is closed on every route without a customer session, and to a staff session', async () => {
    const staff = new TestBrowser(api.url);
    await staffSignIn(api, staff);
    for (const browser of [new TestBrowser(api.url), staff]) {
      for (const [method, path, body] of [
        ['GET', '', undefined],
        ['PUT', '/texts', { on: false }],
        ['PUT', '/email', { reminders: false }],
        ['DELETE', '/email/bounce', undefined],
      ] as const) {
        const res = await browser.request(`${PATH}${path}`, { method, ...(body !== undefined && { body }) });
        expect(res.status, `${method} ${path}`).toBe(401);
        expect(await res.json()).toEqual(UNAUTHORIZED);
      }
    }
  });

  it('texts: off after an unticked booking box, turned on with the terms shown (kept with their version), then off; the other customer untouched', async () => {
    await book(customerA, false);
    const before = await channelsOf(a);
    expect(before.texts).toMatchObject({ phone: customerA.phone, on: false, off: 'not_agreed', startTo: null });
    expect(Date.parse(before.texts.since!)).not.toBeNaN();
    const bBefore = await channelsOf(b);

    // Refused, naming the field, writing nothing.
    const refusals: Array<[unknown, string, string]> = [
      [{ on: true }, 'consentVersion', SMS_CONSENT_VERSION_ERROR],
      [{ on: true, consentVersion: '1999-01-01' }, 'consentVersion', SMS_CONSENT_VERSION_ERROR],
      // A published version whose words the portal never showed.
      [{ on: true, consentVersion: '2026-11-27.2' }, 'consentVersion', SMS_CONSENT_VERSION_ERROR],
      [{ on: 'yes', consentVersion: SMS_CONSENT_VERSION }, 'on', TEXTS_ON_REQUIRED],
      [{}, 'on', TEXTS_ON_REQUIRED],
    ];
    for (const [body, field, message] of refusals) {
      const res = await put(a, '/texts', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await res.json()).toMatchObject({ code: 'validation_failed', field, error: message });
    }
    // Another customer's phone cannot be named: the body takes no phone, contact or id.
    const strict = await put(a, '/texts', { on: true, consentVersion: SMS_CONSENT_VERSION, phone: customerB.phone });
    expect(strict.status).toBe(400);
    expect(await portalRows(customerA.phone)).toEqual([]);

    const on = await put(a, '/texts', { on: true, consentVersion: SMS_CONSENT_VERSION });
    expect(on.status).toBe(200);
    expect(reachChannelsSchema.parse(await on.json()).texts).toMatchObject({ on: true, off: null });
    const words = portalTextsWords(COMPANY)!;
    expect(await portalRows(customerA.phone)).toEqual([
      expect.objectContaining({ contactId: customerA.id, email: customerA.email, version: SMS_CONSENT_VERSION, words: words.words, textsAgreed: true, bookingRequestId: null }),
    ]);
    expect(words.words).toContain(words.textsOptIn);
    expect(words.words).toContain('Reply STOP to opt out, HELP for help.');
    // The sending rule now lets the texts go (worker/src/jobs/sms-send.ts reads the same choice).
    expect(await findBookingTextsChoice(api.db, customerA.phone)).toMatchObject({ form: 'portal', textsAgreed: true, version: SMS_CONSENT_VERSION });
    // The same choice again writes nothing.
    expect((await put(a, '/texts', { on: true, consentVersion: SMS_CONSENT_VERSION })).status).toBe(200);
    expect(await portalRows(customerA.phone)).toHaveLength(1);

    const off = reachChannelsSchema.parse(await (await put(a, '/texts', { on: false })).json());
    expect(off.texts).toMatchObject({ on: false, off: 'turned_off' });
    expect((await portalRows(customerA.phone)).at(-1)).toMatchObject({ textsAgreed: false, words: PORTAL_TEXTS_OFF_WORDS, version: SMS_CONSENT_VERSION });
    expect(await findBookingTextsChoice(api.db, customerA.phone)).toMatchObject({ form: 'portal', textsAgreed: false });

    // B saw none of it, and has no row of A's choice.
    expect(await channelsOf(b)).toEqual(bBefore);
    expect(await portalRows(customerB.phone)).toEqual([]);
  });

  it('texts: a phone that replied STOP is off with how to opt back in, and cannot be turned on here', async () => {
    const customer = await createCustomer(api.db, { with: 'invite' });
    const browser = new TestBrowser(api.url);
    await signIn(api, browser, customer);
    expect((await channelsOf(browser)).texts).toMatchObject({ on: true, off: null, since: null });
    await recordOptOut(api.db, customer.phone, { source: 'keyword', keyword: 'STOP' }, START);
    const stopped = await channelsOf(browser);
    expect(stopped.texts).toEqual({ phone: customer.phone, on: false, off: 'stop', since: START.toISOString(), heldSince: null, startTo: formatUsPhone(REPLY_NUMBER) });
    const res = await put(browser, '/texts', { on: true, consentVersion: SMS_CONSENT_VERSION });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ code: 'texts_opted_out', field: 'on', error: textsOptedOutRefusal(formatUsPhone(REPLY_NUMBER)) });
    expect(await portalRows(customer.phone)).toEqual([]);
  });

  it('e-mail: reminders and rating requests unsubscribed and resubscribed, in step with the one-click link; B untouched', async () => {
    const res = await put(a, '/email', { reminders: 'no' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ field: 'reminders', error: EMAIL_REMINDERS_REQUIRED });
    expect(await suppression(customerA.email)).toBeNull();

    const off = reachChannelsSchema.parse(await (await put(a, '/email', { reminders: false })).json());
    expect(off.email).toEqual({ address: customerA.email, reminders: false, unsubscribedAt: START.toISOString(), bounced: null, complained: null });
    expect(await suppression(customerA.email)).toMatchObject({ unsubscribedAt: START, bouncedAt: null });
    // Again: the first time is kept.
    api.clock.advance(60_000);
    expect((await put(a, '/email', { reminders: false })).status).toBe(200);
    expect(await suppression(customerA.email)).toMatchObject({ unsubscribedAt: START });

    const on = reachChannelsSchema.parse(await (await put(a, '/email', { reminders: true })).json());
    expect(on.email).toMatchObject({ reminders: true, unsubscribedAt: null });
    expect(await suppression(customerA.email)).toMatchObject({ unsubscribedAt: null });

    // The e-mail's own unsubscribe link (RFC 8058 one-click) shows here as off.
    const link = new URL(unsubscribeUrl('https://www.cleaning.example', TEST_OTP_SECRET, customerA.email));
    const oneClick = await fetch(`${api.url}${link.pathname}${link.search}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    expect(oneClick.status).toBe(200);
    expect((await channelsOf(a)).email).toMatchObject({ reminders: false });
    expect((await channelsOf(b)).email).toMatchObject({ address: customerB.email, reminders: true, unsubscribedAt: null });
    expect(await suppression(customerB.email)).toBeNull();
  });

  it('e-mail: a bounce is told with its reason and lifted on the customer\'s word, their own only; a complaint is not', async () => {
    // The bounce as the provider's report records it (another module's write).
    const bouncedAt = new Date(START.getTime() - 3_600_000);
    const reason = '550 5.1.1 The email account that you tried to reach does not exist';
    for (const customer of [customerA, customerB]) {
      await api.db.emailSuppression.upsert({ where: { address: customer.email }, create: { address: customer.email, bouncedAt, reason }, update: { bouncedAt, reason } });
    }
    expect((await channelsOf(a)).email.bounced).toEqual({ at: bouncedAt.toISOString(), reason });

    const resumed = await a.request(`${PATH}/email/bounce`, { method: 'DELETE' });
    expect(resumed.status).toBe(200);
    expect(reachChannelsSchema.parse(await resumed.json()).email).toMatchObject({ bounced: null, complained: null });
    expect(await suppression(customerA.email)).toMatchObject({ bouncedAt: null, reason: null });
    // Idempotent, and B's bounce stays.
    expect((await a.request(`${PATH}/email/bounce`, { method: 'DELETE' })).status).toBe(200);
    expect(await suppression(customerB.email)).toMatchObject({ bouncedAt, reason });
    expect((await channelsOf(b)).email.bounced).toEqual({ at: bouncedAt.toISOString(), reason });

    // A complaint: shown, not lifted here, the bounce kept with it.
    const complainedAt = new Date(START.getTime() - 1_800_000);
    await api.db.emailSuppression.update({ where: { address: customerB.email }, data: { complainedAt } });
    const refused = await b.request(`${PATH}/email/bounce`, { method: 'DELETE' });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ code: 'email_complained', field: 'address' });
    expect(await suppression(customerB.email)).toMatchObject({ bouncedAt, complainedAt, reason });
    expect((await channelsOf(b)).email.complained).toEqual({ at: complainedAt.toISOString(), reason: null });
  });
});
