import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_STAFF_EMAIL_DOMAIN, DEV_STAFF_IDENTITY } from '@app/emulators/oidc/provider';
import { STAGE } from '@app/shared/deal-stages';
import {
  HOME_SECRET_NOT_FOUND,
  HOME_VIEW_BY_OFFICE,
  REVEAL_REASON_REQUIRED,
  SECRET_VALUE_REQUIRED,
  homeProfileAnswerSchema,
  staffHomeProfileAnswerSchema,
  type HomeProfileAnswer,
} from '@app/shared/home-profile';
import { createCustomer, signIn, TestBrowser, type TestCustomer } from '../../../../test/portal-app';
import { staffSignIn, startStaffApi, type StaffApi } from '../../../../test/staff-app';
import { addDeal, addOwner } from '../../../../test/staff-fixtures';
import { DEV_HOME_SECRET_KEYS, keyringOf, open } from './sealing';
import { revealForCleaner } from './cleaner-reveal';
import { homeProfilePortalRoutes } from './portal-routes';
import { testModuleDeps } from '../../../../test/module-deps';
import { SILENT_NOTIFIER } from '@app/runtime/outbox/notifier';
import { apiErrorBody } from '@app/shared/api-error';

const START = new Date('2026-12-10T13:00:00Z');
const FORBIDDEN = apiErrorBody('You do not have access to this.', 'forbidden');
const PATH = '/api/portal/home-profile';
const REASON = 'Customer called: locked out, asked us to read the lockbox code.';
const uniqueCode = () => `code-${randomBytes(6).toString('hex')}`;
const staffPath = (contactId: string) => `/api/internal/admin/customers/${contactId}/home-profile`;
const revealPath = (contactId: string, secretId: string) => `${staffPath(contactId)}/secrets/${secretId}/reveal`;

async function profileOf(browser: TestBrowser): Promise<HomeProfileAnswer> {
  const res = await browser.request(PATH);
  expect(res.status).toBe(200);
  expect(res.headers.get('cache-control')).toBe('private, no-store');
  return homeProfileAnswerSchema.parse(await res.json());
}

async function addSecret(browser: TestBrowser, value: string, label = 'Back door', kind = 'door'): Promise<string> {
  const res = await browser.post(`${PATH}/secrets`, { kind, label, value });
  expect(res.status).toBe(201);
  const text = await res.text();
  expect(text).not.toContain(value);
  return (JSON.parse(text) as { secret: { id: string } }).secret.id;
}

/**
 * The home profile through the api (docs/home-profile.md): each customer reaches only their own,
 * a secret's value never comes back to the customer, staff see that a secret is set, only an
 * admin reveals it with a reason, and every view is listed to the customer.
 */
describe('home profile', () => {
  let api: StaffApi;
  let customerA: TestCustomer;
  let customerB: TestCustomer;
  let a: TestBrowser;
  let b: TestBrowser;
  let admin: TestBrowser;
  let staff: TestBrowser;

  beforeAll(async () => {
    api = await startStaffApi('home-profile', START);
    customerA = await createCustomer(api.db, { with: 'invite' });
    customerB = await createCustomer(api.db, { with: 'invite' });
    a = new TestBrowser(api.url);
    b = new TestBrowser(api.url);
    await signIn(api, a, customerA);
    await signIn(api, b, customerB);
    admin = new TestBrowser(api.url);
    expect((await staffSignIn(api, admin)).landing).toBe('/admin/dashboard');
    staff = new TestBrowser(api.url);
    expect((await staffSignIn(api, staff, { loginHint: `plain.staff@${DEV_STAFF_EMAIL_DOMAIN}` })).landing).toBe('/admin/dashboard');
  });
  afterAll(() => api.close());

  it('is closed on every route without a customer session, and to a staff session', async () => {
    const router = homeProfilePortalRoutes(testModuleDeps({ db: api.db, outbox: SILENT_NOTIFIER, now: () => START }));
    const routes = router.stack.flatMap((layer) => layer.methods.filter((m) => m !== 'HEAD').map((method) => ({ method, path: String(layer.path).replace(':id', '7d444840-9dc0-11d1-b245-5ffdce74fad2') })));
    expect(routes).toHaveLength(5);
    for (const { method, path } of routes) {
      const body = method === 'GET' || method === 'DELETE' ? undefined : { kind: 'door', label: 'x', value: '1' };
      for (const who of [new TestBrowser(api.url), staff]) {
        const res = await who.request(path, { method, ...(body ? { body } : {}) });
        expect(res.status, `${method} ${path}`).toBe(401);
      }
    }
  });

  it('keeps at most 10 codes per home', async () => {
    const full = await createCustomer(api.db, { with: 'invite' });
    const browser = new TestBrowser(api.url);
    await signIn(api, browser, full);
    for (let i = 0; i < 10; i += 1) await addSecret(browser, uniqueCode(), `Door ${i}`);
    const refused = await browser.post(`${PATH}/secrets`, { kind: 'door', label: 'One more', value: '1234' });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual(apiErrorBody('A home can have at most 10 codes. Remove one before adding another.', 'conflict'));
  });

  it('starts empty, saves the plain fields, and each customer sees only their own', async () => {
    expect(await profileOf(a)).toEqual({
      profile: { accessInstructions: null, parking: null, pets: null, careNotes: null, updatedAt: null },
      secrets: [],
      views: [],
    });
    const saved = await a.request(PATH, {
      method: 'PUT',
      body: { accessInstructions: '  Side gate, then the blue door.  ', parking: 'Driveway, left side', pets: 'Two cats; keep the laundry door shut', careNotes: '' },
    });
    expect(saved.status).toBe(200);
    expect((await profileOf(a)).profile).toMatchObject({ accessInstructions: 'Side gate, then the blue door.', parking: 'Driveway, left side', pets: 'Two cats; keep the laundry door shut', careNotes: null });
    expect((await profileOf(b)).profile.accessInstructions).toBeNull();
  });

  it('names the field of a validation error', async () => {
    const long = await a.request(PATH, { method: 'PUT', body: { accessInstructions: '', parking: '', pets: 'x'.repeat(2001), careNotes: '' } });
    expect(long.status).toBe(400);
    expect(await long.json()).toEqual(apiErrorBody('Pets: please keep it to 2000 characters.', 'validation_failed', 'pets'));
    const noValue = await a.post(`${PATH}/secrets`, { kind: 'alarm', label: 'Alarm', value: '   ' });
    expect(await noValue.json()).toEqual(apiErrorBody(SECRET_VALUE_REQUIRED, 'validation_failed', 'value'));
    const unknownKind = await a.post(`${PATH}/secrets`, { kind: 'safe', label: 'Safe', value: '1' });
    expect(await unknownKind.json()).toMatchObject({ code: 'validation_failed', field: 'kind' });
  });

  it('seals a saved code and never sends it back: the customer sees its label and that it is set', async () => {
    const code = uniqueCode();
    const id = await addSecret(a, code, 'Front door keypad');
    const listed = await a.request(PATH);
    const text = await listed.text();
    expect(text).not.toContain(code);
    expect(homeProfileAnswerSchema.parse(JSON.parse(text)).secrets).toContainEqual(expect.objectContaining({ id, kind: 'door', label: 'Front door keypad', set: true }));

    const row = await api.db.homeSecret.findUniqueOrThrow({ where: { id } });
    expect(row.keyId).toBe('dev');
    expect(Buffer.from(row.ciphertext).toString('utf8')).not.toContain(code);
    expect(open(keyringOf(DEV_HOME_SECRET_KEYS), row, { contactId: customerA.id, secretId: id })).toBe(code);
  });

  it("answers 404 for another customer's code, and for an id that is no code", async () => {
    const id = await addSecret(a, uniqueCode(), 'Garage');
    const replace = await b.request(`${PATH}/secrets/${id}`, { method: 'PUT', body: { kind: 'door', label: 'Mine now', value: '0000' } });
    expect(replace.status).toBe(404);
    expect(await replace.json()).toEqual(apiErrorBody(HOME_SECRET_NOT_FOUND, 'not_found'));
    expect((await b.request(`${PATH}/secrets/${id}`, { method: 'DELETE' })).status).toBe(404);
    expect((await a.request(`${PATH}/secrets/not-a-uuid`, { method: 'DELETE' })).status).toBe(404);
    expect((await profileOf(a)).secrets.map((s) => s.label)).toContain('Garage');
    expect((await profileOf(b)).secrets).toEqual([]);
  });

  it('shows staff that a code is set, never its value; a staff member who is not an admin gets 403 on reveal, and nothing is recorded', async () => {
    const code = uniqueCode();
    const id = await addSecret(a, code, 'Lockbox by the porch', 'lockbox');
    const res = await staff.request(staffPath(customerA.id));
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).not.toContain(code);
    const answer = staffHomeProfileAnswerSchema.parse(JSON.parse(text));
    expect(answer.canReveal).toBe(false);
    expect(answer.profile.parking).toBe('Driveway, left side');
    expect(answer.secrets).toContainEqual(expect.objectContaining({ id, label: 'Lockbox by the porch', set: true }));

    const refused = await staff.post(revealPath(customerA.id, id), { reason: REASON });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual(FORBIDDEN);
    expect(await api.db.homeSecretView.count({ where: { secretId: id } })).toBe(0);
    expect((await staff.request(staffPath('no-such-customer'))).status).toBe(404);
  });

  it('lets an admin reveal a code with a reason, records it, and lists it to the customer', async () => {
    const code = uniqueCode();
    const id = await addSecret(a, code, 'Alarm panel', 'alarm');
    expect(staffHomeProfileAnswerSchema.parse(await (await admin.request(staffPath(customerA.id))).json()).canReveal).toBe(true);

    const noReason = await admin.post(revealPath(customerA.id, id), { reason: 'because' });
    expect(noReason.status).toBe(400);
    expect(await noReason.json()).toEqual(apiErrorBody(REVEAL_REASON_REQUIRED, 'validation_failed', 'reason'));
    expect(await api.db.homeSecretView.count({ where: { secretId: id } })).toBe(0);

    const revealed = await admin.post(revealPath(customerA.id, id), { reason: REASON });
    expect(revealed.status).toBe(200);
    expect(revealed.headers.get('cache-control')).toBe('private, no-store');
    expect(await revealed.json()).toEqual({ value: code, label: 'Alarm panel', kind: 'alarm' });
    const view = await api.db.homeSecretView.findFirstOrThrow({ where: { secretId: id } });
    expect(view).toMatchObject({ viewerEmail: DEV_STAFF_IDENTITY.email, viewerRole: 'admin', reason: REASON, contactId: customerA.id, at: START });

    // Under the customer's id only: the same code asked for under another customer is not found.
    expect((await admin.post(revealPath(customerB.id, id), { reason: REASON })).status).toBe(404);

    const views = (await profileOf(a)).views;
    expect(views).toContainEqual({ id: view.id, secretLabel: 'Alarm panel', who: HOME_VIEW_BY_OFFICE, role: 'admin', reason: REASON, at: START.toISOString() });
    expect((await profileOf(b)).views).toEqual([]);
  });

  it('seals a replaced code afresh, and keeps the record of views after a code is removed', async () => {
    const id = await addSecret(a, uniqueCode(), 'Side door');
    const before = await api.db.homeSecret.findUniqueOrThrow({ where: { id } });
    const next = uniqueCode();
    const replaced = await a.request(`${PATH}/secrets/${id}`, { method: 'PUT', body: { kind: 'door', label: 'Side door (new lock)', value: next } });
    expect(replaced.status).toBe(200);
    expect(await replaced.text()).not.toContain(next);
    const after = await api.db.homeSecret.findUniqueOrThrow({ where: { id } });
    expect(Buffer.from(after.iv).equals(Buffer.from(before.iv))).toBe(false);
    expect(await (await admin.post(revealPath(customerA.id, id), { reason: REASON })).json()).toMatchObject({ value: next, label: 'Side door (new lock)' });

    expect((await a.request(`${PATH}/secrets/${id}`, { method: 'DELETE' })).status).toBe(200);
    const profile = await profileOf(a);
    expect(profile.secrets.map((s) => s.id)).not.toContain(id);
    expect(profile.views.map((v) => v.secretLabel)).toContain('Side door (new lock)');
    expect((await admin.post(revealPath(customerA.id, id), { reason: REASON })).status).toBe(404);
  });

  it('does not open a sealed value moved onto another customer\'s code', async () => {
    const idA = await addSecret(a, uniqueCode(), 'Moved');
    const idB = await addSecret(b, uniqueCode(), 'Target');
    const sealedA = await api.db.homeSecret.findUniqueOrThrow({ where: { id: idA } });
    await api.db.homeSecret.update({ where: { id: idB }, data: { ciphertext: sealedA.ciphertext, iv: sealedA.iv, authTag: sealedA.authTag, keyId: sealedA.keyId } });
    const res = await admin.post(revealPath(customerB.id, idB), { reason: REASON });
    expect(res.status).toBe(500);
    expect(await api.db.homeSecretView.count({ where: { secretId: idB } })).toBe(0);
  });
});

describe("the cleaner's reveal", () => {
  let api: StaffApi;
  let customer: TestCustomer;
  let browser: TestBrowser;
  const deps = () => ({ db: api.db, homeSecrets: keyringOf(DEV_HOME_SECRET_KEYS) });
  // 10:00 in Atlanta on Thursday, December 10.
  const CLEANING_AT = new Date('2026-12-10T15:00:00Z');

  beforeAll(async () => {
    api = await startStaffApi('home-cleaner', START);
    customer = await createCustomer(api.db, { with: 'invite' });
    browser = new TestBrowser(api.url);
    await signIn(api, browser, customer);
  });
  afterAll(() => api.close());

  async function scheduled(stageId: string = STAGE.CLEANING_SCHEDULED) {
    const cleaner = await addOwner(api.db, 'Alma', 'Cleaner');
    const deal = await addDeal(api.db, { contactId: customer.id, stageId, scheduledAt: CLEANING_AT, ownerId: cleaner.id });
    return { cleaner, deal };
  }

  it('shows the code to the assigned cleaner on the day, records it, and the customer sees their first name', async () => {
    const code = uniqueCode();
    const secretId = await addSecret(browser, code, 'Lockbox', 'lockbox');
    const { cleaner, deal } = await scheduled();
    const now = new Date('2026-12-10T13:30:00Z');
    const result = await revealForCleaner(deps(), { dealId: deal.id, secretId, cleanerOwnerId: cleaner.id, cleanerEmail: cleaner.email!, now });
    expect(result).toEqual({ ok: true, value: code, label: 'Lockbox', kind: 'lockbox' });
    const view = await api.db.homeSecretView.findFirstOrThrow({ where: { secretId } });
    expect(view).toMatchObject({ viewerRole: 'cleaner', viewerEmail: cleaner.email, viewerName: 'Alma', dealId: deal.id, reason: null, at: now });
    expect((await profileOf(browser)).views).toContainEqual({ id: view.id, secretLabel: 'Lockbox', who: 'Alma', role: 'cleaner', reason: null, at: now.toISOString() });
  });

  it('refuses another cleaner, the day before and after, and a cleaning that is not on; records nothing', async () => {
    const secretId = await addSecret(browser, uniqueCode(), 'Back door');
    const { cleaner, deal } = await scheduled();
    const other = await addOwner(api.db, 'Bo', 'Cleaner');
    const ask = (input: { cleanerOwnerId?: string; now?: Date; dealId?: string; secretId?: string }) =>
      revealForCleaner(deps(), { dealId: input.dealId ?? deal.id, secretId: input.secretId ?? secretId, cleanerOwnerId: input.cleanerOwnerId ?? cleaner.id, cleanerEmail: cleaner.email!, now: input.now ?? new Date('2026-12-10T14:00:00Z') });

    expect(await ask({ cleanerOwnerId: other.id })).toEqual({ ok: false, refusal: 'not_assigned' });
    // 23:00 on the 9th and 00:30 on the 11th in Atlanta: the day is Eastern, not UTC.
    expect(await ask({ now: new Date('2026-12-10T04:00:00Z') })).toEqual({ ok: false, refusal: 'not_today' });
    expect(await ask({ now: new Date('2026-12-11T05:30:00Z') })).toEqual({ ok: false, refusal: 'not_today' });
    expect((await ask({ now: new Date('2026-12-11T04:30:00Z') })).ok).toBe(true);

    const done = await scheduled(STAGE.CLEANING_DONE);
    expect(await ask({ dealId: done.deal.id, cleanerOwnerId: done.cleaner.id })).toEqual({ ok: false, refusal: 'not_today' });

    // Another home's code, an unknown cleaning or code: not found, whoever asks.
    const otherCustomer = await createCustomer(api.db, { with: 'invite' });
    const otherDeal = await addDeal(api.db, { contactId: otherCustomer.id, stageId: STAGE.CLEANING_SCHEDULED, scheduledAt: CLEANING_AT, ownerId: cleaner.id });
    expect(await ask({ dealId: otherDeal.id })).toEqual({ ok: false, refusal: 'not_found' });
    expect(await ask({ dealId: 'no-such-deal' })).toEqual({ ok: false, refusal: 'not_found' });
    expect(await ask({ secretId: 'not-a-uuid' })).toEqual({ ok: false, refusal: 'not_found' });

    await api.db.owner.update({ where: { id: cleaner.id }, data: { active: false } });
    expect(await ask({})).toEqual({ ok: false, refusal: 'not_assigned' });

    const views = await api.db.homeSecretView.findMany({ where: { secretId } });
    expect(views.map((v) => v.at.toISOString())).toEqual(['2026-12-11T04:30:00.000Z']);
  });
});
