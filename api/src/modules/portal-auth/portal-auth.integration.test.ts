import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCustomer,
  latestCode,
  signIn,
  startPortalApi,
  TestBrowser,
  uniquePhone,
  type PortalApi,
  type TestCustomer,
} from '../../../../test/portal-app';
import { latestSmsEvent, smsEventCount } from '../../../../test/sms-events';
import { PRODUCT_SPEC_CONSENT_VERSION, SMS_CONSENT_VERSION } from '@app/shared/sms-consent';
import { LOGIN_SMS_CONSENT } from '@app/shared/texts';
import { apiErrorBody } from '@app/shared/api-error';

const MINUTE = 60_000;
// 10:00 in Atlanta on Sunday 22 November 2026.
const START = new Date('2026-11-22T15:00:00Z');

describe('customer login by texted code', () => {
  let api: PortalApi;

  beforeAll(async () => {
    api = await startPortalApi('portal-auth', START);
  });
  afterAll(() => api.close());

  const requestCode = (browser: TestBrowser, c: { email: string; phone: string }) =>
    browser.post('/api/portal/auth/request-code', { email: c.email, phone: c.phone, code: '', consentVersion: SMS_CONSENT_VERSION });
  const verify = (browser: TestBrowser, c: { email: string; phone: string }, code: string) =>
    browser.post('/api/portal/auth/verify-code', { email: c.email, phone: c.phone, code });
  const me = (browser: TestBrowser) => browser.request('/api/portal/me');
  const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  describe('request-code', () => {
    it('stores only an HMAC of a fresh 6-digit code and an outbox event naming its challenge, valid for 10 minutes', async () => {
      const customer = await createCustomer(api.db);
      const nudgesBefore = api.nudges();
      const res = await requestCode(new TestBrowser(api.url), customer);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({
        success: true,
        message: 'We texted you a 6-digit login code. It expires in 10 minutes.',
        // Step 2 shows these: when the code stops working, and how long until "Resend code".
        expiresAt: new Date(START.getTime() + 10 * MINUTE).toISOString(),
        resendAfterSeconds: 30,
      });

      const code = await latestCode(api, customer.phone);
      expect(code).toMatch(/^\d{6}$/);
      const [challenge] = await api.db.otpChallenge.findMany({ where: { contactId: customer.id } });
      expect(challenge?.codeHmac).toBeTruthy();
      expect(challenge?.codeHmac).not.toContain(code);
      expect(challenge?.expiresAt.toISOString()).toBe(new Date(START.getTime() + 10 * MINUTE).toISOString());
      expect(challenge?.requestIp).not.toMatch(/^10\./); // a keyed hash, not the address

      // Its delivery row, written in the same transaction; never the text itself.
      const message = await api.db.smsMessage.findFirstOrThrow({ where: { otpChallengeId: challenge!.id } });
      expect(message).toMatchObject({ purpose: 'login_code', to: customer.phone, otpChallengeId: challenge?.id, sid: null, status: 'queued' });
      const event = await api.db.outboxEvent.findFirstOrThrow({ where: { type: 'sms.send', aggregateId: message.id } });
      // The event names the row; the worker reads the phone and the challenge there and derives the code.
      expect(event.payload).toEqual({ messageId: message.id });
      expect(JSON.stringify(event.payload)).not.toContain(code);
      expect(JSON.stringify(message)).not.toContain(code);
      // Committed before the answer; then the worker's relay is nudged to dispatch it at once.
      await expect.poll(() => api.nudges()).toBeGreaterThan(nudgesBefore);
    });

    it('keeps the text message consent step 1 showed with the code it sent: version, exact words, server time', async () => {
      const customer = await createCustomer(api.db);
      expect((await requestCode(new TestBrowser(api.url), customer)).status).toBe(200);
      const consents = await api.db.smsConsent.findMany({ where: { phone: customer.phone } });
      expect(consents).toHaveLength(1);
      // A login request agrees to its code only: it says nothing either way about other texts.
      expect(consents[0]).toMatchObject({ form: 'login', email: customer.email, contactId: customer.id, version: '2026-11-28', bookingRequestId: null, textsAgreed: null });
      // The api's clock (this test's fixed one), never a time the browser sent.
      expect(consents[0]?.agreedAt.toISOString()).toBe(START.toISOString());
      // Word for word what the login page shows for the demo company: the §2 statement, then the program as information.
      expect(consents[0]?.words).toBe(
        'By continuing, you agree to receive a one-time text message for verification. Standard messaging rates may apply. ' +
          'Atlanta Home Cleaning customer texts: a login code each time you ask for one. Texts about your cleanings only if you choose them when booking. ' +
          'Msg & data rates may apply. Reply STOP to opt out, HELP for help. See our Privacy Policy and Terms.',
      );
    });

    it('still takes a login request from a page showing the published 2026-11-27 terms, keeping those words', async () => {
      const customer = await createCustomer(api.db);
      const res = await new TestBrowser(api.url).post('/api/portal/auth/request-code', { email: customer.email, phone: customer.phone, code: '', consentVersion: '2026-11-27' });
      expect(res.status).toBe(200);
      const [consent] = await api.db.smsConsent.findMany({ where: { phone: customer.phone } });
      expect(consent).toMatchObject({ version: '2026-11-27', textsAgreed: null });
      expect(consent?.words).toContain('You also agree to receive Atlanta Home Cleaning customer texts at this phone number.');
    });

    it("takes §7's payload as listed ({ email, phone, code }): keeps §2's statement as what was agreed to", async () => {
      const customer = await createCustomer(api.db);
      const res = await new TestBrowser(api.url).post('/api/portal/auth/request-code', { email: customer.email, phone: customer.phone, code: '' });
      expect(res.status).toBe(200);
      expect(await api.db.otpChallenge.count({ where: { phone: customer.phone } })).toBe(1);
      const [consent] = await api.db.smsConsent.findMany({ where: { phone: customer.phone } });
      expect(consent).toMatchObject({ version: PRODUCT_SPEC_CONSENT_VERSION, words: LOGIN_SMS_CONSENT, textsAgreed: null });
    });

    it('refuses an unknown consent version naming the field: no code, no consent kept', async () => {
      const customer = await createCustomer(api.db);
      const res = await new TestBrowser(api.url).post('/api/portal/auth/request-code', { email: customer.email, phone: customer.phone, code: '', consentVersion: 'yesterday' });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual(
        apiErrorBody(
          'Please reload the page: the text message terms you saw are not ones we know.',
          'validation_failed',
          'consentVersion',
        ),
      );
      expect(await api.db.otpChallenge.count({ where: { phone: customer.phone } })).toBe(0);
      expect(await api.db.smsConsent.count({ where: { phone: customer.phone } })).toBe(0);
    });

    it('keeps no consent for a refused request (it texts nobody)', async () => {
      const stranger = { email: `stranger.${Date.now()}@example.com`, phone: uniquePhone() };
      expect((await requestCode(new TestBrowser(api.url), stranger)).status).toBe(403);
      expect(await api.db.smsConsent.count({ where: { phone: stranger.phone } })).toBe(0);
    });

    it('normalises the phone as the login field does (§5)', async () => {
      const customer = await createCustomer(api.db);
      const typed = `1 (${customer.phone.slice(2, 5)}) ${customer.phone.slice(5, 8)}-${customer.phone.slice(8)}`;
      const res = await requestCode(new TestBrowser(api.url), { email: customer.email.toUpperCase(), phone: typed });
      expect(res.status).toBe(200);
    });

    it('accepts a contact invited by staff who has no booking yet', async () => {
      const customer = await createCustomer(api.db, { with: 'invite' });
      expect((await requestCode(new TestBrowser(api.url), customer)).status).toBe(200);
    });

    it('tells a contact without any request, and an unknown pair, the same: not yet eligible', async () => {
      const noRequests = await createCustomer(api.db, { with: 'nothing' });
      const unknown = { email: 'nobody.here@example.com', phone: uniquePhone() };
      const known = await createCustomer(api.db);
      const wrongPhone = { email: known.email, phone: uniquePhone() };
      for (const who of [noRequests, unknown, wrongPhone]) {
        const res = await requestCode(new TestBrowser(api.url), who);
        expect(res.status).toBe(403);
        const body = (await res.json()) as { error: string; code: string };
        expect(body).toEqual(
          apiErrorBody(
            'This account is not yet eligible for the customer portal. Request a cleaning first, then sign in with the same email and phone number you used.',
            'portal_not_eligible',
          ),
        );
        expect(body.error).toContain('not yet eligible');
      }
      expect(await smsEventCount(api.db, noRequests.phone)).toBe(0);
    });

    it('tells a suspended customer their access is suspended, and sends nothing', async () => {
      const customer = await createCustomer(api.db, { suspended: true });
      const res = await requestCode(new TestBrowser(api.url), customer);
      expect(res.status).toBe(403);
      const body = (await res.json()) as { error: string; code: string };
      expect(body).toEqual(apiErrorBody('Portal access for this account has been suspended. Please contact us to restore it.', 'portal_suspended'));
      expect(body.error).toContain('suspended');
      expect(await smsEventCount(api.db, customer.phone)).toBe(0);
    });

    it('refuses a bad phone with the field named', async () => {
      const res = await requestCode(new TestBrowser(api.url), { email: 'a@example.com', phone: '404-555' });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual(apiErrorBody('Please enter a valid 10-digit US phone number.', 'validation_failed', 'phone'));
    });
  });

  describe('send limits (counted in Postgres)', () => {
    it('waits 30 seconds between two codes to one phone', async () => {
      const customer = await createCustomer(api.db);
      const browser = new TestBrowser(api.url);
      expect((await requestCode(browser, customer)).status).toBe(200);
      api.clock.advance(10_000);
      const res = await requestCode(browser, customer);
      expect(res.status).toBe(429);
      expect(res.headers.get('retry-after')).toBe('20');
      expect(await res.json()).toEqual(apiErrorBody('Too many requests. Please try again later.', 'rate_limited'));
      api.clock.advance(20_000);
      expect((await requestCode(browser, customer)).status).toBe(200);
    });

    it('sends at most 3 codes per phone in 15 minutes, from any address', async () => {
      const customer = await createCustomer(api.db);
      const sentAt = api.clock.now().getTime();
      for (let i = 0; i < 3; i++) {
        expect((await requestCode(new TestBrowser(api.url), customer)).status).toBe(200);
        api.clock.advance(31_000);
      }
      const limited = await requestCode(new TestBrowser(api.url), customer);
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBe(Math.ceil((sentAt + 15 * MINUTE - api.clock.now().getTime()) / 1000));
      api.clock.set(new Date(sentAt + 15 * MINUTE + 1));
      expect((await requestCode(new TestBrowser(api.url), customer)).status).toBe(200);
    });

    it('takes at most 10 code requests per address in an hour, refused ones included', async () => {
      const browser = new TestBrowser(api.url);
      for (let i = 0; i < 9; i++) {
        expect((await requestCode(browser, { email: `probe.${i}@example.com`, phone: uniquePhone() })).status).toBe(403);
      }
      const customer = await createCustomer(api.db);
      expect((await requestCode(browser, customer)).status).toBe(200); // the 10th
      const other = await createCustomer(api.db);
      expect((await requestCode(browser, other)).status).toBe(429);
      expect((await requestCode(new TestBrowser(api.url), other)).status).toBe(200); // another address
    });

    it('is exact under concurrency: of 6 simultaneous requests for one phone, one sends', async () => {
      const customer = await createCustomer(api.db);
      const answers = await Promise.all(Array.from({ length: 6 }, () => requestCode(new TestBrowser(api.url), customer)));
      expect(answers.map((r) => r.status).sort()).toEqual([200, 429, 429, 429, 429, 429]);
      expect(await api.db.otpChallenge.count({ where: { contactId: customer.id } })).toBe(1);
    });
  });

  describe('verify-code', () => {
    async function withCode(): Promise<{ customer: TestCustomer; browser: TestBrowser; code: string }> {
      const customer = await createCustomer(api.db);
      const browser = new TestBrowser(api.url);
      expect((await requestCode(browser, customer)).status).toBe(200);
      return { customer, browser, code: await latestCode(api, customer.phone) };
    }

    it('signs the customer in with an HttpOnly, SameSite=Lax session cookie and uses the code up', async () => {
      const { customer, browser, code } = await withCode();
      const res = await verify(browser, customer, code);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ success: true });
      const cookie = res.headers.getSetCookie().find((c) => c.startsWith('sid='));
      expect(cookie).toMatch(/; path=\/;/);
      expect(cookie).toMatch(/; samesite=lax/i);
      expect(cookie).toMatch(/; httponly/i);
      expect(cookie).not.toMatch(/; secure/i); // Secure only in production
      expect(cookie).not.toMatch(/expires=/i); // a browser-session cookie: the server keeps time
      expect(res.headers.getSetCookie().some((c) => c.startsWith('sid.sig='))).toBe(true);

      const meRes = await me(browser);
      expect(meRes.status).toBe(200);
      expect(await meRes.json()).toMatchObject({ email: customer.email, phone: customer.phone, isStaff: false, customer: { id: customer.id } });

      const session = await api.db.session.findUniqueOrThrow({ where: { id: browser.sessionId! } });
      expect(session).toMatchObject({ kind: 'customer', contactId: customer.id, ip: browser.ip, userAgent: 'node' });
      // The code's text no longer holds the code.
      const event = await latestSmsEvent(api.db, customer.phone);
      expect(JSON.stringify(event.payload)).not.toContain(code);
    });

    it('refuses a code used before', async () => {
      const { customer, browser, code } = await withCode();
      expect((await verify(browser, customer, code)).status).toBe(200);
      const again = await verify(new TestBrowser(api.url), customer, code);
      expect(again.status).toBe(401);
      expect(await again.json()).toEqual(apiErrorBody('That code has expired or was already used. Please request a new code.', 'code_expired'));
    });

    it('refuses a code after its 10 minutes', async () => {
      const { customer, browser, code } = await withCode();
      api.clock.advance(10 * MINUTE);
      const res = await verify(browser, customer, code);
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ code: 'code_expired' });
      expect(browser.sessionId).toBeUndefined();
    });

    it('counts wrong codes and voids the code at the fifth', async () => {
      const { customer, browser, code } = await withCode();
      for (let i = 1; i <= 4; i++) {
        const res = await verify(browser, customer, otherCode(code));
        expect(res.status).toBe(401);
        expect(await res.json()).toEqual(apiErrorBody('That code is not correct. Please check the text message and try again.', 'invalid_code'));
      }
      const fifth = await verify(browser, customer, otherCode(code));
      expect(await fifth.json()).toEqual(apiErrorBody('Too many incorrect codes. Please request a new code.', 'code_void'));
      const right = await verify(browser, customer, code);
      expect(right.status).toBe(401);
      expect(await right.json()).toMatchObject({ code: 'code_expired' });
      expect((await me(browser)).status).toBe(401);
    });

    it('binds the code to its e-mail and phone', async () => {
      const { customer, code } = await withCode();
      const other = await createCustomer(api.db);
      expect((await verify(new TestBrowser(api.url), { email: other.email, phone: customer.phone }, code)).status).toBe(401);
      expect((await verify(new TestBrowser(api.url), { email: customer.email, phone: other.phone }, code)).status).toBe(401);
    });

    it('voids the previous code when a new one is sent', async () => {
      const { customer, browser, code: first } = await withCode();
      api.clock.advance(31_000);
      expect((await requestCode(browser, customer)).status).toBe(200);
      const second = await latestCode(api, customer.phone);
      if (first !== second) {
        expect(await (await verify(browser, customer, first)).json()).toMatchObject({ code: 'invalid_code' });
      }
      expect((await verify(browser, customer, second)).status).toBe(200);
    });

    it('refuses a customer suspended after the code was sent', async () => {
      const { customer, browser, code } = await withCode();
      await api.db.contact.update({ where: { id: customer.id }, data: { suspended: true } });
      const res = await verify(browser, customer, code);
      expect(res.status).toBe(403);
      expect(((await res.json()) as { error: string }).error).toContain('suspended');
    });
  });

  describe('sessions', () => {
    it('gives a new session id at login, so an id known before is worthless (fixation)', async () => {
      const customer = await createCustomer(api.db);
      const browser = new TestBrowser(api.url);
      await signIn(api, browser, customer);
      const before = browser.sessionId!;
      const planted = new TestBrowser(api.url);
      for (const [k, v] of browser.cookies) planted.cookies.set(k, v);

      api.clock.advance(31_000);
      await signIn(api, browser, customer);
      expect(browser.sessionId).toBeDefined();
      expect(browser.sessionId).not.toBe(before);
      expect((await me(planted)).status).toBe(401);
      expect(await api.db.session.count({ where: { id: before } })).toBe(0);
      expect((await me(browser)).status).toBe(200);
    });

    it('logout destroys the session on the server: the old cookie is refused', async () => {
      const customer = await createCustomer(api.db);
      const browser = new TestBrowser(api.url);
      await signIn(api, browser, customer);
      const copy = new TestBrowser(api.url);
      for (const [k, v] of browser.cookies) copy.cookies.set(k, v);
      const id = browser.sessionId!;

      const res = await browser.request('/api/portal/logout', { method: 'POST' });
      expect(res.status).toBe(200);
      expect(browser.sessionId).toBeUndefined(); // the cookie is cleared
      expect(await api.db.session.count({ where: { id } })).toBe(0);
      expect((await me(copy)).status).toBe(401);
      expect(await (await me(copy)).json()).toEqual(apiErrorBody('Please sign in to continue.', 'unauthorized'));
    });

    it('ends a customer session after 30 minutes without a request; use keeps it alive', async () => {
      const customer = await createCustomer(api.db);
      const browser = new TestBrowser(api.url);
      await signIn(api, browser, customer);
      api.clock.advance(29 * MINUTE);
      expect((await me(browser)).status).toBe(200);
      api.clock.advance(29 * MINUTE);
      expect((await me(browser)).status).toBe(200);
      api.clock.advance(30 * MINUTE);
      const res = await me(browser);
      expect(res.status).toBe(401);
      expect(await api.db.session.count({ where: { contactId: customer.id } })).toBe(0);
      // The dead cookie is cleared, so the browser stops sending it.
      expect(res.headers.getSetCookie().find((c) => c.startsWith('sid='))).toMatch(/^sid=;.*expires=Thu, 01 Jan 1970/);
      expect(browser.sessionId).toBeUndefined();
    });

    it('ends a customer session 12 hours after sign-in however active', async () => {
      const customer = await createCustomer(api.db);
      const browser = new TestBrowser(api.url);
      await signIn(api, browser, customer);
      for (let elapsed = 0; elapsed < 12 * 60 - 25; elapsed += 25) {
        api.clock.advance(25 * MINUTE);
        expect((await me(browser)).status).toBe(200);
      }
      api.clock.advance(25 * MINUTE); // 12 h 5 min after sign-in, 25 min after the last request
      expect((await me(browser)).status).toBe(401);
    });

    it('a request without a session cookie stores nothing and sets no cookie', async () => {
      const before = await api.db.session.count();
      const res = await fetch(`${api.url}/api/portal/me`);
      expect(res.status).toBe(401);
      expect(res.headers.getSetCookie()).toEqual([]);
      expect(await api.db.session.count()).toBe(before);
    });

    it('ignores a forged cookie (signature check)', async () => {
      const customer = await createCustomer(api.db);
      const browser = new TestBrowser(api.url);
      await signIn(api, browser, customer);
      const forged = new TestBrowser(api.url);
      forged.cookies.set('sid', browser.sessionId!);
      forged.cookies.set('sid.sig', 'not-the-signature');
      expect((await me(forged)).status).toBe(401);
    });
  });

  describe('origin check on state-changing requests', () => {
    const body = { email: 'origin.check@example.com', phone: '+14045550000', code: '', consentVersion: SMS_CONSENT_VERSION };
    it.each([
      ['another site', { Origin: 'https://evil.example' }, 403],
      ['an opaque origin', { Origin: 'null' }, 403],
      ['a cross-site request without Origin', { 'Sec-Fetch-Site': 'cross-site' }, 403],
      ['the allowed site', { Origin: 'https://www.allowed.example' }, 403 /* not eligible: it got through */],
      ['no Origin (not a browser)', {}, 403],
    ] as const)('%s', async (_label, headers, status) => {
      const res = await new TestBrowser(api.url).post('/api/portal/auth/request-code', body, headers);
      expect(res.status).toBe(status);
      const answer = (await res.json()) as { code: string; error: string };
      const passed = !('Sec-Fetch-Site' in headers) && (!('Origin' in headers) || headers.Origin === 'https://www.allowed.example');
      expect(answer.code).toBe(passed ? 'portal_not_eligible' : 'origin_refused');
      if (!passed) expect(answer.error).toBe('This request did not come from our website.');
    });

    it('lets the API’s own origin through', async () => {
      const res = await new TestBrowser(api.url).post('/api/portal/auth/request-code', body, { Origin: api.url });
      expect(await res.json()).toMatchObject({ code: 'portal_not_eligible' });
    });

    it('leaves GET alone', async () => {
      const res = await fetch(`${api.url}/api/portal/me`, { headers: { Origin: 'https://evil.example' } });
      expect(res.status).toBe(401);
    });
  });
});
