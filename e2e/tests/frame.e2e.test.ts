import { COMPANY } from '@app/runtime/company';
import { COOKIE_CONSENT_KEY } from '@app/shared/constants';
import { SIGNED_OUT_BANNER } from '@app/shared/texts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appUrl } from '../src/app-url';
import { waitForApp, withCookieConsent } from '../src/consent';
import { createPortalCustomer } from '../src/portal-customer';
import { signInToPortal } from '../src/portal-login';
import { useBrowserPage } from '../src/use-browser-page';

/** [accessible text, href] of every link inside a locator, in document order. */
type LinkList = [string, string | null][];
const linksIn = (page: Page, name: string) =>
  page
    .getByRole('navigation', { name })
    .getByRole('link')
    .evaluateAll((links) => links.map((a) => [a.textContent?.trim() ?? '', a.getAttribute('href')]));

describe('shared frame', { timeout: 30_000 }, () => {
  const browser = useBrowserPage();

  it('has the header navigation and the footer of the spec', async () => {
    const { page } = browser;
    await withCookieConsent(page);
    await page.goto(appUrl('/about'));
    await waitForApp(page);

    expect(await linksIn(page, 'Main')).toEqual<LinkList>([
      ['Home', '/'],
      ['About', '/about'],
      ['Contact', '/contact'],
      ['Pricing', '/pricing'],
      ['Our Team', '/team'],
    ]);
    expect(await linksIn(page, 'Footer')).toEqual<LinkList>([
      ['About', '/about'],
      ['Book Now', '/pricing'],
      ['Legal', '/legal'],
      ['Careers', '/careers'],
    ]);
    const footer = page.getByRole('contentinfo');
    expect(await footer.getByRole('navigation', { name: 'Footer' }).getByRole('listitem').last().textContent()).toBe(
      'Careers Hiring Soon!',
    );
    expect(await linksIn(page, 'Social')).toEqual<LinkList>([
      [COMPANY.social.imageSharing.label, COMPANY.social.imageSharing.url],
      [COMPANY.social.socialNetwork.label, COMPANY.social.socialNetwork.url],
    ]);
    expect(await footer.getByRole('link', { name: COMPANY.email }).getAttribute('href')).toBe(`mailto:${COMPANY.email}`);
    const footerText = await footer.textContent();
    expect(footerText).toContain(COMPANY.designerCredit.label);
    // The default imagery is the repository's own: no stock site to credit (a stock image adds the note).
    expect(footerText).not.toContain('Some visuals on this site come from');
    expect(await footer.getByRole('link', { name: '(404) 555-0100' }).getAttribute('href')).toBe(`tel:${COMPANY.phone}`);
    expect(footerText).toContain('Monday to Saturday, 8 AM to 6 PM');
    expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' }).getAttribute('aria-current')).toBe('page');
  });

  it('offers visitors Customer Login (to the portal) and a disabled Services Login', async () => {
    const { page } = browser;
    await withCookieConsent(page);
    await page.goto(appUrl('/'));
    await waitForApp(page);

    const toggle = page.getByRole('button', { name: 'Account' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await page.getByRole('link', { name: 'Customer Login' }).getAttribute('href')).toBe('/portal');
    const services = page.getByRole('button', { name: 'Services Login' });
    expect(await services.isDisabled()).toBe(true);
    expect(await page.getByRole('link', { name: 'Logout' }).count()).toBe(0);

    // Escape closes the menu and gives focus back to its button.
    await page.keyboard.press('Escape');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await toggle.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await page.getByRole('link', { name: 'Customer Login' }).count()).toBe(0);
  });

  it('offers signed-in customers Home (the portal) and Logout, without Admin home', { timeout: 90_000 }, async () => {
    const { page } = browser;
    await withCookieConsent(page);
    // Signed in for real: the code texted to the Twilio emulator, a session the api keeps.
    await signInToPortal(page, await createPortalCustomer('desktop-menu'));
    await page.goto(appUrl('/'));
    await waitForApp(page);
    await page.getByRole('button', { name: 'Account' }).click();

    const menu = page.locator('.account-menu__panel');
    await menu.getByRole('button', { name: 'Logout' }).waitFor();
    expect(await menu.getByRole('link').evaluateAll((links) => links.map((a) => [a.textContent, a.getAttribute('href')]))).toEqual([
      ['Home', '/portal'],
    ]);
    expect(await menu.getByRole('link', { name: 'Customer Login' }).count()).toBe(0);

    // The file's tabs share one browser profile: the next test starts signed out.
    await menu.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(appUrl('/login'));
    await page.getByText(SIGNED_OUT_BANNER, { exact: true }).waitFor();
  });

  // Staff: the menu from a real SSO session, in staff-workspace.e2e.test.ts.

  it('scrolls to the top and moves focus to the new page after a navigation', async () => {
    const { page } = browser;
    await withCookieConsent(page);
    await page.goto(appUrl('/pricing'));
    await waitForApp(page);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.getByRole('contentinfo').getByRole('link', { name: 'Legal' }).click();
    await page.getByRole('heading', { level: 1, name: 'Legal' }).waitFor();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main-content');
    await expect.poll(() => page.title()).toBe(`Legal | ${COMPANY.name}`);
  });
});

describe('cookie banner', { timeout: 30_000 }, () => {
  const browser = useBrowserPage();
  const banner = (page: Page) => page.getByRole('region', { name: 'Cookie notice' });
  const storedConsent = (page: Page) => page.evaluate((key) => window.localStorage.getItem(key), COOKIE_CONSENT_KEY);

  it('shows until Got it stores consent, then stays away across reloads and pages', async () => {
    const { page } = browser;
    await page.goto(appUrl('/'));
    await page.evaluate(() => window.localStorage.clear());
    await page.reload();
    await waitForApp(page);

    await banner(page).waitFor();
    expect(await storedConsent(page)).toBeNull();
    await banner(page).getByRole('button', { name: 'Got it' }).click();
    await banner(page).waitFor({ state: 'detached' });
    expect(COOKIE_CONSENT_KEY).toMatch(/^[a-z]+\.[A-Za-z]+$/);
    expect(await storedConsent(page)).toBe('true');

    await page.reload();
    await waitForApp(page);
    await page.goto(appUrl('/pricing'));
    await waitForApp(page);
    expect(await banner(page).count()).toBe(0);
  });

  it('paints with the portal\'s and the staff area\'s frame before their code runs, and never for a visitor who accepted it', async () => {
    const { page } = browser;
    // The app never starts (its boot module does nothing): what shows is the frame's HTML, its
    // stylesheet and its one inline script.
    await page.route(/\/assets\/boot-[^/]+\.js$/, (route) => route.fulfill({ contentType: 'text/javascript', body: 'export function startApp() {}' }));
    try {
      for (const path of ['/portal', '/admin/dashboard']) {
        await page.goto(appUrl(path));
        await page.evaluate(() => window.localStorage.clear());
        await page.reload();
        await banner(page).waitFor();
        expect(await page.getByText('Loading…').isVisible(), path).toBe(true);
        await page.evaluate((key) => window.localStorage.setItem(key, 'true'), COOKIE_CONSENT_KEY);
        await page.reload();
        await page.getByText('Loading…').waitFor();
        // Hidden by the head script (allowed by the Content-Security-Policy's hash), before any paint.
        expect(await banner(page).isVisible(), path).toBe(false);
        expect(await page.evaluate(() => document.documentElement.dataset.cookieConsent), path).toBe('given');
      }
    } finally {
      await page.unroute(/\/assets\/boot-[^/]+\.js$/);
    }
  });

  it('can be dismissed for the visit without storing consent, so it comes back on the next load', async () => {
    const { page } = browser;
    await page.goto(appUrl('/about'));
    await page.evaluate(() => window.localStorage.clear());
    await page.reload();
    await waitForApp(page);

    await banner(page).getByRole('button', { name: 'Dismiss' }).click();
    await banner(page).waitFor({ state: 'detached' });
    expect(await storedConsent(page)).toBeNull();

    await page.reload();
    await waitForApp(page);
    await banner(page).waitFor();
  });
});

describe('mobile menu at 375 px', { timeout: 30_000 }, () => {
  const browser = useBrowserPage();

  it('opens a menu with the navigation, Manage your account and Cleaner sign in', async () => {
    const { page } = browser;
    await withCookieConsent(page);
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(appUrl('/'));
    await waitForApp(page);

    // Closed: only the brand and the Menu button show, in one row; the account menu is replaced on phones.
    const header = page.getByRole('banner');
    expect((await header.boundingBox())?.height).toBeLessThanOrEqual(60);
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Account' }).isVisible()).toBe(false);
    const toggle = page.getByRole('button', { name: 'Menu' });
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    // The open menu lies over the page; the sticky header keeps its one row.
    expect((await header.boundingBox())?.height).toBeLessThanOrEqual(60);

    expect(await linksIn(page, 'Main')).toEqual<LinkList>([
      ['Home', '/'],
      ['About', '/about'],
      ['Contact', '/contact'],
      ['Pricing', '/pricing'],
      ['Our Team', '/team'],
    ]);
    expect(await linksIn(page, 'Account')).toEqual<LinkList>([
      ['Manage your account', '/login'],
      ['Cleaner sign in', '/admin/login'],
    ]);
    // No horizontal scrolling at phone width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Manage your account' }).click();
    await page.waitForURL(appUrl('/login'));
    // The menu closes when the new page renders, which can come a moment after the address changes
    // (the login page's code loads first).
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);
  });

  it('offers a signed-in customer My cleanings and Logout instead of the sign-in links, and Logout signs them out', { timeout: 90_000 }, async () => {
    const { page } = browser;
    await withCookieConsent(page);
    const customer = await createPortalCustomer('phone-menu');
    await signInToPortal(page, customer);
    await page.setViewportSize({ width: 375, height: 812 });
    try {
      await page.goto(appUrl('/pricing'));
      await waitForApp(page);
      const toggle = page.getByRole('button', { name: 'Menu' });
      await toggle.click();
      const account = page.getByRole('navigation', { name: 'Account' });
      await account.getByRole('button', { name: 'Logout' }).waitFor();
      expect(await linksIn(page, 'Account')).toEqual<LinkList>([['My cleanings', '/portal']]);

      await account.getByRole('button', { name: 'Logout' }).click();
      await page.waitForURL(appUrl('/login'));
      await page.getByText(SIGNED_OUT_BANNER, { exact: true }).waitFor();
      expect((await page.request.get(appUrl('/api/portal/me'))).status()).toBe(401);
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
    }
  });

  it('animates a change of page and scrolls smoothly to the top, unless the visitor asks for less motion', async () => {
    const { page } = browser;
    await withCookieConsent(page);
    // How the page asks to scroll (the browser's own smooth scroll cannot be timed reliably).
    await page.addInitScript(() => {
      const scrollTo = window.scrollTo.bind(window);
      const asked: string[] = [];
      Object.defineProperty(window, '__scrolls', { value: asked });
      window.scrollTo = ((options: ScrollToOptions) => {
        asked.push(options.behavior ?? 'auto');
        scrollTo(options);
      }) as typeof window.scrollTo;
    });
    const motion = async () => ({
      animation: await page.locator('main > div').evaluate((el) => getComputedStyle(el).animationName),
      scroll: await page.evaluate(() => (window as unknown as { __scrolls: string[] }).__scrolls.at(-1)),
    });
    const navigate = async (name: string, path: string) => {
      await page.evaluate(() => window.scrollTo({ top: 400, behavior: 'instant' }));
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name }).click();
      await page.waitForURL((url) => url.pathname === path);
    };

    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await page.goto(appUrl('/'));
    await waitForApp(page);
    await navigate('About', '/about');
    // Polled: the new page's element replaces the old one just after the address changes.
    await expect.poll(motion).toEqual({ animation: 'route-enter', scroll: 'smooth' });

    await page.emulateMedia({ reducedMotion: 'reduce' });
    await navigate('Pricing', '/pricing');
    await expect.poll(motion).toEqual({ animation: 'none', scroll: 'auto' });
  });

  it('fits 320 px without horizontal scrolling on every marketing page', async () => {
    const { page } = browser;
    await withCookieConsent(page);
    await page.setViewportSize({ width: 320, height: 640 });
    for (const path of ['/', '/about', '/pricing', '/team', '/careers', '/legal', '/terms', '/comingsoon', '/checkout-success', '/contact']) {
      await page.goto(appUrl(path));
      await waitForApp(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(320);
      expect((await page.getByRole('banner').boundingBox())?.height, path).toBeLessThanOrEqual(60);
    }
  });
});
