import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPANY } from '@app/runtime/company';
import { DEV_STAFF_EMAIL_DOMAIN } from '@app/emulators/oidc/provider';
import { CODE_NOT_ASSIGNED, CODE_NOT_FOUND, CODE_NOT_TODAY, SEEN_MAX } from '@app/shared/cleaner-home';
import { cleanerDaySchema, type CleanerDay } from '@app/shared/cleaner-day';
import { STAGE } from '@app/shared/deal-stages';
import { homeProfileAnswerSchema } from '@app/shared/home-profile';
import { createCustomer, signIn, TestBrowser, type TestCustomer } from '../../../../test/portal-app';
import { staffSignIn, startStaffApi, type StaffApi } from '../../../../test/staff-app';
import { addDeal } from '../../../../test/staff-fixtures';
import { apiErrorBody } from '@app/shared/api-error';

/** 9:00 in Atlanta (EST) on Thursday, December 10, 2026. */
const START = new Date('2026-12-10T14:00:00Z');
const FORBIDDEN = apiErrorBody('You do not have access to this.', 'forbidden');
const unique = () => randomBytes(4).toString('hex');
const revealPath = (dealId: string, secretId: string) => `/api/cleaner/deals/${dealId}/codes/${secretId}/reveal`;

/**
 * My day's home profile and the office's changes (docs/api.md, docs/home-profile.md): each
 * cleaning carries the plain fields and the codes by name; a code's value is revealed only to
 * the assigned cleaner on the day, recorded and listed to the customer; cleanings the office
 * canceled, reassigned or moved are told apart.
 */
describe("a cleaner's day: the home and the office's changes", () => {
  const logLines: string[] = [];
  let api: StaffApi;
  let customer: TestCustomer;
  let portal: TestBrowser;
  let dana: TestBrowser;
  let omar: TestBrowser;
  let danaId: string;
  let omarId: string;
  const code = `4711-${unique()}`;
  let secretId: string;
  const ids: Record<string, string> = {};

  async function addCleaner(firstName: string) {
    const email = `${firstName.toLowerCase()}.${unique()}@${DEV_STAFF_EMAIL_DOMAIN}`;
    const owner = await api.db.owner.create({ data: { hubspotId: `owner-${unique()}`, firstName, lastName: 'Cleaner', email, isCleaner: true } });
    const browser = new TestBrowser(api.url);
    expect((await staffSignIn(api, browser, { loginHint: email })).landing).toBe('/cleaner');
    return { owner, browser };
  }

  async function dayOf(browser: TestBrowser, query: string): Promise<CleanerDay> {
    const res = await browser.request(`/api/cleaner/day?${query}`);
    expect(res.status, query).toBe(200);
    return cleanerDaySchema.parse(await res.json());
  }

  beforeAll(async () => {
    api = await startStaffApi('cleaner-home', START, {}, { logLines });
    customer = await createCustomer(api.db, { with: 'invite' });
    portal = new TestBrowser(api.url);
    await signIn(api, portal, customer);
    expect(
      (await portal.request('/api/portal/home-profile', { method: 'PUT', body: { accessInstructions: 'Side gate, then the blue door.', parking: 'Driveway', pets: '', careNotes: 'Fragile vase in the hall.' } })).status,
    ).toBe(200);
    const added = await portal.post('/api/portal/home-profile/secrets', { kind: 'door', label: 'Front door', value: code });
    expect(added.status).toBe(201);
    secretId = ((await added.json()) as { secret: { id: string } }).secret.id;

    const d = await addCleaner('Dana');
    const o = await addCleaner('Omar');
    [dana, omar, danaId, omarId] = [d.browser, o.browser, d.owner.id, o.owner.id];
    const deal = async (key: string, scheduledAt: string, data: { ownerId?: string; stageId?: string } = {}) => {
      ids[key] = (await addDeal(api.db, { stageId: STAGE.CLEANING_SCHEDULED, contactId: customer.id, street: '12 Peachtree St NE', city: 'Atlanta', state: 'GA', zip: '30303', ownerId: danaId, scheduledAt: new Date(scheduledAt), ...data })).id;
    };
    await deal('today', '2026-12-10T15:00:00Z');
    await deal('tomorrow', '2026-12-11T15:00:00Z');
    await deal('doneToday', '2026-12-10T13:00:00Z', { stageId: STAGE.CLEANING_DONE });
    await deal('canceledToday', '2026-12-10T18:00:00Z', { stageId: STAGE.CANCELED });
    await deal('toReassign', '2026-12-10T19:00:00Z');
    await deal('toMove', '2026-12-10T20:00:00Z');
    await deal('toDelete', '2026-12-10T21:00:00Z');
  });
  afterAll(() => api.close());

  it('each cleaning carries the home profile and the codes by name; the office phone once; no value anywhere', async () => {
    const res = await dana.request('/api/cleaner/day?date=2026-12-10');
    const text = await res.text();
    expect(text).not.toContain(code);
    const day = cleanerDaySchema.parse(JSON.parse(text));
    expect(day.officePhone).toBe(COMPANY.phone);
    const today = day.cleanings.find((c) => c.id === ids.today)!;
    expect(today).toMatchObject({
      home: { accessInstructions: 'Side gate, then the blue door.', parking: 'Driveway', pets: null, careNotes: 'Fragile vase in the hall.' },
      codes: [{ id: secretId, label: 'Front door', kind: 'door' }],
      codesToday: true,
    });
    expect(Object.keys(today.codes[0]!).sort()).toEqual(['id', 'kind', 'label']);
    // Done today: the codes are listed, but no longer open.
    expect(day.cleanings.find((c) => c.id === ids.doneToday)).toMatchObject({ codesToday: false });
    const tomorrow = await dayOf(dana, 'date=2026-12-11');
    expect(tomorrow.cleanings.map((c) => [c.id, c.codesToday, c.codes.length])).toEqual([[ids.tomorrow, false, 1]]);
  });

  it('reveals a code to the assigned cleaner on the day, never cached, recorded and listed to the customer', async () => {
    const res = await dana.post(revealPath(ids.today!, secretId));
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(await res.json()).toEqual({ value: code, label: 'Front door', kind: 'door' });
    const view = await api.db.homeSecretView.findFirstOrThrow({ where: { secretId }, orderBy: { at: 'desc' } });
    expect(view).toMatchObject({ viewerRole: 'cleaner', viewerName: 'Dana', dealId: ids.today, at: START });
    const profile = homeProfileAnswerSchema.parse(await (await portal.request('/api/portal/home-profile')).json());
    expect(profile.views).toContainEqual({ id: view.id, secretLabel: 'Front door', who: 'Dana', role: 'cleaner', reason: null, at: START.toISOString() });
    // The api's log lines (every level) never carry the value.
    expect(logLines.length).toBeGreaterThan(0);
    expect(logLines.join('\n')).not.toContain(code);
  });

  it('refuses another cleaner (403 not_assigned), the day before (409 not_today), an unknown code (404), and records nothing', async () => {
    const views = () => api.db.homeSecretView.count({ where: { secretId } });
    const before = await views();
    const other = await omar.post(revealPath(ids.today!, secretId));
    expect(other.status).toBe(403);
    expect(await other.json()).toEqual(apiErrorBody(CODE_NOT_ASSIGNED, 'not_assigned'));
    const early = await dana.post(revealPath(ids.tomorrow!, secretId));
    expect(early.status).toBe(409);
    expect(await early.json()).toEqual(apiErrorBody(CODE_NOT_TODAY, 'not_today'));
    for (const path of [revealPath(ids.today!, '7d444840-9dc0-11d1-b245-5ffdce74fad2'), revealPath(ids.today!, 'not-a-uuid'), revealPath('no-such-deal', secretId)]) {
      const missing = await dana.post(path);
      expect(missing.status, path).toBe(404);
      expect(await missing.json()).toEqual(apiErrorBody(CODE_NOT_FOUND, 'not_found'));
    }
    expect(await views()).toBe(before);
  });

  it('refuses office staff (admins too) and customers with 403, anyone signed out with 401', async () => {
    const office = new TestBrowser(api.url);
    expect((await staffSignIn(api, office)).landing).toBe('/admin/dashboard');
    for (const browser of [office, portal]) {
      const res = await browser.post(revealPath(ids.today!, secretId));
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual(FORBIDDEN);
    }
    expect((await new TestBrowser(api.url).post(revealPath(ids.today!, secretId))).status).toBe(401);
  });

  it('lists a canceled cleaning apart, and says where the cleanings the page showed went', async () => {
    const first = await dayOf(dana, 'date=2026-12-10');
    expect(first.cleanings.map((c) => c.id)).toEqual([ids.doneToday, ids.today, ids.toReassign, ids.toMove, ids.toDelete]);
    expect(first.removed).toEqual([{ id: ids.canceledToday, reason: 'canceled', scheduledAt: '2026-12-10T18:00:00.000Z', customerFirstName: 'Pat' }]);

    // The office reassigns one, moves one to tomorrow, cancels one; one is deleted in HubSpot.
    await api.db.deal.update({ where: { id: ids.toReassign }, data: { ownerId: omarId } });
    await api.db.deal.update({ where: { id: ids.toMove }, data: { scheduledAt: new Date('2026-12-11T16:00:00Z') } });
    await api.db.deal.update({ where: { id: ids.today }, data: { stageId: STAGE.CANCELED } });
    await api.db.deal.update({ where: { id: ids.toDelete }, data: { archivedAt: START } });

    const seen = first.cleanings.map((c) => c.id).join(',');
    const after = await dayOf(dana, `date=2026-12-10&seen=${seen}`);
    expect(after.cleanings.map((c) => c.id)).toEqual([ids.doneToday]);
    expect(new Map(after.removed.map((r) => [r.id, r]))).toEqual(
      new Map([
        [ids.today, { id: ids.today, reason: 'canceled', scheduledAt: '2026-12-10T15:00:00.000Z', customerFirstName: 'Pat' }],
        [ids.canceledToday, { id: ids.canceledToday, reason: 'canceled', scheduledAt: '2026-12-10T18:00:00.000Z', customerFirstName: 'Pat' }],
        [ids.toReassign, { id: ids.toReassign, reason: 'reassigned', scheduledAt: null, customerFirstName: null }],
        [ids.toMove, { id: ids.toMove, reason: 'moved', scheduledAt: '2026-12-11T16:00:00.000Z', customerFirstName: null }],
        [ids.toDelete, { id: ids.toDelete, reason: 'removed', scheduledAt: null, customerFirstName: null }],
      ]),
    );
    // The canceled cleaning's code no longer opens.
    expect((await dana.post(revealPath(ids.today!, secretId))).status).toBe(409);
    // The other cleaner gets the reassigned one, and learns nothing of Dana's.
    const omarDay = await dayOf(omar, `date=2026-12-10&seen=${ids.toMove}`);
    expect(omarDay.cleanings.map((c) => c.id)).toEqual([ids.toReassign]);
    expect(omarDay.removed).toEqual([{ id: ids.toMove, reason: 'reassigned', scheduledAt: null, customerFirstName: null }]);
  });

  it('refuses a malformed or too long seen list with 400 naming `seen`', async () => {
    for (const seen of ['a;b', Array.from({ length: SEEN_MAX + 1 }, (_, i) => `id${i}`).join(',')]) {
      const res = await dana.request(`/api/cleaner/day?date=2026-12-10&seen=${encodeURIComponent(seen)}`);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: 'validation_failed', field: 'seen' });
    }
  });
});
