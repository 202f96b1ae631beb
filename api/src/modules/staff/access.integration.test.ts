import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_SUSPENDED, SIGN_IN_NEEDS_HTTPS } from '@app/shared/texts';
import { DEV_STAFF_EMAIL_DOMAIN } from '@app/emulators/oidc/provider';
import { createCustomer, latestCode, signIn, startPortalApi, TestBrowser, type PortalApi } from '../../../../test/portal-app';
import { staffSignIn, startStaffApi, type StaffApi } from '../../../../test/staff-app';
import { SMS_CONSENT_VERSION } from '@app/shared/sms-consent';

const START = new Date('2026-11-22T15:00:00Z');
const FORBIDDEN = { error: 'You do not have access to this.', code: 'forbidden' };

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
    expect(await refused.json()).toEqual({ error: LOGIN_SUSPENDED, code: 'portal_suspended' });

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
    expect(await plain.json()).toEqual({ error: SIGN_IN_NEEDS_HTTPS, code: 'https_required' });
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
