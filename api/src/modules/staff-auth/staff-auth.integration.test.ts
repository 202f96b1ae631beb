import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ACCESS_DENIED } from '@app/shared/texts';
import { createCustomer, signIn, startPortalApi, TestBrowser } from '../../../../test/portal-app';
import { staffSignIn, startStaffApi, STAFF_CLIENT, navigate, type StaffApi } from '../../../../test/staff-app';
import { DEV_STAFF_EMAIL_DOMAIN, DEV_STAFF_IDENTITY } from '@app/emulators/oidc/provider';
import { apiErrorBody } from '@app/shared/api-error';

const MINUTE = 60_000;
const START = new Date('2026-11-22T15:00:00Z');
/** Where a refusal of another kind lands (STAFF_SIGN_IN_ERRORS): the page says what really happened. */
const refusedAs = (kind: string) => `/admin/login?error=${kind}`;
const staffEmail = () => `staff.${randomBytes(4).toString('hex')}@${DEV_STAFF_EMAIL_DOMAIN}`;

describe('staff sign-in with OpenID Connect', () => {
  let api: StaffApi;

  beforeAll(async () => {
    api = await startStaffApi('staff-auth', START);
  });
  afterAll(() => api.close());

  const sessionRows = (id: string | undefined) => api.db.session.count({ where: { id: id ?? '-' } });

  it('the admin login page text for a refused sign-in is the specification’s', () => {
    expect(ADMIN_ACCESS_DENIED).toBe('Access denied — your email domain is not allowed.');
  });

  it('starts an authorization code request with PKCE (S256), state and nonce, remembered on the server only', async () => {
    const browser = new TestBrowser(api.url);
    const start = await navigate(browser, `${api.url}/api/auth/google`);
    expect(start.status).toBe(302);
    const url = new URL(start.location!);
    expect(`${url.origin}${url.pathname}`).toBe(`${api.provider.url}/authorize`);
    const params = Object.fromEntries(url.searchParams);
    expect(params).toMatchObject({
      response_type: 'code',
      client_id: STAFF_CLIENT.id,
      redirect_uri: `${api.url}/api/auth/google/callback`,
      code_challenge_method: 'S256',
      scope: 'openid email profile',
      hd: DEV_STAFF_EMAIL_DOMAIN,
    });
    expect(params.state).toMatch(/^[\w-]{20,}$/);
    expect(params.nonce).toMatch(/^[\w-]{20,}$/);
    expect(params.code_challenge).toMatch(/^[\w-]{43}$/);
    // The browser holds only a signed attempt id; state, nonce and verifier are in Postgres.
    const attemptId = browser.cookies.get('staff_login');
    expect(attemptId).toBeDefined();
    expect(browser.cookies.get('staff_login.sig')).toBeDefined();
    const attempt = await api.db.staffLoginAttempt.findUniqueOrThrow({ where: { id: attemptId! } });
    expect(attempt).toMatchObject({ state: params.state, nonce: params.nonce, redirectUri: params.redirect_uri });
    expect(attempt.codeVerifier).not.toBe(params.code_challenge);
    expect(attempt.expiresAt.getTime() - START.getTime()).toBe(10 * MINUTE);
    expect(browser.sessionId).toBeUndefined();
  });

  it('a good sign-in creates the staff user and a staff session, and lands on /admin/dashboard', async () => {
    const browser = new TestBrowser(api.url);
    const steps = await staffSignIn(api, browser);
    expect(steps.landing).toBe('/admin/dashboard');
    expect(browser.sessionId).toBeDefined();
    expect(browser.cookies.has('staff_login')).toBe(false);

    const me = await browser.request('/api/auth/me');
    expect(me.status).toBe(200);
    expect(me.headers.get('cache-control')).toBe('private, no-store');
    expect(await me.json()).toEqual({ displayName: DEV_STAFF_IDENTITY.name, admin: true });
    expect(await (await browser.request('/api/internal/admin/fetch-staff-user')).json()).toEqual({ name: DEV_STAFF_IDENTITY.name, email: DEV_STAFF_IDENTITY.email });

    const user = await api.db.staffUser.findFirstOrThrow({ where: { email: DEV_STAFF_IDENTITY.email, issuer: api.provider.url } });
    expect(user.subject).toMatch(/^dev-/);
    const session = await api.db.session.findUniqueOrThrow({ where: { id: browser.sessionId! } });
    expect(session).toMatchObject({ kind: 'staff', staffUserId: user.id, contactId: null });
    expect(session.absoluteExpiresAt.getTime() - session.createdAt.getTime()).toBe(8 * 60 * MINUTE);
    expect(session.expiresAt.getTime() - session.lastSeenAt.getTime()).toBe(15 * MINUTE);

    // The account menu's flag (docs/product.md §2: 'Admin home' only for users with it).
    expect(await (await browser.request('/api/portal/me')).json()).toEqual({ email: DEV_STAFF_IDENTITY.email, phone: '', isStaff: true, customer: null });
  });

  it('signing in again as the same account updates the same staff user (issuer + subject)', async () => {
    const email = staffEmail();
    await staffSignIn(api, new TestBrowser(api.url), { loginHint: email });
    api.provider.queueIdentity({ email, name: 'Renamed Person' });
    const browser = new TestBrowser(api.url);
    expect((await staffSignIn(api, browser)).landing).toBe('/admin/dashboard');
    const users = await api.db.staffUser.findMany({ where: { email } });
    expect(users).toHaveLength(1);
    expect(users[0]).toMatchObject({ displayName: 'Renamed Person', lastLoginAt: api.clock.now() });
    expect(await (await browser.request('/api/auth/me')).json()).toEqual({ displayName: 'Renamed Person', admin: false });
  });

  describe('every failure lands on /admin/login?error={kind} without a session: unauthorized for an e-mail that may not sign in', () => {
    const expectRefused = async (browser: TestBrowser, steps: { landing: string | null }, kind = 'unauthorized') => {
      expect(steps.landing).toBe(refusedAs(kind));
      expect(browser.sessionId).toBeUndefined();
      expect((await browser.request('/api/auth/me')).status).toBe(401);
    };

    it('a wrong state', async () => {
      const browser = new TestBrowser(api.url);
      const steps = await staffSignIn(api, browser, {
        alter: (callback) => {
          callback.searchParams.set('state', 'forged-state-value');
          return callback;
        },
      });
      await expectRefused(browser, steps, 'failed');
      expect(api.lastRefusal()).toMatch(/provider response rejected: .*unexpected "state" response parameter value/);
    });

    it('a wrong nonce in the ID token', async () => {
      api.provider.tamperNextIdToken((payload) => {
        payload.nonce = 'not-the-nonce-we-sent';
      });
      const browser = new TestBrowser(api.url);
      await expectRefused(browser, await staffSignIn(api, browser), 'failed');
      expect(api.lastRefusal()).toMatch(/provider response rejected: .*unexpected ID Token "nonce" claim value/);
    });

    it('an ID token for another client (audience)', async () => {
      api.provider.tamperNextIdToken((payload) => {
        payload.aud = 'some-other-client';
      });
      const browser = new TestBrowser(api.url);
      await expectRefused(browser, await staffSignIn(api, browser), 'failed');
      expect(api.lastRefusal()).toMatch(/provider response rejected: .*"aud"/);
    });

    it('an e-mail the provider has not verified', async () => {
      const email = staffEmail();
      api.provider.queueIdentity({ email, emailVerified: false });
      const browser = new TestBrowser(api.url);
      await expectRefused(browser, await staffSignIn(api, browser));
      expect(api.lastRefusal()).toBe(`e-mail ${email} is not verified`);
      expect(await api.db.staffUser.count({ where: { email } })).toBe(0);
    });

    it('an e-mail domain that is not allowed', async () => {
      const browser = new TestBrowser(api.url);
      await expectRefused(browser, await staffSignIn(api, browser, { loginHint: 'someone@gmail.example' }));
      expect(api.lastRefusal()).toBe('e-mail domain gmail.example is not allowed');
      expect(await api.db.staffUser.count({ where: { email: 'someone@gmail.example' } })).toBe(0);
    });

    it('a company address on an account without the hosted-domain claim (a private account)', async () => {
      api.provider.queueIdentity({ email: staffEmail(), hd: null });
      const browser = new TestBrowser(api.url);
      await expectRefused(browser, await staffSignIn(api, browser));
      expect(api.lastRefusal()).toBe('hosted domain (none) is not allowed');
    });

    it('a callback in a browser that did not start the sign-in (login CSRF)', async () => {
      const attacker = new TestBrowser(api.url);
      const victim = new TestBrowser(api.url);
      const { callbackUrl } = await staffSignIn(api, attacker, { alter: () => `${api.url}/api/auth/google/other` });
      const landed = await navigate(victim, callbackUrl.href);
      expect(landed.location).toBe(refusedAs('expired'));
      expect(api.lastRefusal()).toBe('no sign-in in progress in this browser (cookie missing)');
      expect(victim.sessionId).toBeUndefined();
    });

    it('a replayed callback (the attempt is used once)', async () => {
      const browser = new TestBrowser(api.url);
      const replay = new TestBrowser(api.url);
      const first = await staffSignIn(api, browser, {
        alter: (callback) => {
          // Someone copies the attempt cookie before the callback runs.
          for (const name of ['staff_login', 'staff_login.sig']) replay.cookies.set(name, browser.cookies.get(name) ?? '');
          return callback;
        },
      });
      expect(first.landing).toBe('/admin/dashboard');
      const signedIn = browser.sessionId;
      const again = await navigate(replay, first.callbackUrl.href);
      expect(again.location).toBe(refusedAs('expired'));
      expect(api.lastRefusal()).toBe('sign-in attempt unknown, used or expired');
      expect(replay.sessionId).toBeUndefined();
      expect(browser.sessionId).toBe(signedIn);
    });

    it('an attempt older than 10 minutes', async () => {
      const browser = new TestBrowser(api.url);
      const steps = await staffSignIn(api, browser, {
        alter: (callback) => {
          api.clock.advance(11 * MINUTE);
          return callback;
        },
      });
      await expectRefused(browser, steps, 'expired');
      expect(api.lastRefusal()).toBe('sign-in attempt unknown, used or expired');
    });

    it('the provider answering with an error', async () => {
      const browser = new TestBrowser(api.url);
      const steps = await staffSignIn(api, browser, {
        alter: (callback) => {
          const state = callback.searchParams.get('state') ?? '';
          return `${callback.origin}${callback.pathname}?error=access_denied&state=${state}`;
        },
      });
      await expectRefused(browser, steps, 'failed');
      expect(api.lastRefusal()).toMatch(/provider response rejected: .*\(access_denied\)/);
    });
  });

  describe('staff session timeouts (15 minutes idle, 8 hours at most)', () => {
    it('stays signed in while used, and is signed out after 15 idle minutes', async () => {
      const browser = new TestBrowser(api.url);
      await staffSignIn(api, browser);
      const id = browser.sessionId;
      api.clock.advance(14 * MINUTE);
      expect((await browser.request('/api/auth/me')).status).toBe(200);
      api.clock.advance(14 * MINUTE);
      expect((await browser.request('/api/auth/me')).status).toBe(200);
      api.clock.advance(15 * MINUTE + 1000);
      expect((await browser.request('/api/auth/me')).status).toBe(401);
      expect(await sessionRows(id)).toBe(0);
    });

    it('is signed out 8 hours after sign-in however active', async () => {
      const browser = new TestBrowser(api.url);
      await staffSignIn(api, browser);
      for (let elapsed = 0; elapsed < 8 * 60 - 10; elapsed += 10) {
        api.clock.advance(10 * MINUTE);
        expect((await browser.request('/api/auth/me')).status).toBe(200);
      }
      api.clock.advance(10 * MINUTE);
      expect((await browser.request('/api/auth/me')).status).toBe(401);
    });
  });

  it('POST /api/auth/logout ends the staff session', async () => {
    const browser = new TestBrowser(api.url);
    await staffSignIn(api, browser);
    const res = await browser.post('/api/auth/logout');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true });
    expect((await browser.request('/api/auth/me')).status).toBe(401);
  });

  describe('the queue dashboard is for staff only', () => {
    it('sends a browser without a staff session to the staff sign-in, and answers scripts 401', async () => {
      const anonymous = new TestBrowser(api.url);
      const page = await navigate(anonymous, `${api.url}/admin/queues`);
      expect(page).toEqual({ status: 302, location: '/admin/login' });
      const json = await anonymous.request('/admin/queues/api/queues', { headers: { Accept: 'application/json' } });
      expect(json.status).toBe(401);
      expect(await json.json()).toEqual(apiErrorBody('Please sign in to continue.', 'unauthorized'));
    });

    it('answers a customer 403', async () => {
      const customer = await createCustomer(api.db, { with: 'invite' });
      const browser = new TestBrowser(api.url);
      await signIn(api, browser, customer);
      const json = await browser.request('/admin/queues/api/queues', { headers: { Accept: 'application/json' } });
      expect(json.status).toBe(403);
    });

    it('shows the dashboard and its queues to staff', async () => {
      const browser = new TestBrowser(api.url);
      await staffSignIn(api, browser);
      const page = await browser.request('/admin/queues', { headers: { Accept: 'text/html' } });
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toContain('text/html');
      // bull-board's page without its Google Fonts link (no third-party request from a staff page).
      const html = await page.text();
      expect(html).toContain('<div id="root">');
      expect(html).not.toContain('fonts.googleapis.com');
      const queues = await browser.request('/admin/queues/api/queues', { headers: { Accept: 'application/json' } });
      expect(queues.status).toBe(200);
      const body = (await queues.json()) as { queues: { name: string }[] };
      expect(body.queues.map((q) => q.name).sort()).toEqual(['crm', 'email', 'housekeeping', 'sms']);
    });
  });
});

describe('staff sign-in rate limit', () => {
  it('sends an address that used up its sign-in requests back to the login page, with no attempt stored', async () => {
    const api = await startStaffApi('staff-auth-limit', START, {}, {
      publicPosts: { rateLimit: { max: 2, windowMs: MINUTE, trustedProxyHops: 0 }, idempotencyTtlMs: MINUTE },
    });
    try {
      for (let i = 0; i < 2; i++) {
        const start = await navigate(new TestBrowser(api.url), `${api.url}/api/auth/google`);
        expect(new URL(start.location!).origin).toBe(api.provider.url);
      }
      const browser = new TestBrowser(api.url);
      const refused = await navigate(browser, `${api.url}/api/auth/google`);
      expect(refused.status).toBe(302);
      expect(refused.location).toBe(refusedAs('rate_limited'));
      expect(browser.cookies.has('staff_login')).toBe(false);
      expect(api.lastRefusal()).toBe('too many sign-in requests from this address');
      // The callback shares the budget.
      expect((await navigate(browser, `${api.url}/api/auth/google/callback?code=x&state=y`)).location).toBe(refusedAs('rate_limited'));
      expect(api.lastRefusal()).toBe('too many sign-in requests from this address');
    } finally {
      await api.close();
    }
  });
});

describe('staff sign-in that cannot work', () => {
  it('says when the identity provider does not answer, and names the configured provider on the sign-in page', async () => {
    const api = await startStaffApi('staff-auth-down', START);
    try {
      expect(await (await new TestBrowser(api.url).request('/api/auth/options')).json()).toEqual({ startPath: '/api/auth/google', providerName: 'Google', configured: true });
      await api.provider.close();
      const refused = await navigate(new TestBrowser(api.url), `${api.url}/api/auth/google`);
      expect(refused.location).toBe(refusedAs('provider_unavailable'));
    } finally {
      await api.close().catch(() => undefined);
    }
  });

  it('says when staff sign-in is not configured', async () => {
    const api = await startPortalApi('staff-auth-off', START);
    try {
      expect(await (await new TestBrowser(api.url).request('/api/auth/options')).json()).toEqual({ startPath: '/api/auth/google', providerName: 'Google', configured: false });
      expect((await navigate(new TestBrowser(api.url), `${api.url}/api/auth/google`)).location).toBe(refusedAs('not_configured'));
    } finally {
      await api.close();
    }
  });
});
