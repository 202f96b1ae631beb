import { randomBytes, randomInt } from 'node:crypto';
import { CLIENT_ROUTES } from '@app/shared/routes';
import { STAFF_SIGN_IN_ERRORS, STAFF_SIGNED_OUT } from '@app/shared/texts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { uniquePhone } from '../src/unique-phone';
import { appUrl } from '../src/app-url';
import { axeViolations } from '../src/axe';
import { waitForApp, withCookieConsent } from '../src/consent';
import { isSameDocument, markDocument } from '../src/same-document';
import { signInAsStaff } from '../src/staff-session';
import { useBrowserPage } from '../src/use-browser-page';
import { bookingRequestBody } from '@app/shared/booking-request-fixture';

const NAV = [
  ['Today', '/admin/dashboard'],
  ['Calendar', '/admin/ScheduledSnapshot'],
  ['Requests', '/admin/requests'],
  ['Customers', '/admin/lookup'],
  ['Plans', '/admin/plans'],
  ['Money', '/admin/money'],
  ['Roster', '/admin/cleaner-roster'],
  ['Invites', '/admin/dashboard/invites'],
  ['Sessions', '/internal/sessionmanager'],
  ['Careers', '/admin/careers'],
  ['Team', '/admin/team'],
  ['Queues', '/admin/queues'],
];

/** A booking through the public API, as the booking form sends it: a new request on the board at once. */
async function requestCleaning(name: string, street: string): Promise<void> {
  const response = await fetch(appUrl('/api/hubspot/portal/requestBooking'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(
      bookingRequestBody({
        name,
        email: `board.${randomBytes(4).toString('hex')}@example.com`,
        phone: (await uniquePhone()).e164,
        address: { street, city: 'Atlanta', state: 'GA', zip: '30303' },
        rooms: {},
        description: 'Please bring the ladder.',
      }),
    ),
  });
  expect(response.status, await response.clone().text()).toBe(201);
}

const hasHorizontalScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

describe('staff workspace', { timeout: 60_000 }, () => {
  const browser = useBrowserPage();

  it('has its own frame: who is signed in, Sign out, the public site, and the staff tools instead of the site’s menu', async () => {
    const { page } = browser;
    await withCookieConsent(page);
    await signInAsStaff(page, 'frame');
    await page.getByRole('heading', { level: 1, name: 'Today' }).waitFor();

    const nav = page.getByRole('navigation', { name: 'Staff tools' });
    expect(await nav.getByRole('link').evaluateAll((links) => links.map((a) => [a.textContent?.trim(), a.getAttribute('href')]))).toEqual(NAV);
    expect(await nav.getByRole('link', { name: 'Today' }).getAttribute('aria-current')).toBe('page');
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
    expect(await page.getByRole('link', { name: 'Public site' }).getAttribute('href')).toBe('/');
    // Not the public frame: no site navigation, no footer.
    expect(await page.getByRole('contentinfo').count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Pricing' }).count()).toBe(0);

    // Moving between tools stays in the app.
    await markDocument(page);
    await nav.getByRole('link', { name: 'Requests' }).click();
    await page.getByRole('heading', { level: 1, name: 'Requests' }).waitFor();
    expect(await isSameDocument(page)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
  });

  it('shows a new booking request on the today board and the requests page, linked to the customer’s page', async () => {
    const { page } = browser;
    const street = `${randomInt(100, 9999)} Board Test Way`;
    const bookings = page.getByRole('region', { name: /New booking requests/ });
    const count = async () => Number(await bookings.locator('.board-count').textContent());
    await requestCleaning('Robin Request', street);
    await page.goto(appUrl('/admin/dashboard'));
    // The board lists the longest-waiting requests first (other tests' requests may fill it); its
    // count is whole. Files running side by side add and answer requests meanwhile, so the count
    // is not compared with an earlier one: it counts at least this request, which the requests
    // page below must list.
    await expect.poll(async () => (await page.reload(), await bookings.waitFor(), await count()), { timeout: 10_000 }).toBeGreaterThan(0);

    await bookings.getByRole('link', { name: 'All requests' }).click();
    await page.waitForURL(appUrl('/admin/requests'));
    await page.getByLabel('Show').selectOption('booking');
    await page.waitForURL(appUrl('/admin/requests?kind=booking'));
    const listed = page.getByRole('list', { name: 'Open requests' }).getByRole('listitem').filter({ hasText: street });
    await listed.waitFor();
    expect(await listed.textContent()).toContain('Please bring the ladder.');
    expect(await listed.textContent()).toMatch(/waiting \d+ min/);
    // The cancellation filter leaves the booking out.
    await page.getByLabel('Show').selectOption('cancellation');
    await page.waitForURL(appUrl('/admin/requests?kind=cancellation'));
    await expect.poll(() => listed.count()).toBe(0);
    await page.getByLabel('Show').selectOption('all');
    await page.getByLabel('Customer, e-mail, phone or address').fill(street);
    await page.getByRole('button', { name: 'Filter' }).click();
    await listed.waitFor();
    await expect.poll(() => page.getByRole('list', { name: 'Open requests' }).getByRole('listitem').count()).toBe(1);

    await listed.getByRole('link', { name: 'Robin Request' }).click();
    await page.waitForURL(/\/admin\/lookup\?customer=/);
    await page.getByRole('heading', { name: 'Robin Request' }).first().waitFor();
  });

  it('fits a 390 px phone: no page-wide horizontal scrolling on any staff page, and tables become cards', async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 390, height: 844 });
    const customer = await page.request.get(appUrl(`/api/internal/admin/customers?q=${encodeURIComponent('Robin Request')}`));
    const [robin] = (await customer.json()) as { id: string }[];
    const pages = [
      CLIENT_ROUTES.adminDashboard,
      CLIENT_ROUTES.adminScheduledSnapshot,
      CLIENT_ROUTES.adminRequests,
      CLIENT_ROUTES.adminLookup,
      ...(robin ? [`${CLIENT_ROUTES.adminLookup}?customer=${robin.id}`] : []),
      CLIENT_ROUTES.cleanerRoster,
      CLIENT_ROUTES.adminInvites,
      CLIENT_ROUTES.sessionManager,
      CLIENT_ROUTES.adminCareers,
      CLIENT_ROUTES.adminTeam,
    ];
    for (const path of pages) {
      await page.goto(appUrl(path));
      await page.getByRole('navigation', { name: 'Staff tools' }).waitFor();
      await page.getByRole('heading', { level: 1 }).waitFor();
      // A page may show more than one placeholder at once (the calendar's cleaners and cleanings).
      await expect.poll(() => page.locator('.page-loading').count(), { timeout: 15_000 }).toBe(0);
      await page.waitForLoadState('networkidle');
      expect(await hasHorizontalScroll(page), path).toBe(false);
      // A table's rows are cards as wide as the screen at most, under hidden column headings.
      for (const table of await page.locator('table.admin-table').all()) {
        expect(await table.locator('thead').evaluate((el) => el.getBoundingClientRect().width), path).toBeLessThanOrEqual(1);
        for (const row of await table.locator('tbody tr').all()) expect((await row.boundingBox())!.width, path).toBeLessThanOrEqual(390);
      }
    }
    expect(robin, 'the customer of the request test').toBeDefined();
  });

  it('offers Admin home, and no customer page, from the real staff session in the public account menu; its Log out goes to the staff sign-in', async () => {
    const { page } = browser;
    await page.goto(appUrl('/pricing'));
    await waitForApp(page);
    await page.getByRole('button', { name: 'Account' }).click();
    const menu = page.locator('.account-menu__panel');
    await menu.getByRole('link', { name: 'Admin home' }).waitFor();
    // Nothing in it leads to the customer portal, which would answer a staff session 401.
    expect(await menu.locator(`a[href="${CLIENT_ROUTES.portal}"]`).count()).toBe(0);
    await menu.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(appUrl('/admin/login'));
    await page.getByText(STAFF_SIGNED_OUT).waitFor();
    expect((await page.request.get(appUrl('/api/auth/me'))).status()).toBe(401);
  });

  it('Sign out ends the server session and lands on the staff sign-in, which says so', async () => {
    const { page } = browser;
    await signInAsStaff(page, 'signout');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(appUrl('/admin/login'));
    await page.getByText(STAFF_SIGNED_OUT).waitFor();
    expect((await page.request.get(appUrl('/api/auth/me'))).status()).toBe(401);
    // The staff pages send a signed-out visitor back to the sign-in.
    browser.session.expectErrorStatus(appUrl('/api/auth/me'), 401);
    await page.goto(appUrl('/admin/requests'));
    await page.waitForURL(appUrl('/admin/login'));
  });
});

describe('staff sign-in page', { timeout: 30_000 }, () => {
  const browser = useBrowserPage();

  it('says honestly why a sign-in failed, and its button follows the configured provider', async () => {
    const { page } = browser;
    for (const [kind, text] of Object.entries(STAFF_SIGN_IN_ERRORS)) {
      await page.goto(appUrl(`/admin/login?error=${kind}`));
      expect(await page.getByRole('alert').textContent(), kind).toBe(text);
    }
    expect(STAFF_SIGN_IN_ERRORS.unauthorized).toBe('Access denied — your email domain is not allowed.');
    const button = page.getByRole('link', { name: 'Sign in with Google' });
    expect(await button.getAttribute('href')).toBe('/api/auth/google');
  });
});
