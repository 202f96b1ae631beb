import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@app/db/client';
import { careerListingsSchema } from '@app/shared/career-listing';
import { TestBrowser } from '../../../../test/portal-app';
import { startOnSeededDatabase, type SeededApp } from '../../../../test/seeded-app';
import { staffSignIn, startStaffApi, type StaffApi } from '../../../../test/staff-app';
import { careersRoutes } from './routes';

const PATH = '/api/internal/admin/fetchCareerListings';
const unique = () => randomBytes(4).toString('hex');

// A freshly seeded database of its own: staff tests add and close listings in the shared one.
describe('GET /api/internal/admin/fetchCareerListings against the seeded database', () => {
  let app: SeededApp;
  let db: Db;
  let base: string;

  beforeAll(async () => {
    app = await startOnSeededDatabase('careers', (database) => [careersRoutes({ db: database })]);
    ({ db, base } = app);
  }, 60_000);

  afterAll(() => app.close());

  it('answers the seeded listings in their sort order with exactly the fields the page shows', async () => {
    const res = await fetch(`${base}${PATH}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    const body = (await res.json()) as Record<string, unknown>[];
    expect(careerListingsSchema.parse(body)).toEqual(body);

    const rows = await db.careerListing.findMany({ orderBy: [{ sortOrder: 'asc' }, { title: 'asc' }] });
    expect(rows.length).toBeGreaterThan(0);
    expect(body.map((listing) => listing.title)).toEqual(rows.map((row) => row.title));
    for (const listing of body) {
      expect(Object.keys(listing).sort()).toEqual(['description', 'icon', 'location', 'status', 'title', 'type']);
    }
  });

  it('reports status Open or Closed and icon Truck or default', async () => {
    const body = (await (await fetch(`${base}${PATH}`)).json()) as { title: string; status: string; icon: string }[];
    const truck = await db.careerListing.findFirst({ where: { icon: 'Truck' } });
    const closed = await db.careerListing.findFirst({ where: { status: 'Closed' } });
    expect(truck && closed).toBeTruthy();
    expect(body.find((l) => l.title === truck?.title)?.icon).toBe('Truck');
    expect(body.find((l) => l.title === closed?.title)?.status).toBe('Closed');
    expect(new Set(body.map((l) => l.icon))).toEqual(new Set(['Truck', 'default']));
    expect(new Set(body.map((l) => l.status))).toEqual(new Set(['Open', 'Closed']));
  });

  it('follows a change in the table (no stale copy in the API)', async () => {
    const title = `Weekend Cleaning Technician ${Date.now()}`;
    const row = await db.careerListing.create({
      data: {
        slug: `test-${Date.now()}`,
        title,
        description: 'Saturday cleans in Midtown.',
        location: 'Atlanta, GA',
        type: 'Part-time',
        sortOrder: -1,
      },
    });
    try {
      const body = (await (await fetch(`${base}${PATH}`)).json()) as { title: string; status: string; icon: string }[];
      expect(body.find((l) => l.title === title)).toEqual({
        title,
        description: 'Saturday cleans in Midtown.',
        location: 'Atlanta, GA',
        type: 'Part-time',
        status: 'Open',
        icon: 'default',
      });
    } finally {
      await db.careerListing.delete({ where: { id: row.id } });
    }
  });

  it('is read-only', async () => {
    const res = await fetch(`${base}${PATH}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    expect([404, 405]).toContain(res.status);
  });
});

describe('careers management (staff)', () => {
  let api: StaffApi;
  let staff: TestBrowser;

  beforeAll(async () => {
    api = await startStaffApi('careers', new Date('2026-11-22T15:00:00Z'));
    staff = new TestBrowser(api.url);
    expect((await staffSignIn(api, staff)).landing).toBe('/admin/dashboard');
  });
  afterAll(() => api.close());

  it('creates, edits and closes a listing; the public Careers list follows', async () => {
    const title = `Window Specialist ${unique()}`;
    const created = await staff.post('/api/internal/admin/careers', { title, description: 'Ladders and squeegees.', location: 'Atlanta, GA', type: 'Part-time', sortOrder: -5 });
    expect(created.status).toBe(201);
    const listing = (await created.json()) as { id: string };
    expect(listing).toMatchObject({ title, status: 'Open', icon: 'default', sortOrder: -5 });

    const publicList = async () => (await (await fetch(`${api.url}/api/internal/admin/fetchCareerListings`)).json()) as { title: string; status: string; icon: string }[];
    expect((await publicList()).find((l) => l.title === title)).toEqual({ title, description: 'Ladders and squeegees.', location: 'Atlanta, GA', type: 'Part-time', status: 'Open', icon: 'default' });

    const edited = await staff.request(`/api/internal/admin/careers/${listing.id}`, { method: 'PUT', body: { location: 'Marietta, GA', icon: 'Truck' } });
    expect(edited.status).toBe(200);
    const closed = await staff.request(`/api/internal/admin/careers/${listing.id}`, { method: 'PUT', body: { status: 'Closed' } });
    expect(await closed.json()).toMatchObject({ id: listing.id, status: 'Closed', location: 'Marietta, GA', icon: 'Truck' });
    expect((await publicList()).find((l) => l.title === title)).toMatchObject({ status: 'Closed', icon: 'Truck', location: 'Marietta, GA' });

    const all = (await (await staff.request('/api/internal/admin/careers')).json()) as { id: string }[];
    expect(all.map((l) => l.id)).toContain(listing.id);
  });

  it('refuses an incomplete listing, an unknown id and an empty change', async () => {
    const incomplete = await staff.post('/api/internal/admin/careers', { title: 'No description' });
    expect(incomplete.status).toBe(400);
    expect(await incomplete.json()).toMatchObject({ field: 'description' });
    expect((await staff.request('/api/internal/admin/careers/nope', { method: 'PUT', body: { status: 'Closed' } })).status).toBe(404);
    expect((await staff.request('/api/internal/admin/careers/nope', { method: 'PUT', body: {} })).status).toBe(400);
    expect((await staff.request('/api/internal/admin/careers/nope', { method: 'PUT', body: { status: 'Paused' } })).status).toBe(400);
  });
});
