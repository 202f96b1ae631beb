import { describe, expect, it } from 'vitest';
import { appUrl } from '../src/app-url';
import { announcements, recordAnnouncements } from '../src/announcements';
import { axeViolations } from '../src/axe';
import { waitForApp, withCookieConsent } from '../src/consent';
import { TINY_PNG, uniqueEmail } from '../src/form-errors';
import { useBrowserPage } from '../src/use-browser-page';
import { bookingRequestBody } from '@app/shared/booking-request-fixture';

const PUBLIC_ROUTES = [
  '/',
  '/about',
  '/pricing',
  '/team',
  '/careers',
  '/legal',
  '/terms',
  '/contact',
  '/comingsoon',
  '/waitlist',
  '/checkout-success',
  '/booking',
];

/** A phone held upright, and a laptop. */
const WIDTHS = [390, 1366] as const;

describe('accessibility (axe-core)', { timeout: 120_000 }, () => {
  const browser = useBrowserPage();

  it.each(PUBLIC_ROUTES.flatMap((path) => WIDTHS.map((width) => [path, width] as const)))('%s at %i px has no violations (with the cookie banner showing)', async (path, width) => {
    const { page } = browser;
    await page.setViewportSize({ width, height: 900 });
    await page.goto(appUrl(path));
    await page.evaluate(() => window.localStorage.clear());
    await page.reload();
    await waitForApp(page);
    await page.getByRole('region', { name: 'Cookie notice' }).waitFor();
    await page.getByRole('heading', { level: 1 }).waitFor();
    if (path === '/careers') await page.locator('.career').first().waitFor();
    if (path === '/terms') await page.getByText('Effective date: June 23, 2025').waitFor();
    expect(await axeViolations(page)).toEqual([]);
  });

  it('the 404 page has no violations', async () => {
    const { page, session } = browser;
    await withCookieConsent(page);
    const url = appUrl('/no-such-page');
    session.expectNotFoundDocument(url);
    await page.goto(url);
    await waitForApp(page);
    expect(await axeViolations(page)).toEqual([]);
  });

  it('announces the zip result and the booking form\'s errors through live regions', async () => {
    const { page } = browser;
    await withCookieConsent(page);
    await recordAnnouncements(page);
    await page.goto(appUrl('/'));
    await waitForApp(page);
    await page.getByLabel('Your zip code').fill('30303');
    await page.getByRole('button', { name: 'Check my zip' }).click();
    await page.getByRole('status').getByText('Yes! We service your area.').waitFor();
    expect((await announcements(page)).some((text) => text.startsWith('Yes! We service your area.'))).toBe(true);

    await page.goto(appUrl('/contact'));
    await waitForApp(page);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByRole('alert').filter({ hasText: 'You must consent' }).waitFor();
    expect((await announcements(page)).some((text) => text.startsWith('You must consent'))).toBe(true);
  });

  it('the open account menu, the open legal modal and the zip result have no violations', async () => {
    const { page } = browser;
    await withCookieConsent(page);
    await page.goto(appUrl('/'));
    await waitForApp(page);
    await page.getByLabel('Your zip code').fill('30303');
    await page.getByRole('button', { name: 'Check my zip' }).click();
    await page.getByRole('status').getByText('Yes! We service your area.').waitFor();
    await page.getByRole('button', { name: 'Account' }).click();
    expect(await axeViolations(page)).toEqual([]);

    await page.goto(appUrl('/legal?policy=privacy'));
    await page.getByRole('dialog').getByText('Effective date: June 23, 2025').waitFor();
    expect(await axeViolations(page)).toEqual([]);
  });

  it('the request forms with their validation messages showing have no violations', async () => {
    const { page } = browser;
    await withCookieConsent(page);
    await page.goto(appUrl('/booking?service=Basic%20Clean&price=149&features=Trash%20emptied&sqft=1000;1500;2000;2001'));
    await waitForApp(page);
    await page.getByLabel('Zip code', { exact: true }).fill('90210');
    await page.getByRole('button', { name: 'Request My Cleaning' }).click();
    await page.getByRole('alert').filter({ hasText: 'You must consent' }).waitFor();
    await page.getByLabel('Photos of your home (optional)').setInputFiles({
      name: 'kitchen.png',
      mimeType: 'image/png',
      buffer: TINY_PNG,
    });
    await page.getByRole('list', { name: 'Chosen photos' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    // A real request's confirmation: reference, next steps and summary.
    const response = await fetch(appUrl('/api/hubspot/portal/requestBooking'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(
        bookingRequestBody({
          name: 'Axe Tester',
          email: uniqueEmail('axe'),
          phone: '+14045550199',
          address: { street: '1 Peachtree St', city: 'Atlanta', state: 'GA', zip: '30303' },
          serviceType: 'Recurring Clean',
          frequency: 'monthly',
          visitType: 'basic',
          addOns: ['addon-oven'],
          quoteType: 'in-person',
          contactMethod: 'phone',
          timeOfDay: 'afternoon',
          rooms: {},
        }),
      ),
    });
    expect(response.status, await response.clone().text()).toBe(201);
    const { request } = (await response.json()) as { request: { dealId: string } };
    await page.goto(appUrl(`/booking/confirmation?dealId=${request.dealId}`));
    await page.getByRole('heading', { level: 1, name: 'Your request is locked in' }).waitFor();
    await page.getByRole('heading', { name: 'What happens next' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    await page.goto(appUrl('/contact'));
    await waitForApp(page);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByRole('alert').filter({ hasText: 'You must consent' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    await page.goto(appUrl('/comingsoon'));
    await waitForApp(page);
    await page.getByRole('button', { name: 'Check my zip' }).click();
    await page.getByText('Whoops!').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByLabel('Your zip code').fill('30303');
    await page.getByRole('button', { name: 'Check my zip' }).click();
    await page.getByRole('button', { name: 'Notify Me' }).click();
    await page.getByRole('alert').filter({ hasText: 'You must consent' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
  });

  it.each(['/', '/pricing', '/legal'])('%s at 375 px with the mobile menu open has no violations', async (path) => {
    const { page } = browser;
    await withCookieConsent(page);
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(appUrl(path));
    await waitForApp(page);
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('navigation', { name: 'Account' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
  });
});
