import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@app/db/client';
import { visibleTeamMembers } from '../../../../web/src/features/marketing/content/team-members';
import { createCustomer, signIn, TestBrowser } from '../../../../test/portal-app';
import { staffSignIn, startStaffApi, type StaffApi } from '../../../../test/staff-app';
import { startOnSeededDatabase, type SeededApp } from '../../../../test/seeded-app';
import { teamRoutes } from './routes';
import { apiErrorBody } from '@app/shared/api-error';

const unique = () => randomBytes(4).toString('hex');
type PublicMember = { name: string; role: string; bio: string; kind: string };

// A freshly seeded database of its own: the staff tests below add and hide members in the shared one.
describe('GET /api/team against the seeded database', () => {
  let app: SeededApp;
  let db: Db;
  let base: string;

  beforeAll(async () => {
    app = await startOnSeededDatabase('team', (database) => [teamRoutes({ db: database })]);
    ({ db, base } = app);
  }, 60_000);

  afterAll(() => app.close());

  it('answers the enabled members in order with name, role, bio and kind only: the list the Team page is pre-rendered with', async () => {
    const res = await fetch(`${base}/api/team`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
    const body = (await res.json()) as PublicMember[];
    expect(body.map((m) => m.role)).toEqual(['Owner & Founder', 'Lead Cleaning Technician', 'Move In/Out Partner']);
    expect(body.some((m) => m.name === 'Coming soon')).toBe(false);
    for (const member of body) expect(Object.keys(member).sort()).toEqual(['bio', 'kind', 'name', 'role']);
    // Same as the static content, so the pre-rendered page does not change once the API answers.
    expect(body).toEqual(visibleTeamMembers().map(({ name, role, bio, kind }) => ({ name, role, bio, kind })));
  });

  it('follows the table: an enabled placeholder appears', async () => {
    await db.teamMember.update({ where: { slug: 'placeholder-cleaning-technician' }, data: { enabled: true } });
    const body = (await (await fetch(`${base}/api/team`)).json()) as PublicMember[];
    expect(body.at(-1)).toEqual({ name: 'Coming soon', role: 'Cleaning Technician', bio: 'We are hiring: this could be you.', kind: 'placeholder' });
  });
});

const STAFF_TEAM_ENDPOINTS: Array<[string, string, unknown?]> = [
  ['GET', '/api/internal/admin/team'],
  ['POST', '/api/internal/admin/team', { name: 'N', role: 'R', bio: 'B', kind: 'partner' }],
  ['PUT', '/api/internal/admin/team/some-id', { enabled: false }],
];

describe('team management (staff)', () => {
  let api: StaffApi;
  let staff: TestBrowser;
  let customerBrowser: TestBrowser;
  const publicTeam = async () => (await (await fetch(`${api.url}/api/team`)).json()) as PublicMember[];

  beforeAll(async () => {
    api = await startStaffApi('team', new Date('2026-11-22T15:00:00Z'));
    staff = new TestBrowser(api.url);
    expect((await staffSignIn(api, staff)).landing).toBe('/admin/dashboard');
    const customer = await createCustomer(api.db, { with: 'invite' });
    customerBrowser = new TestBrowser(api.url);
    await signIn(api, customerBrowser, customer);
  });
  afterAll(() => api.close());

  it.each(STAFF_TEAM_ENDPOINTS)('%s %s answers 401 without a session', async (method, path, body) => {
    const res = await new TestBrowser(api.url).request(path, { method, ...(body === undefined ? {} : { body }) });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual(apiErrorBody('Please sign in to continue.', 'unauthorized'));
  });

  it.each(STAFF_TEAM_ENDPOINTS)('%s %s answers 403 with a customer session', async (method, path, body) => {
    const res = await customerBrowser.request(path, { method, ...(body === undefined ? {} : { body }) });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual(apiErrorBody('You do not have access to this.', 'forbidden'));
  });

  it('creates a member (shown on the Team page), edits, hides and shows them again', async () => {
    const name = `Ana Lima ${unique()}`;
    const created = await staff.post('/api/internal/admin/team', { name, role: 'Cleaning Technician', bio: 'Ana joined us in the fall.', kind: 'placeholder', sortOrder: 50 });
    expect(created.status).toBe(201);
    expect(created.headers.get('cache-control')).toBe('private, no-store');
    const member = (await created.json()) as { id: string };
    expect(member).toMatchObject({ name, role: 'Cleaning Technician', kind: 'placeholder', enabled: true, sortOrder: 50 });
    expect((await publicTeam()).find((m) => m.name === name)).toEqual({ name, role: 'Cleaning Technician', bio: 'Ana joined us in the fall.', kind: 'placeholder' });

    const edited = await staff.request(`/api/internal/admin/team/${member.id}`, { method: 'PUT', body: { role: 'Senior Cleaning Technician', kind: 'lead_technician' } });
    expect(edited.status).toBe(200);
    expect((await publicTeam()).find((m) => m.name === name)).toMatchObject({ role: 'Senior Cleaning Technician', kind: 'lead_technician' });

    const hidden = await staff.request(`/api/internal/admin/team/${member.id}`, { method: 'PUT', body: { enabled: false } });
    expect(await hidden.json()).toMatchObject({ id: member.id, enabled: false, role: 'Senior Cleaning Technician' });
    expect((await publicTeam()).some((m) => m.name === name)).toBe(false);
    // Hidden, not deleted: staff still see (and can show) them.
    const all = (await (await staff.request('/api/internal/admin/team')).json()) as { id: string; enabled: boolean }[];
    expect(all.find((m) => m.id === member.id)).toMatchObject({ enabled: false });

    await staff.request(`/api/internal/admin/team/${member.id}`, { method: 'PUT', body: { enabled: true } });
    expect((await publicTeam()).some((m) => m.name === name)).toBe(true);
    // The database is shared: leave no extra member on other runs' Team page.
    await api.db.teamMember.delete({ where: { id: member.id } });
  });

  it('refuses an incomplete member with the field and its message, an unknown kind, an unknown id and an empty change', async () => {
    const incomplete = await staff.post('/api/internal/admin/team', { name: `No bio ${unique()}`, role: 'Partner', kind: 'partner' });
    expect(incomplete.status).toBe(400);
    expect(await incomplete.json()).toMatchObject({ error: 'Please enter a short bio.', field: 'bio' });
    const blankName = await staff.post('/api/internal/admin/team', { name: '   ', role: 'Partner', bio: 'B', kind: 'partner' });
    expect(await blankName.json()).toMatchObject({ error: 'Please enter a name.', field: 'name' });
    const badKind = await staff.post('/api/internal/admin/team', { name: 'N', role: 'R', bio: 'B', kind: 'manager' });
    expect(badKind.status).toBe(400);
    expect(await badKind.json()).toMatchObject({ error: 'Please choose a kind.', field: 'kind' });
    expect((await staff.request('/api/internal/admin/team/nope', { method: 'PUT', body: { enabled: false } })).status).toBe(404);
    expect((await staff.request('/api/internal/admin/team/nope', { method: 'PUT', body: {} })).status).toBe(400);
    expect((await staff.request('/api/internal/admin/team/nope', { method: 'PUT', body: { enabled: 'no' } })).status).toBe(400);
  });
});
