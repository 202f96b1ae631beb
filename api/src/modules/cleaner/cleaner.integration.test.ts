import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLEANER_DAY_OUT_OF_RANGE } from '@app/shared/cleaner-day';
import { visitChecklist } from '@app/shared/cleaning-checklists';
import { STAGE } from '@app/shared/deal-stages';
import { DEV_STAFF_EMAIL_DOMAIN } from '@app/emulators/oidc/provider';
import { SILENT_NOTIFIER } from '@app/runtime/outbox/notifier';
import { QUEUE_DASHBOARD_PATH } from '@app/shared/routes';
import { createCustomer, signIn, TestBrowser } from '../../../../test/portal-app';
import { staffSignIn, startStaffApi, type StaffApi } from '../../../../test/staff-app';
import { addDeal } from '../../../../test/staff-fixtures';
import { testModuleDeps } from '../../../../test/module-deps';
import { isWebhookPath } from '../../middleware/webhook-paths';
import { moduleRouters } from '../registry';
import { staffRoutes } from '../staff/router';
import { apiErrorBody } from '@app/shared/api-error';

/** 9:00 in Atlanta (EST) on Thursday, December 10, 2026. */
const START = new Date('2026-12-10T14:00:00Z');
const FORBIDDEN = apiErrorBody('You do not have access to this.', 'forbidden');
const UNAUTHORIZED = apiErrorBody('Please sign in to continue.', 'unauthorized');
const unique = () => randomBytes(4).toString('hex');

/** A HubSpot owner in the mirror whose e-mail may sign in as staff; marked as a cleaner unless told. */
async function addStaffOwner(api: StaffApi, firstName: string, options: { isCleaner?: boolean; active?: boolean; email?: string } = {}) {
  const email = options.email ?? `${firstName.toLowerCase()}.${unique()}@${DEV_STAFF_EMAIL_DOMAIN}`;
  return api.db.owner.create({
    data: { hubspotId: `owner-${unique()}`, firstName, lastName: 'Cleaner', email, isCleaner: options.isCleaner ?? true, active: options.active ?? true },
  });
}

/** Signs a new browser in as `email` through the provider; answers it and where the callback sent it. */
async function signInAs(api: StaffApi, email: string) {
  const browser = new TestBrowser(api.url);
  const { landing } = await staffSignIn(api, browser, { loginHint: email });
  return { browser, landing };
}

/**
 * Every route of every api module (path parameters filled in), with an empty JSON body for the
 * verbs that take one: read from the routers themselves, so a route added later is checked too.
 */
function everyModuleRoute(api: StaffApi): Array<{ method: string; path: string; route: string }> {
  const routers = moduleRouters(testModuleDeps({ db: api.db, outbox: SILENT_NOTIFIER, now: () => START }));
  return routers
    .flatMap((router) =>
      router.stack.flatMap((layer) => {
        const route = String(layer.path);
        return layer.methods.filter((m) => m !== 'HEAD').map((method) => ({ method, route, path: route.replace(/:\w+/g, '7d444840-9dc0-11d1-b245-5ffdce74fad2') }));
      }),
    )
    .filter((r) => !isWebhookPath(r.path));
}

const send = (browser: TestBrowser, method: string, path: string) => browser.request(path, { method, ...(method === 'GET' || method === 'DELETE' ? {} : { body: {} }) });

describe('the cleaner role', () => {
  let api: StaffApi;
  let office: TestBrowser;

  beforeAll(async () => {
    api = await startStaffApi('cleaner-role', START);
    office = new TestBrowser(api.url);
    expect((await staffSignIn(api, office)).landing).toBe('/admin/dashboard');
  });
  afterAll(() => api.close());

  it('a sign-in whose e-mail (any case) is an active owner marked as a cleaner gets the cleaner role and lands on /cleaner', async () => {
    const owner = await addStaffOwner(api, 'Cleo', { email: `Cleo.Mixed.${unique()}@${DEV_STAFF_EMAIL_DOMAIN.toUpperCase()}` });
    const { browser, landing } = await signInAs(api, owner.email!.toLowerCase());
    expect(landing).toBe('/cleaner');
    const me = await browser.request('/api/cleaner/me');
    expect(me.status).toBe(200);
    expect(me.headers.get('cache-control')).toBe('private, no-store');
    expect(await me.json()).toEqual({ name: 'Cleo Cleaner', email: owner.email, ownerId: owner.id, days: ['2026-12-10', '2026-12-11'] });
    // The role lives in the server-side session, never in the cookie.
    const row = await api.db.session.findFirstOrThrow({ where: { staffUser: { email: owner.email!.toLowerCase() } }, select: { kind: true, data: true } });
    expect(row).toMatchObject({ kind: 'staff', data: { role: 'cleaner', ownerId: owner.id } });
  });

  it('an owner not marked, or marked but inactive, and any other staff member sign in as the office', async () => {
    const unmarked = await addStaffOwner(api, 'Uma', { isCleaner: false });
    const inactive = await addStaffOwner(api, 'Ivan', { active: false });
    for (const email of [unmarked.email!, inactive.email!, `office.${unique()}@${DEV_STAFF_EMAIL_DOMAIN}`]) {
      const { browser, landing } = await signInAs(api, email);
      expect(landing, email).toBe('/admin/dashboard');
      expect((await browser.request('/api/auth/me')).status).toBe(200);
      const refused = await browser.request('/api/cleaner/me');
      expect(refused.status).toBe(403);
      expect(await refused.json()).toEqual(FORBIDDEN);
    }
  });

  it('the cleaner routes answer 401 without a session and 403 to the office (admins too) and to customers', async () => {
    const customer = new TestBrowser(api.url);
    await signIn(api, customer, await createCustomer(api.db, { with: 'invite' }));
    for (const path of ['/api/cleaner/me', '/api/cleaner/day', '/api/cleaner/day?date=2026-12-10']) {
      const anonymous = await new TestBrowser(api.url).request(path);
      expect(anonymous.status, path).toBe(401);
      expect(await anonymous.json()).toEqual(UNAUTHORIZED);
      for (const browser of [office, customer]) {
        const res = await browser.request(path);
        expect(res.status, path).toBe(403);
        expect(await res.json()).toEqual(FORBIDDEN);
      }
    }
    expect(await (await office.request('/api/auth/me')).json()).toMatchObject({ admin: true });
  });

  it('every cleaner route (read from the router, taps included) answers 401 without a session and 403 to the office and customers', async () => {
    const customer = new TestBrowser(api.url);
    await signIn(api, customer, await createCustomer(api.db, { with: 'invite' }));
    const routes = everyModuleRoute(api).filter((r) => r.route.startsWith('/api/cleaner/'));
    expect(routes.map((r) => `${r.method} ${r.route}`).sort()).toEqual([
      'GET /api/cleaner/day',
      'GET /api/cleaner/me',
      'POST /api/cleaner/deals/:dealId/codes/:secretId/reveal',
      'POST /api/cleaner/deals/:id/done',
      'POST /api/cleaner/deals/:id/on-my-way',
      'POST /api/cleaner/deals/:id/photos',
      'POST /api/cleaner/deals/:id/start',
      'PUT /api/cleaner/deals/:id/checklist/:itemId',
      'PUT /api/cleaner/deals/:id/photos/:photoId/thumbnail',
    ]);
    for (const { method, path } of routes) {
      expect((await send(new TestBrowser(api.url), method, path)).status, `${method} ${path}`).toBe(401);
      for (const browser of [office, customer]) {
        const res = await send(browser, method, path);
        expect(res.status, `${method} ${path}`).toBe(403);
        expect(await res.json()).toEqual(FORBIDDEN);
      }
    }
  });

  describe('every office route refuses a cleaner', () => {
    let cleaner: TestBrowser;
    let customer: TestBrowser;
    let officeRoutes: Array<{ method: string; path: string; route: string }>;

    beforeAll(async () => {
      const owner = await addStaffOwner(api, 'Rita');
      ({ browser: cleaner } = await signInAs(api, owner.email!));
      customer = new TestBrowser(api.url);
      await signIn(api, customer, await createCustomer(api.db, { with: 'invite' }));
      // An office route is one that refuses a signed-in customer: found by asking every route.
      officeRoutes = [];
      for (const route of everyModuleRoute(api)) {
        // The customer's own sign-out would end the session this classification relies on; the
        // cleaner's routes refuse customers too, but they are no office route.
        if (route.route === '/api/portal/logout' || route.route.startsWith('/api/cleaner/')) continue;
        if ((await send(customer, route.method, route.path)).status === 403) officeRoutes.push(route);
      }
      expect((await customer.request('/api/portal/me')).status).toBe(200);
    });

    it('finds every route of the staff router, staff sign-in\'s, careers\' and team management\'s among the office routes', () => {
      const staffRouter = staffRoutes(testModuleDeps({ db: api.db, outbox: SILENT_NOTIFIER, now: () => START }));
      const expected = staffRouter.stack.flatMap((layer) => layer.methods.filter((m) => m !== 'HEAD').map((method) => `${method} ${layer.path}`));
      expected.push('GET /api/auth/me', 'POST /api/auth/logout', 'GET /api/internal/admin/fetch-staff-user', 'POST /api/internal/admin/careers', 'GET /api/internal/admin/team');
      const found = new Set(officeRoutes.map((r) => `${r.method} ${r.route}`));
      for (const route of expected) expect(found.has(route), route).toBe(true);
    });

    it('answers 403 with the standard body to a cleaner on each of them (signing out apart), and the cleaner stays signed in', async () => {
      const refusedRoutes = officeRoutes.filter((r) => r.route !== '/api/auth/logout');
      expect(refusedRoutes.length).toBeGreaterThan(30);
      for (const { method, path } of refusedRoutes) {
        const res = await send(cleaner, method, path);
        expect(res.status, `${method} ${path}`).toBe(403);
        expect(await res.json(), `${method} ${path}`).toEqual(FORBIDDEN);
      }
      expect((await cleaner.request('/api/cleaner/me')).status).toBe(200);
    });

    it('refuses the queue dashboard, its page and its api, with 403', async () => {
      for (const [path, accept] of [[QUEUE_DASHBOARD_PATH, 'text/html'], [`${QUEUE_DASHBOARD_PATH}/api/queues`, 'application/json']] as const) {
        const res = await cleaner.request(path, { headers: { Accept: accept } });
        expect(res.status, path).toBe(403);
        expect(await res.json()).toEqual(FORBIDDEN);
      }
      const add = await cleaner.request(`${QUEUE_DASHBOARD_PATH}/api/queues/sms/add`, { method: 'POST', body: { name: 'sms.send', data: {} } });
      expect(add.status).toBe(403);
    });

    it('lets a cleaner sign out', async () => {
      const owner = await addStaffOwner(api, 'Leo');
      const { browser } = await signInAs(api, owner.email!);
      expect((await browser.post('/api/auth/logout')).status).toBe(200);
      expect((await browser.request('/api/cleaner/me')).status).toBe(401);
    });
  });

  describe("a cleaner's day", () => {
    let cleaner: TestBrowser;
    let cleanerEmail: string;
    let ids: Record<string, string>;

    beforeAll(async () => {
      const mine = await addStaffOwner(api, 'Dana');
      const other = await addStaffOwner(api, 'Omar');
      const pat = await api.db.contact.create({ data: { email: `pat.${unique()}@example.com`, firstName: 'Pat', lastName: 'Private', phone: '+14045550111' } });
      const at = (iso: string) => new Date(iso);
      const deal = async (key: string, data: { scheduledAt: Date; ownerId?: string | null; stageId?: string; durationMinutes?: number; skus?: string[]; archivedAt?: Date }) => {
        ids[key] = (await addDeal(api.db, { stageId: STAGE.CLEANING_SCHEDULED, contactId: pat.id, street: '12 Peachtree St', city: 'Atlanta', state: 'GA', zip: '30303', serviceType: 'deep-2000', ownerId: mine.id, ...data })).id;
      };
      ids = {};
      // Today in Atlanta: 15:00 EST, and 8:00 EST written earlier in the list.
      await deal('todayLate', { scheduledAt: at('2026-12-10T20:00:00Z'), durationMinutes: 150, skus: ['deep-2000', 'addon-oven', 'addon-interior-windows'] });
      await deal('todayEarly', { scheduledAt: at('2026-12-10T13:00:00Z'), stageId: STAGE.CLEANING_DONE });
      // 23:30 EST tomorrow is still tomorrow in Atlanta, though Saturday in UTC.
      await deal('tomorrowLate', { scheduledAt: at('2026-12-12T04:30:00Z') });
      // Not this cleaner's, not today or tomorrow, not a visit, or deleted in HubSpot.
      await deal('othersToday', { scheduledAt: at('2026-12-10T16:00:00Z'), ownerId: other.id });
      await deal('unassigned', { scheduledAt: at('2026-12-10T17:00:00Z'), ownerId: null });
      await deal('yesterday', { scheduledAt: at('2026-12-10T04:00:00Z') });
      await deal('dayAfter', { scheduledAt: at('2026-12-12T05:00:00Z') });
      await deal('canceled', { scheduledAt: at('2026-12-10T18:00:00Z'), stageId: STAGE.CANCELED });
      await deal('archived', { scheduledAt: at('2026-12-10T19:00:00Z'), archivedAt: START });
      await api.db.bookingRequest.create({
        data: { contactId: pat.id, dealId: ids.todayLate!, source: 'public_form', payload: {}, rooms: { kitchen: true, bathroomCount: 2, mainLevelBedrooms: 1 }, description: 'Gate code is with the office. Dog is friendly.' },
      });
      cleanerEmail = mine.email!;
      ({ browser: cleaner } = await signInAs(api, cleanerEmail));
    });

    it("today's: only the cleaner's own visits, in time order, with what they need at the door and the customer's first name only", async () => {
      const res = await cleaner.request('/api/cleaner/day?date=2026-12-10');
      expect(res.status).toBe(200);
      const day = (await res.json()) as { date: string; cleanings: Array<Record<string, unknown>> };
      expect(day.date).toBe('2026-12-10');
      expect(day.cleanings.map((c) => c.id)).toEqual([ids.todayEarly, ids.todayLate]);
      expect(day.cleanings[1]).toEqual({
        id: ids.todayLate,
        scheduledAt: '2026-12-10T20:00:00.000Z',
        durationMinutes: 150,
        service: 'Single Deep Clean (1501-2000 sq ft)',
        customerFirstName: 'Pat',
        address: '12 Peachtree St, Atlanta, GA 30303',
        mapUrl: 'https://www.google.com/maps/search/?api=1&query=12%20Peachtree%20St%2C%20Atlanta%2C%20GA%2030303',
        rooms: 'Kitchen, 2 bathrooms, 1 bedroom',
        addOns: ['Oven', 'Interior Windows'],
        notes: 'Gate code is with the office. Dog is friendly.',
        stageId: STAGE.CLEANING_SCHEDULED,
        stageLabel: 'Cleaning Scheduled',
        home: null,
        codes: [],
        codesToday: true,
        visit: { state: 'not_started', stateLabel: 'Not started', onMyWayAt: null, etaMinutes: null, arrival: null, startedAt: null, doneAt: null, startedWithDone: false },
        checklistFamily: 'deep',
        // The visit's own checklist: the deep clean's items, the two add-ons, the rooms listed.
        checklist: visitChecklist({ serviceType: 'deep-2000', skus: ['addon-oven', 'addon-interior-windows'], rooms: { kitchen: true, bathroomCount: 2, mainLevelBedrooms: 1 } }),
        ticked: [],
        photoCount: 0,
      });
      expect((day.cleanings[1]!.checklist as { items: Array<{ label: string }> }).items.slice(-5).map((i) => i.label)).toEqual([
        'Inside the oven',
        'Interior windows',
        'Kitchen',
        'Bathrooms (2)',
        'Bedroom',
      ]);
      expect(day.cleanings[0]).toMatchObject({ stageLabel: 'Cleaning Done', rooms: null, addOns: [], notes: null, visit: { state: 'done' } });
      expect(JSON.stringify(day)).not.toContain('Private');
      // Without a date: today.
      expect(((await (await cleaner.request('/api/cleaner/day')).json()) as { date: string }).date).toBe('2026-12-10');
    });

    it("tomorrow's, by the Eastern calendar", async () => {
      const day = (await (await cleaner.request('/api/cleaner/day?date=2026-12-11')).json()) as { cleanings: Array<{ id: string }> };
      expect(day.cleanings.map((c) => c.id)).toEqual([ids.tomorrowLate]);
    });

    it('refuses any other day with 400 naming the field', async () => {
      for (const date of ['2026-12-09', '2026-12-12', '2027-12-10', '2026-02-30', 'today', '']) {
        const res = await cleaner.request(`/api/cleaner/day?date=${encodeURIComponent(date)}`);
        expect(res.status, date).toBe(400);
        expect(await res.json()).toEqual(apiErrorBody(CLEANER_DAY_OUT_OF_RANGE, 'validation_failed', 'date'));
      }
      expect((await cleaner.request('/api/cleaner/day?date=2026-12-10&date=2026-12-11')).status).toBe(400);
    });

    it('moves on with the Eastern day: after midnight in Atlanta, tomorrow is today', async () => {
      api.clock.set(new Date('2026-12-11T05:30:00Z')); // 0:30 EST on Friday
      try {
        // Hours later the session of the morning is over (staff timeouts): signed in again.
        expect((await cleaner.request('/api/cleaner/me')).status).toBe(401);
        ({ browser: cleaner } = await signInAs(api, cleanerEmail));
        expect(await (await cleaner.request('/api/cleaner/me')).json()).toMatchObject({ days: ['2026-12-11', '2026-12-12'] });
        expect((await cleaner.request('/api/cleaner/day?date=2026-12-10')).status).toBe(400);
        const day = (await (await cleaner.request('/api/cleaner/day?date=2026-12-12')).json()) as { cleanings: Array<{ id: string }> };
        expect(day.cleanings.map((c) => c.id)).toEqual([ids.dayAfter]);
      } finally {
        api.clock.set(START);
      }
    });
  });

  describe('the roster setting', () => {
    it('office staff mark and unmark an owner; the owners list shows it; nobody else may', async () => {
      const owner = await addStaffOwner(api, 'Nia', { isCleaner: false });
      const marked = await office.post(`/api/internal/admin/owners/${owner.id}/cleaner`, { isCleaner: true });
      expect(marked.status).toBe(200);
      expect(await marked.json()).toEqual({ success: true, isCleaner: true });
      const listed = (await (await office.request('/api/internal/admin/owners')).json()) as Array<{ id: string; isCleaner: boolean }>;
      expect(listed.find((o) => o.id === owner.id)).toMatchObject({ isCleaner: true });

      const invalid = await office.post(`/api/internal/admin/owners/${owner.id}/cleaner`, { isCleaner: 'yes' });
      expect(invalid.status).toBe(400);
      expect(await invalid.json()).toMatchObject({ code: 'validation_failed', field: 'isCleaner' });
      expect((await office.post(`/api/internal/admin/owners/${owner.id}/cleaner`, { isCleaner: false, extra: 1 })).status).toBe(400);
      expect((await office.post('/api/internal/admin/owners/no-such-owner/cleaner', { isCleaner: true })).status).toBe(404);

      const { browser: cleaner } = await signInAs(api, owner.email!);
      const refused = await cleaner.post(`/api/internal/admin/owners/${owner.id}/cleaner`, { isCleaner: false });
      expect(refused.status).toBe(403);
      expect(await refused.json()).toEqual(FORBIDDEN);
      expect((await new TestBrowser(api.url).post(`/api/internal/admin/owners/${owner.id}/cleaner`, { isCleaner: false })).status).toBe(401);
      expect((await api.db.owner.findUniqueOrThrow({ where: { id: owner.id } })).isCleaner).toBe(true);
    });

    it('unmarking a cleaner signs them out at once; signing in again, they are the office', async () => {
      const owner = await addStaffOwner(api, 'Uri');
      const { browser: cleaner } = await signInAs(api, owner.email!);
      expect((await cleaner.request('/api/cleaner/day')).status).toBe(200);

      expect((await office.post(`/api/internal/admin/owners/${owner.id}/cleaner`, { isCleaner: false })).status).toBe(200);
      const after = await cleaner.request('/api/cleaner/day');
      expect(after.status).toBe(401);
      expect(await after.json()).toEqual(UNAUTHORIZED);
      expect(await api.db.session.count({ where: { staffUser: { email: owner.email! } } })).toBe(0);
      expect((await signInAs(api, owner.email!)).landing).toBe('/admin/dashboard');
    });

    it('an owner deactivated in HubSpot (mirrored as inactive) signs their cleaner session out too', async () => {
      const owner = await addStaffOwner(api, 'Val');
      const { browser: cleaner } = await signInAs(api, owner.email!);
      expect((await cleaner.request('/api/cleaner/me')).status).toBe(200);
      await api.db.owner.update({ where: { id: owner.id }, data: { active: false } });
      expect((await cleaner.request('/api/cleaner/me')).status).toBe(401);
    });

    it('marking a signed-in office staff member signs their office session out; they come back as a cleaner', async () => {
      const owner = await addStaffOwner(api, 'Oda', { isCleaner: false });
      const { browser, landing } = await signInAs(api, owner.email!);
      expect(landing).toBe('/admin/dashboard');
      expect((await office.post(`/api/internal/admin/owners/${owner.id}/cleaner`, { isCleaner: true })).status).toBe(200);
      expect((await browser.request('/api/auth/me')).status).toBe(401);
      expect((await signInAs(api, owner.email!)).landing).toBe('/cleaner');
    });
  });
});
