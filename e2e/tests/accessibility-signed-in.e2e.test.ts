import { STAGE } from '@app/shared/deal-stages';
import { easternToday } from '@app/shared/eastern-time';
import { CLIENT_ROUTE_PATHS, CLIENT_ROUTES, isStaffAreaRoute } from '@app/shared/routes';
import { LOGIN_CODE_WRONG } from '@app/shared/texts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appUrl } from '../src/app-url';
import { axeViolations } from '../src/axe';
import { waitForApp, withCookieConsent } from '../src/consent';
import { signInCustomer } from '../src/customer-session';
import { createCrmDeal, createPortalCustomer, easternAt, type PortalCustomer } from '../src/portal-customer';
import { signInAsStaff } from '../src/staff-session';
import { useBrowserPage } from '../src/use-browser-page';

/** A phone held upright, and a laptop: every screen is checked at both. */
const WIDTHS = [390, 1366] as const;

// Every page of the staff frame; the calendar is checked on its own, in each view.
const STAFF_PAGES = CLIENT_ROUTE_PATHS.filter((path) => isStaffAreaRoute(path) && path !== CLIENT_ROUTES.adminScheduledSnapshot);

/** Days to a day of the calendar's current week (Sunday to Saturday) that is not today. */
function dayOfThisWeek(): number {
  const weekday = new Date(`${easternToday()}T12:00:00Z`).getUTCDay();
  return weekday <= 4 ? 2 : -2;
}

async function settle(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForLoadState('networkidle');
}

async function expectNoViolations(page: Page, where: string): Promise<void> {
  expect(await axeViolations(page), where).toEqual([]);
}

describe('accessibility of sign-in, the portal and the staff area (axe-core)', { timeout: 180_000 }, () => {
  const browser = useBrowserPage();
  // One customer for the whole file, made by the first test that needs it (expect.poll needs a test):
  // a cleaning they can still change (more than 24 hours ahead) and one in the calendar's current week.
  let seeded: Promise<PortalCustomer> | undefined;
  const seededCustomer = () =>
    (seeded ??= (async () => {
      const customer = await createPortalCustomer('a11y');
      await createCrmDeal(customer, { stage: STAGE.CLEANING_SCHEDULED, scheduledAt: easternAt(6, 10), skus: ['deep-1500'], amount: '349' });
      await createCrmDeal(customer, { stage: STAGE.CLEANING_SCHEDULED, scheduledAt: easternAt(dayOfThisWeek(), 15), skus: ['deep-1500'], amount: '349' });
      return customer;
    })());
  let signedIn: Promise<void> | undefined;
  // createCrmDeal's address, which the calendar entry shows.
  const calendarStreet = '12 Peachtree St NE';

  it.each(WIDTHS)('the sign-in steps have no violations at %i px, errors showing included', async (width) => {
    const { page, session } = browser;
    // A customer of its own: one login code per phone per 30 s.
    const customer = await createPortalCustomer(`a11y-login-${width}`);
    await page.setViewportSize({ width, height: 900 });
    await withCookieConsent(page);
    await page.goto(appUrl(CLIENT_ROUTES.login));
    await waitForApp(page);
    await page.getByLabel('Email').waitFor();
    await expectNoViolations(page, 'login, step 1');
    session.expectErrorStatus(appUrl('/api/portal/auth/request-code'), 400);
    await page.getByRole('button', { name: 'Send Login Code' }).click();
    await page.getByRole('alert').first().waitFor();
    await expectNoViolations(page, 'login, step 1 with errors');

    await page.getByLabel('Email').fill(customer.email);
    await page.getByLabel('Phone Number').fill(customer.phoneDigits);
    await page.getByRole('button', { name: 'Send Login Code' }).click();
    await page.getByLabel('Verification Code').fill('000000');
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.getByRole('alert').filter({ hasText: LOGIN_CODE_WRONG }).waitFor();
    session.expectErrorStatus(appUrl('/api/portal/auth/verify-code'), 401);
    await expectNoViolations(page, 'login, step 2 with a wrong code');

    await page.goto(appUrl(`${CLIENT_ROUTES.adminLogin}?error=unauthorized`));
    await waitForApp(page);
    await page.getByText('Access denied').waitFor();
    await expectNoViolations(page, 'staff sign-in with its error');
  });

  it.each(WIDTHS)('the portal has no violations at %i px, with each of its dialogs open', async (width) => {
    const { page } = browser;
    const customer = await seededCustomer();
    await page.setViewportSize({ width, height: 900 });
    await withCookieConsent(page);
    // Once per browser (the session cookie outlives the tab): one login code per phone per 30 s.
    signedIn ??= signInCustomer(page.context().request, customer);
    await signedIn;
    await page.goto(appUrl(CLIENT_ROUTES.portal));
    await waitForApp(page);
    const upcoming = page.getByRole('region', { name: 'Upcoming cleanings' });
    const card = upcoming.locator('article.deal-card').filter({ has: page.getByRole('button', { name: 'Change', exact: true, disabled: false }) }).first();
    await card.waitFor({ timeout: 60_000 });
    await expectNoViolations(page, 'portal');

    for (const [button, dialogName] of [
      ['Change', 'Request a change'],
      ['Cancel', 'Request a cancellation'],
    ] as const) {
      await card.getByRole('button', { name: button, exact: true }).click();
      const dialog = page.getByRole('dialog', { name: dialogName });
      await dialog.waitFor();
      await expectNoViolations(page, dialogName);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
    }
    await page.getByRole('button', { name: 'Schedule a new clean' }).click();
    const schedule = page.getByRole('dialog', { name: 'Schedule a new clean' });
    await schedule.getByRole('radio').first().waitFor();
    await expectNoViolations(page, 'Schedule a new clean');
  });

  it('reflows at 320 CSS px (a 640 px window at 200 % zoom): sign-in, booking, the portal and every staff page, without sideways scrolling', async () => {
    const { page } = browser;
    await seededCustomer();
    await page.setViewportSize({ width: 320, height: 640 });
    await withCookieConsent(page);
    const fits = async (path: string) => {
      await page.goto(appUrl(path));
      await settle(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(320);
    };
    for (const path of [CLIENT_ROUTES.login, CLIENT_ROUTES.adminLogin, '/booking?service=Basic%20Clean&price=149&features=Trash%20emptied&sqft=1000;1500;2000;2001']) await fits(path);

    signedIn ??= signInCustomer(page.context().request, await seededCustomer());
    await signedIn;
    await fits(CLIENT_ROUTES.portal);
    // Change and Cancel stay on screen, whole.
    const change = page.getByRole('button', { name: 'Change', exact: true }).first();
    const box = await change.boundingBox();
    expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 999) <= 320).toBe(true);

    await signInAsStaff(page, 'a11y-reflow');
    signedIn = undefined; // the staff session replaced the customer's
    for (const path of [...STAFF_PAGES, CLIENT_ROUTES.adminScheduledSnapshot]) await fits(path);
  });

  // One test per page, each with its own time: nine pages at two widths, axe on each.
  describe.each(WIDTHS)('the staff area at %i px', (width) => {
    let staffSignedIn: Promise<unknown> | undefined;
    const asStaff = async (page: Page) => {
      await page.setViewportSize({ width, height: 900 });
      await withCookieConsent(page);
      staffSignedIn ??= signInAsStaff(page, `a11y-${width}`);
      await staffSignedIn;
      signedIn = undefined; // the staff session replaced the customer's
    };

    it.each(STAFF_PAGES)('%s has no violations', async (path) => {
      const { page } = browser;
      await asStaff(page);
      await page.goto(appUrl(path));
      await settle(page);
      await expectNoViolations(page, path);
    });

    it('the calendar has no violations in week and list views and with a cleaning open', async () => {
      const { page } = browser;
      await seededCustomer();
      await asStaff(page);
      await page.goto(appUrl(CLIENT_ROUTES.adminScheduledSnapshot));
      await settle(page);
      const entry = page.getByRole('listitem').filter({ hasText: calendarStreet }).first();
      await entry.waitFor({ timeout: 60_000 });
      // Phones get a list of the week, wider screens the week's grid (and the month).
      const views = width < 600 ? ['List view'] : ['Week view', 'Month view'];
      for (const view of views) {
        await page.getByRole('tab', { name: view }).click();
        await entry.waitFor();
        await expectNoViolations(page, `calendar, ${view}`);
      }
      await entry.getByRole('button').first().click();
      const panel = page.getByRole('dialog');
      await panel.getByText('Rooms').waitFor();
      await expectNoViolations(page, 'calendar, a cleaning open');
    });
  });
});
