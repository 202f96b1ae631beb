import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, TestBrowser } from '../portal-app';
import { navigate, staffSignIn, startStaffApi, type StaffApi } from '../staff-app';
import { addDeal, addOwner } from '../staff-fixtures';
import { expectAnswer, expectRefusal } from './answers';

// Contract of docs/product.md §7, the staff rows: /api/auth/{provider} (the redirect), GET
// /api/auth/me, fetch-staff-user, fetchCareerListings, scheduledDeals, contact-details/{id}. Only
// what §7 names of each answer is read (docs/api.md#contract-tests).
//
// GET /legal/*.html, §7's last row, is no call of the api: the policy pages are static files the
// web build writes (web/vite-plugin-legal-pages.ts); the browser tests read them from the build
// (e2e/tests/legal.e2e.test.ts).

// 10:00 in Atlanta on Sunday 22 November 2026.
const START = new Date('2026-11-22T15:00:00Z');
const CLEANING_SCHEDULED = '1609338596';

describe('contract §7: the staff calls', () => {
  let api: StaffApi;
  let staff: TestBrowser;

  beforeAll(async () => {
    api = await startStaffApi('contract-staff', START);
    staff = new TestBrowser(api.url);
    await staffSignIn(api, staff);
  });
  afterAll(() => api.close());

  it('/api/auth/{provider} redirects the browser to start staff sign-in', async () => {
    const start = await navigate(new TestBrowser(api.url), `${api.url}/api/auth/google`);
    expect(start.status).toBeGreaterThanOrEqual(300);
    expect(start.status).toBeLessThan(400);
    expect(start.location?.startsWith(api.provider.url)).toBe(true);
  });

  it('GET /api/auth/me answers the user (displayName)', async () => {
    const { displayName } = await expectAnswer<{ displayName: string }>(await staff.request('/api/auth/me'));
    expect(displayName).toMatch(/\S/);
  });

  it('GET /api/internal/admin/fetch-staff-user answers the user (name, email)', async () => {
    const { name, email } = await expectAnswer<{ name: string; email: string }>(await staff.request('/api/internal/admin/fetch-staff-user'));
    expect(name).toMatch(/\S/);
    expect(email).toContain('@');
  });

  it('GET /api/internal/admin/fetchCareerListings answers an array of career listings', async () => {
    // The Careers page is public: no session.
    const listings = await expectAnswer<Record<string, unknown>[]>(await fetch(`${api.url}/api/internal/admin/fetchCareerListings`));
    expect(Array.isArray(listings)).toBe(true);
    expect(listings.length).toBeGreaterThan(0);
    // §3 Career listing: title, description, location, type, status, icon.
    for (const listing of listings) {
      for (const field of ['title', 'description', 'location', 'type', 'status', 'icon']) expect(typeof listing[field]).toBe('string');
    }
  });

  it('GET scheduledDeals answers the deals, each with id, title, date, address, owner', async () => {
    const owner = await addOwner(api.db, 'Maria', 'Alvarez');
    const deal = await addDeal(api.db, {
      stageId: CLEANING_SCHEDULED,
      scheduledAt: new Date('2026-11-24T15:00:00Z'),
      serviceType: 'Deep Clean',
      street: '455 Ponce De Leon Ave NE',
      city: 'Atlanta',
      state: 'GA',
      zip: '30308',
      ownerId: owner.id,
    });
    type Entry = { id: string; title: string; date: string; address: string | null; owner: string | null };
    const deals = await expectAnswer<Entry[]>(await staff.request('/api/hubspot/admin/scheduledDeals'));
    const entry = deals.find((d) => d.id === deal.id);
    // §3 Scheduled deal: title (cleaning type), address, date (start time), owner.
    expect(entry && { title: entry.title, date: new Date(entry.date).toISOString(), address: entry.address, owner: entry.owner }).toEqual({
      title: 'Deep Clean',
      date: '2026-11-24T15:00:00.000Z',
      address: expect.stringContaining('455 Ponce De Leon Ave NE'),
      owner: expect.stringContaining('Maria'),
    });
  });

  it('GET contact-details/{id} answers deals, tasks, subscriptions, activities and notes, each a list', async () => {
    const customer = await createCustomer(api.db, { with: 'deal' });
    const context = await expectAnswer<Record<string, unknown>>(await staff.request(`/api/hubspot/contact-details/${customer.id}`));
    for (const list of ['deals', 'tasks', 'subscriptions', 'activities', 'notes']) expect(Array.isArray(context[list])).toBe(true);
    expect((context.deals as unknown[]).length).toBe(1);
  });

  it('without a session, GET /api/auth/me is refused with the server message (§8: off to /admin/login)', async () => {
    await expectRefusal(await new TestBrowser(api.url).request('/api/auth/me'));
  });

  it('contact-details of a customer nobody knows is refused with the server message', async () => {
    await expectRefusal(await staff.request('/api/hubspot/contact-details/no-such-customer'));
  });
});
