import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_SUSPENDED, SIGN_IN_NEEDS_HTTPS } from '@app/shared/texts';
import { DEV_STAFF_EMAIL_DOMAIN } from '@app/emulators/oidc/provider';
import { createCustomer, latestCode, signIn, startPortalApi, TestBrowser, type PortalApi } from '../../../../test/portal-app';
import { staffSignIn, startStaffApi, type StaffApi } from '../../../../test/staff-app';
import { SMS_CONSENT_VERSION } from '@app/shared/sms-consent';
import { SILENT_NOTIFIER } from '@app/runtime/outbox/notifier';
import { testModuleDeps } from '../../../../test/module-deps';
import { staffRoutes } from './router';
import { apiErrorBody } from '@app/shared/api-error';

const START = new Date('2026-11-22T15:00:00Z');
const FORBIDDEN = apiErrorBody('You do not have access to this.', 'forbidden');

/**
 * Every staff endpoint (docs/product.md §7 and the staff tools), with a body where it takes one:
 * staff sign-in's, every route of the staff router (the first test below checks none is
 * missing) and careers management's (team management's are in modules/team).
 */
const STAFF_ENDPOINTS: Array<[string, string, unknown?]> = [
  ['GET', '/api/auth/me'],
  ['POST', '/api/auth/logout', {}],
  ['GET', '/api/internal/admin/fetch-staff-user'],
  ['GET', '/api/internal/admin/today'],
  ['GET', '/api/internal/admin/requests'],
  ['GET', '/api/internal/admin/deals/some-deal'],
  ['POST', '/api/internal/admin/deals/some-deal/plan', { frequency: 'weekly' }],
  ['GET', '/api/internal/admin/plans'],
  ['GET', '/api/internal/admin/money'],
  ['GET', '/api/internal/admin/money.csv'],
  ['GET', '/api/internal/admin/plans/7d444840-9dc0-11d1-b245-5ffdce74fad2'],
  ['POST', '/api/internal/admin/plans/7d444840-9dc0-11d1-b245-5ffdce74fad2/changes'],
  ['GET', '/api/internal/admin/deals/some-deal/visit-report'],
  ['GET', '/api/internal/admin/deals/some-deal/photos/7d444840-9dc0-11d1-b245-5ffdce74fad2/thumbnail'],
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
  ['POST', '/api/internal/admin/customers/some-id/bookings/check', { serviceType: 'Basic Clean', squareFootage: 1000, date: '2026-12-01', startTime: '10:00', durationMinutes: 120, ownerId: 'o' }],
  ['POST', '/api/internal/admin/customers/some-id/bookings', { serviceType: 'Basic Clean', squareFootage: 1000, date: '2026-12-01', startTime: '10:00', durationMinutes: 120, ownerId: 'o' }],
  ['GET', '/api/internal/admin/customers/some-id/home-profile'],
  ['GET', '/api/internal/admin/customers/some-id/notices'],
  ['POST', '/api/internal/admin/customers/some-id/home-profile/secrets/7d444840-9dc0-11d1-b245-5ffdce74fad2/reveal', { reason: 'Locked out, called the office.' }],
  ['GET', '/api/internal/admin/conversations?phone=%2B14045550100'],
  ['POST', '/api/internal/admin/conversations/replies', { phone: '+14045550100', body: 'On our way.' }],
  ['POST', '/api/internal/admin/conversations/handled', { phone: '+14045550100', through: '2026-12-03T14:00:00.000Z' }],
  ['POST', '/api/internal/admin/deals/some-deal/portal-confirm', {}],
  ['GET', '/api/internal/admin/owners'],
  ['POST', '/api/internal/admin/owners/some-owner/cleaner', { isCleaner: true }],
  ['POST', '/api/internal/admin/deals/some-deal/owner', { ownerId: null }],
  ['POST', '/api/internal/admin/deals/some-deal/moves', { stageId: '1606828765', seenModifiedAt: null }],
  ['POST', '/api/internal/admin/deals/some-deal/schedule/check', { scheduledAt: '2026-12-03T14:00:00.000Z', durationMinutes: 120, ownerId: 'o', seenModifiedAt: null }],
  ['POST', '/api/internal/admin/deals/some-deal/schedule', { scheduledAt: '2026-12-03T14:00:00.000Z', durationMinutes: 120, ownerId: 'o', seenModifiedAt: null }],
  ['POST', '/api/internal/admin/deals/some-deal/close-out', { outcome: 'done', seenModifiedAt: null }],
  ['POST', '/api/internal/admin/requests/some-ticket/answer', { answer: 'approve', seenModifiedAt: null }],
  ['POST', '/api/internal/admin/deals/some-deal/quote', { serviceType: 'Basic Clean', squareFootage: 1000, seenModifiedAt: null }],
  ['GET', '/api/internal/admin/careers'],
  ['POST', '/api/internal/admin/careers', { title: 'T', description: 'D', location: 'L', type: 'Full-time' }],
  ['PUT', '/api/internal/admin/careers/some-id', { status: 'Closed' }],
];

/**
 * Who may do what, checked on every request (docs/sessions.md): the admin role
 * (STAFF_ADMIN_EMAILS) for the queue dashboard's actions and job data, revoking sessions and
 * disabling staff; sessions that end when a customer is suspended or a staff member disabled;
 * production's cookie.
 */
describe('staff roles and session control', () => {
  let api: StaffApi;
  let admin: TestBrowser;
  let staff: TestBrowser;
  const staffEmail = `plain.staff@${DEV_STAFF_EMAIL_DOMAIN}`;

  beforeAll(async () => {
    api = await startStaffApi('access', START);
    admin = new TestBrowser(api.url);
    expect((await staffSignIn(api, admin)).landing).toBe('/admin/dashboard');
    staff = new TestBrowser(api.url);
    expect((await staffSignIn(api, staff, { loginHint: staffEmail })).landing).toBe('/admin/dashboard');
  });
  afterAll(() => api.close());

  it('tells the staff pages who is an admin', async () => {
    expect(await (await admin.request('/api/auth/me')).json()).toMatchObject({ admin: true });
    expect(await (await staff.request('/api/auth/me')).json()).toMatchObject({ admin: false });
  });

  it('the queue dashboard is read-only for staff, without job data; admins act and see it', async () => {
    await api.queues.housekeeping.add('housekeeping.purge-expired', { marker: 'secret-job-data' }, { jobId: 'access-test-job', delay: 3_600_000 });
    const queuesApi = '/admin/queues/api/queues?activeQueue=housekeeping&status=delayed&page=1&jobsPerPage=10';

    const seenByStaff = await staff.request(queuesApi, { headers: { Accept: 'application/json' } });
    expect(seenByStaff.status).toBe(200);
    const staffText = await seenByStaff.text();
    expect(staffText).toContain('access-test-job');
    expect(staffText).not.toContain('secret-job-data');
    expect(staffText).toContain('[admins only]');
    // In the shapes bull-board's page expects (it joins a stack trace's lines).
    const jobs = (JSON.parse(staffText) as { queues: { jobs: Record<string, unknown>[] }[] }).queues.flatMap((q) => q.jobs);
    const hiddenJob = jobs.find((j) => j.id === 'access-test-job');
    expect(hiddenJob).toMatchObject({ data: '[admins only]' });
    expect(Array.isArray(hiddenJob?.stacktrace)).toBe(true);
    const seenByAdmin = await (await admin.request(queuesApi, { headers: { Accept: 'application/json' } })).text();
    expect(seenByAdmin).toContain('secret-job-data');

    // Staff add no jobs to a queue (an sms.send job with words of its own, which an admin could
    // add, fails its payload and texts nobody: worker/src/jobs/sms-send.integration.test.ts).
    const jobsBefore = await api.queues.sms.count();
    const add = await staff.request('/admin/queues/api/queues/sms/add', { method: 'POST', body: { name: 'sms.send', data: { to: '+14045550100', body: 'hi' } } });
    expect(add.status).toBe(403);
    expect(await add.json()).toEqual(FORBIDDEN);
    expect(await api.queues.sms.count()).toBe(jobsBefore);
    const remove = '/admin/queues/api/queues/housekeeping/access-test-job/clean';
    expect((await staff.request(remove, { method: 'PUT', body: {} })).status).toBe(403);
    expect(await api.queues.housekeeping.getJob('access-test-job')).toBeTruthy();
    expect((await staff.request('/admin/queues/api/queues/housekeeping/access-test-job/logs')).status).toBe(403);

    expect((await admin.request(remove, { method: 'PUT', body: {} })).status).toBe(204);
    expect(await api.queues.housekeeping.getJob('access-test-job')).toBeFalsy();
  });

  it('only admins list and revoke sessions; a revoked staff session ends at once', async () => {
    expect((await staff.request('/api/internal/admin/staff-sessions')).status).toBe(403);
    expect((await staff.request('/api/internal/admin/sessions/7d444840-9dc0-11d1-b245-5ffdce74fad2', { method: 'DELETE' })).status).toBe(403);

    const other = new TestBrowser(api.url);
    await staffSignIn(api, other, { loginHint: `other.staff@${DEV_STAFF_EMAIL_DOMAIN}` });
    const list = (await (await admin.request('/api/internal/admin/staff-sessions')).json()) as { id: string; staff: { email: string } | null }[];
    const entry = list.find((s) => s.staff?.email === `other.staff@${DEV_STAFF_EMAIL_DOMAIN}`);
    expect(entry).toBeDefined();
    expect((await admin.request(`/api/internal/admin/staff-sessions/${entry!.id}`, { method: 'DELETE' })).status).toBe(200);
    expect((await other.request('/api/auth/me')).status).toBe(401);
  });

  it('a disabled staff member is signed out everywhere and cannot sign in again', async () => {
    const email = `leaving.staff@${DEV_STAFF_EMAIL_DOMAIN}`;
    const leaving = new TestBrowser(api.url);
    await staffSignIn(api, leaving, { loginHint: email });
    const user = await api.db.staffUser.findFirstOrThrow({ where: { email } });
    expect((await staff.post(`/api/internal/admin/staff-users/${user.id}/access`, { disabled: true })).status).toBe(403);

    expect((await admin.post(`/api/internal/admin/staff-users/${user.id}/access`, { disabled: true })).status).toBe(200);
    expect((await leaving.request('/api/auth/me')).status).toBe(401);
    const again = await staffSignIn(api, new TestBrowser(api.url), { loginHint: email });
    expect(again.landing).toBe('/admin/login?error=unauthorized');
    expect(api.lastRefusal()).toBe('staff member disabled by an admin');
  });

  it('suspending a customer ends their sessions at once; restoring lets them sign in again', async () => {
    const customer = await createCustomer(api.db, { with: 'invite' });
    const browser = new TestBrowser(api.url);
    await signIn(api, browser, customer);
    expect((await browser.request('/api/portal/me')).status).toBe(200);

    const suspended = await staff.post(`/api/internal/admin/customers/${customer.id}/portal-access`, { suspended: true });
    expect(await suspended.json()).toEqual({ success: true, suspended: true });
    expect((await browser.request('/api/portal/me')).status).toBe(401);
    api.clock.advance(60_000);
    const refused = await new TestBrowser(api.url).post('/api/portal/auth/request-code', { email: customer.email, phone: customer.phone, code: '', consentVersion: SMS_CONSENT_VERSION });
    expect(await refused.json()).toEqual(apiErrorBody(LOGIN_SUSPENDED, 'portal_suspended'));

    expect((await staff.post(`/api/internal/admin/customers/${customer.id}/portal-access`, { suspended: false })).status).toBe(200);
    api.clock.advance(60_000);
    await signIn(api, new TestBrowser(api.url), customer);
  });

  it('a customer suspended elsewhere (the database, a CRM sync) is signed out on the next request', async () => {
    const customer = await createCustomer(api.db, { with: 'invite' });
    const browser = new TestBrowser(api.url);
    api.clock.advance(60_000);
    await signIn(api, browser, customer);
    await api.db.contact.update({ where: { id: customer.id }, data: { suspended: true } });
    expect((await browser.request('/api/portal/me')).status).toBe(401);
  });
});

describe('the staff guard', () => {
  let api: StaffApi;
  let staff: TestBrowser;
  let customerBrowser: TestBrowser;
  let cleanerBrowser: TestBrowser;

  beforeAll(async () => {
    api = await startStaffApi('guard', START);
    staff = new TestBrowser(api.url);
    expect((await staffSignIn(api, staff)).landing).toBe('/admin/dashboard');
    customerBrowser = new TestBrowser(api.url);
    await signIn(api, customerBrowser, await createCustomer(api.db, { with: 'invite' }));
    // A staff sign-in of an owner marked as a cleaner on the roster (api/src/modules/cleaner).
    const email = `guard.cleaner@${DEV_STAFF_EMAIL_DOMAIN}`;
    await api.db.owner.create({ data: { hubspotId: 'owner-guard-cleaner', firstName: 'Gia', lastName: 'Cleaner', email, isCleaner: true } });
    cleanerBrowser = new TestBrowser(api.url);
    expect((await staffSignIn(api, cleanerBrowser, { loginHint: email })).landing).toBe('/cleaner');
  });
  afterAll(() => api.close());

  it('is checked on every route of the staff router', () => {
    const router = staffRoutes(testModuleDeps({ db: api.db, outbox: SILENT_NOTIFIER, now: () => START }));
    const routes = router.stack.flatMap((layer) => layer.methods.filter((m) => m !== 'HEAD').map((method) => ({ method, layer })));
    expect(routes.length).toBeGreaterThan(0);
    for (const { method, layer } of routes) {
      const listed = STAFF_ENDPOINTS.some(([m, path]) => m === method && layer.match(new URL(path, api.url).pathname));
      expect(listed, `${method} ${layer.path} is in STAFF_ENDPOINTS`).toBe(true);
    }
  });

  it.each(STAFF_ENDPOINTS)('%s %s answers 401 without a session', async (method, path, body) => {
    const res = await new TestBrowser(api.url).request(path, { method, ...(body === undefined ? {} : { body }) });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual(apiErrorBody('Please sign in to continue.', 'unauthorized'));
  });

  it.each(STAFF_ENDPOINTS)('%s %s answers 403 with a customer session', async (method, path, body) => {
    const res = await customerBrowser.request(path, { method, ...(body === undefined ? {} : { body }) });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual(apiErrorBody('You do not have access to this.', 'forbidden'));
    // ...and the customer is still signed in: a refused staff call is not a sign-out.
    expect((await customerBrowser.request('/api/portal/me')).status).toBe(200);
  });

  // Signing out is the one staff endpoint a cleaner may use (tested in modules/cleaner).
  it.each(STAFF_ENDPOINTS.filter(([, path]) => path !== '/api/auth/logout'))('%s %s answers 403 with a cleaner session', async (method, path, body) => {
    const res = await cleanerBrowser.request(path, { method, ...(body === undefined ? {} : { body }) });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual(apiErrorBody('You do not have access to this.', 'forbidden'));
    expect((await cleanerBrowser.request('/api/cleaner/me')).status).toBe(200);
  });

  it('customer endpoints stay closed to a staff session', async () => {
    expect((await staff.request('/api/portal/deals')).status).toBe(401);
  });

  it('guards only the staff routes: the public careers list under the same path answers everyone, cached for a minute', async () => {
    for (const browser of [new TestBrowser(api.url), customerBrowser, staff]) {
      const res = await browser.request('/api/internal/admin/fetchCareerListings');
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('public, max-age=60');
    }
    // A path no module answers is not the guard's either.
    const unknown = await new TestBrowser(api.url).request('/api/internal/admin/no-such-tool');
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('cache-control')).not.toBe('private, no-store');
  });

  it('never lets a staff answer be cached', async () => {
    for (const path of ['/api/internal/admin/today', '/api/internal/admin/owners', '/api/internal/admin/sessions']) {
      const res = await staff.request(path);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('private, no-store');
    }
  });
});

describe('production cookies', () => {
  let api: PortalApi;
  beforeAll(async () => {
    api = await startPortalApi('https-only', START, { httpsOnly: true });
  });
  afterAll(() => api.close());

  it('refuses a sign-in over plain HTTP before the code is used, then signs in over HTTPS with a 256-bit __Host- cookie', async () => {
    const customer = await createCustomer(api.db);
    const browser = new TestBrowser(api.url);
    expect((await browser.post('/api/portal/auth/request-code', { email: customer.email, phone: customer.phone, code: '', consentVersion: SMS_CONSENT_VERSION })).status).toBe(200);
    const code = await latestCode(api, customer.phone);

    const plain = await browser.post('/api/portal/auth/verify-code', { email: customer.email, phone: customer.phone, code });
    expect(plain.status).toBe(400);
    expect(await plain.json()).toEqual(apiErrorBody(SIGN_IN_NEEDS_HTTPS, 'https_required'));
    expect(plain.headers.getSetCookie()).toEqual([]);

    // Behind the trusted proxy that terminates TLS: the same code still works.
    const secure = await browser.post('/api/portal/auth/verify-code', { email: customer.email, phone: customer.phone, code }, { 'X-Forwarded-Proto': 'https' });
    expect(secure.status).toBe(200);
    const cookie = secure.headers.getSetCookie().find((c) => c.startsWith('__Host-sid='));
    expect(cookie).toMatch(/; path=\/;.*secure/i);
    expect(cookie).not.toMatch(/domain=/i);
    const id = /^__Host-sid=([^;]+)/.exec(cookie ?? '')?.[1] ?? '';
    expect(Buffer.from(id, 'base64url')).toHaveLength(32);
  });
});

describe('forwarded headers without a trusted proxy', () => {
  let api: PortalApi;
  beforeAll(async () => {
    api = await startPortalApi('no-proxy', START, { httpsOnly: true, trustedProxyHops: 0 });
  });
  afterAll(() => api.close());

  it('a client\'s own X-Forwarded-Proto does not make plain HTTP count as HTTPS', async () => {
    const customer = await createCustomer(api.db);
    const browser = new TestBrowser(api.url);
    expect((await browser.post('/api/portal/auth/request-code', { email: customer.email, phone: customer.phone, code: '', consentVersion: SMS_CONSENT_VERSION })).status).toBe(200);
    const code = await latestCode(api, customer.phone);
    const res = await browser.post('/api/portal/auth/verify-code', { email: customer.email, phone: customer.phone, code }, { 'X-Forwarded-Proto': 'https' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'https_required' });
  });
});
