import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appUrl } from '../src/app-url';
import { withCookieConsent } from '../src/consent';
import { signInCustomer } from '../src/customer-session';
import { createPortalCustomer } from '../src/portal-customer';
import { signInAsStaff } from '../src/staff-session';
import { useBrowserPage } from '../src/use-browser-page';
import { apiErrorBody } from '@app/shared/api-error';

const QUEUES = '/admin/queues';
// bull-board's own JSON API under the dashboard, which its page calls.
const QUEUES_API = `${QUEUES}/api/queues`;
// The API's error answers (api/src/errors.ts).
const REFUSED = {
  visitor: { status: 401, body: apiErrorBody('Please sign in to continue.', 'unauthorized') },
  customer: { status: 403, body: apiErrorBody('You do not have access to this.', 'forbidden') },
} as const;

/**
 * Opens the queue dashboard as a browser does and checks it was refused: the API redirects a
 * page load without a staff session to the staff sign-in, where the page shows its button.
 */
async function expectSentToStaffSignIn(page: Page): Promise<void> {
  const response = await page.goto(appUrl(QUEUES));
  await page.waitForURL(appUrl('/admin/login'));
  const redirect = await response?.request().redirectedFrom()?.response();
  expect(redirect?.status()).toBe(302);
  expect(redirect?.url()).toBe(appUrl(QUEUES));
  await page.getByRole('link', { name: 'Sign in with Google' }).waitFor();
  expect(await page.getByText('crm', { exact: true }).count()).toBe(0);
}

/** A script's request (or bull-board's own JSON calls) gets the error status instead of a redirect. */
async function expectApiRefused(page: Page, refusal: (typeof REFUSED)[keyof typeof REFUSED]): Promise<void> {
  const answer = await page.request.get(appUrl(QUEUES_API), { headers: { accept: 'application/json' }, maxRedirects: 0 });
  expect(answer.status()).toBe(refusal.status);
  expect(await answer.json()).toEqual(refusal.body);
}

// One browser context for the file; each test starts from its own cookies.
describe('queue dashboard (bull-board)', { timeout: 60_000 }, () => {
  const browser = useBrowserPage();

  it('refuses a visitor: the page goes to the staff sign-in, the API answers 401', async () => {
    const { page, session } = browser;
    await page.context().clearCookies();
    await withCookieConsent(page);
    await expectSentToStaffSignIn(page);
    await expectApiRefused(page, REFUSED.visitor);
    session.expectErrorStatus(appUrl('/api/auth/me'), 401);
  });

  it('refuses a customer: the page goes to the staff sign-in, the API answers 403', { timeout: 90_000 }, async () => {
    const { page, session } = browser;
    await page.context().clearCookies();
    await withCookieConsent(page);
    const customer = await createPortalCustomer('queues');
    await signInCustomer(page.request, customer);
    // A real customer session: the portal answers for it.
    expect((await page.request.get(appUrl('/api/portal/me'))).status()).toBe(200);

    await expectSentToStaffSignIn(page);
    await expectApiRefused(page, REFUSED.customer);
    session.expectErrorStatus(appUrl('/api/auth/me'), 403);
  });

  it('opens from the staff navigation, shows the crm and sms queues, and leads back', async () => {
    const { page } = browser;
    await page.context().clearCookies();
    await withCookieConsent(page);
    await signInAsStaff(page, 'queues');
    await page.getByRole('navigation', { name: 'Staff tools' }).getByRole('link', { name: 'Queues' }).click();
    await page.waitForURL(appUrl(QUEUES));
    await page.getByText('Queues', { exact: true }).first().waitFor();
    // The worker's queues, each a link in bull-board's side menu (the overview, once its data is
    // in, shows a card linking to each queue as well).
    const sideMenu = page.locator('#bull-board-sidebar');
    for (const queue of ['crm', 'sms', 'email', 'housekeeping']) await sideMenu.getByRole('link', { name: queue, exact: true }).waitFor();
    await sideMenu.getByRole('link', { name: 'crm', exact: true }).click();
    await page.waitForURL(appUrl(`${QUEUES}/queue/crm`));
    // Its data loaded too (the page's JSON calls carry the staff session); nothing failed on the way.
    await page.waitForLoadState('networkidle');
    expect((await page.request.get(appUrl(QUEUES_API), { headers: { accept: 'application/json' } })).status()).toBe(200);

    // The way back: bull-board's menu of links (the last button in its header).
    await page.locator('header ul li').last().getByRole('button').click();
    await page.getByRole('menuitem', { name: 'Back to the staff workspace' }).click();
    await page.waitForURL(appUrl('/admin/dashboard'));
    await page.getByRole('heading', { level: 1, name: 'Today' }).waitFor();
  });

  it('fits a 390 px phone: the overview and a queue\'s jobs without page-wide horizontal scrolling', async () => {
    const { page } = browser;
    await page.context().clearCookies();
    await withCookieConsent(page);
    await signInAsStaff(page, 'queues-phone');
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      for (const path of [QUEUES, `${QUEUES}/queue/crm`]) {
        await page.goto(appUrl(path));
        await page.getByText('Queues', { exact: true }).first().waitFor();
        await page.waitForLoadState('networkidle');
        expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), path).toBe(0);
      }
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
    }
  });
});
