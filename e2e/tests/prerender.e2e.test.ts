import { describe, expect, it } from 'vitest';
import { appUrl } from '../src/app-url';
import { waitForApp } from '../src/consent';
import { useBrowserPage } from '../src/use-browser-page';

// Public routes, the h1 their pre-rendered HTML must already contain, and their tab title.
const PUBLIC_ROUTES = [
  ['/', 'A spotless home, without the hassle', 'Atlanta Home Cleaning — Home &amp; Office Cleaning in Metro Atlanta'],
  ['/about', 'About Us', 'About | Atlanta Home Cleaning'],
  ['/pricing', 'Pricing', 'Pricing | Atlanta Home Cleaning'],
  ['/team', 'Our Team', 'Our Team | Atlanta Home Cleaning'],
  ['/careers', 'Careers', 'Careers | Atlanta Home Cleaning'],
  ['/legal', 'Legal', 'Legal | Atlanta Home Cleaning'],
  ['/terms', 'Terms of Service', 'Terms of Service | Atlanta Home Cleaning'],
  ['/contact', 'Contact Us', 'Contact | Atlanta Home Cleaning'],
  ['/comingsoon', 'Coming Soon', 'Coming Soon | Atlanta Home Cleaning'],
  ['/checkout-success', 'Payment Successful', 'Payment Successful | Atlanta Home Cleaning'],
] as const;

const descriptionOf = (html: string) => /<meta\s+name="description"\s+content="([^"]*)"/.exec(html)?.[1];

describe('pre-rendered marketing pages', { timeout: 60_000 }, () => {
  const browser = useBrowserPage();

  it('answers each public route with its real content, its own title and meta description', async () => {
    const descriptions = new Set<string>();
    for (const [path, heading, title] of PUBLIC_ROUTES) {
      const res = await fetch(appUrl(path));
      expect(res.status, path).toBe(200);
      const html = await res.text();
      expect(html, path).toMatch(new RegExp(`<h1[^>]*>(<svg.*?</svg>)?${heading}</h1>`));
      expect(html, path).toContain(`<title>${title}</title>`);
      const description = descriptionOf(html);
      expect(description?.length ?? 0, path).toBeGreaterThan(50);
      descriptions.add(description ?? '');
      // It paints without scripts, so it preloads none (they would slow the first paint on a phone).
      expect(html, path).not.toContain('<link rel="modulepreload"');
    }
    expect(descriptions.size).toBe(PUBLIC_ROUTES.length);
  });

  it('answers an unknown path with the pre-rendered 404 page and status 404', async () => {
    const res = await fetch(appUrl('/nothing-here'));
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain('404 — Page Not Found.');
    expect(html).toContain('<title>Page Not Found | Atlanta Home Cleaning</title>');
  });

  it('shows the content without JavaScript (what crawlers and the first paint get)', async () => {
    const { page } = browser;
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setScriptExecutionDisabled', { value: true });
    await page.goto(appUrl('/pricing'));
    // Playwright's locators need scripts in the page, so the DOM is read through DevTools.
    const { root } = (await cdp.send('DOM.getDocument')) as { root: { nodeId: number } };
    const textOf = async (selector: string) => {
      const { nodeId } = (await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector })) as { nodeId: number };
      if (!nodeId) return null;
      const { outerHTML } = (await cdp.send('DOM.getOuterHTML', { nodeId })) as { outerHTML: string };
      return outerHTML.replace(/<[^>]+>/g, '');
    };
    expect(await textOf('#root main h1')).toBe('Pricing');
    expect(await textOf('#root main a[href^="/booking?service=Basic%20Clean"]')).toBe('Schedule Service');
    expect(await textOf('#root footer nav a[href="/pricing"]')).toBe('Book Now');
    expect(await textOf('html[data-hydrated]')).toBeNull();
    await cdp.detach();
    // With scripts switched off, Chromium refuses the page's scripts and module preloads: those and only those.
    expect(browser.session.takeProblems().every((p) => /^request failed: GET csp \(at .*\/assets\/.*\.js\)$/.test(p))).toBe(true);
  });

  it('hydrates the pre-rendered page instead of replacing it, without errors', async () => {
    const { page } = browser;
    await page.goto(appUrl('/'));
    const heading = await page.getByRole('heading', { level: 1 }).elementHandle();
    await waitForApp(page);
    // The same element node survives hydration: React adopted the server HTML.
    expect(await heading?.evaluate((el) => el.isConnected)).toBe(true);
  });

  it('loads the app only once the page has loaded, so its scripts never compete with the first paint', async () => {
    const { page } = browser;
    await page.goto(appUrl('/'));
    await waitForApp(page);
    const timing = await page.evaluate(() => {
      const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
      const app = performance.getEntriesByType('resource').find((entry) => /\/assets\/vendor-[^/]+\.js$/.test(entry.name));
      return { loaded: navigation?.loadEventStart ?? NaN, appRequested: app?.startTime ?? NaN };
    });
    expect(timing.appRequested).toBeGreaterThanOrEqual(timing.loaded);
  });

  it('starts the app at once when the visitor uses the page before it has finished loading', async () => {
    const { page } = browser;
    // The hero picture is held back, so the page cannot finish loading until the test lets it.
    let releasePicture = () => {};
    const pictureHeld = new Promise<void>((resolve) => (releasePicture = resolve));
    const heroPicture = /\/assets\/img\/home-hero\.[^/]+\.svg$/;
    let pictureServed = Promise.resolve();
    await page.route(heroPicture, (route) => (pictureServed = pictureHeld.then(() => route.continue())));
    try {
      const appRequested = page.waitForRequest(/\/assets\/vendor-[^/]+\.js$/);
      await page.goto(appUrl('/'), { waitUntil: 'domcontentloaded' });
      await page.keyboard.press('Tab');
      await appRequested;
      expect(await page.evaluate(() => document.readyState)).not.toBe('complete');
    } finally {
      releasePicture();
      // Unrouting while the held request is still pending would answer it twice.
      await pictureServed;
      await page.unroute(heroPicture);
    }
    await waitForApp(page);
  });

  it('loads no admin or calendar code on public routes', async () => {
    const { page } = browser;
    const scripts: string[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(new URL(response.url()).pathname);
    });
    for (const [path] of PUBLIC_ROUTES) {
      await page.goto(appUrl(path));
      await waitForApp(page);
    }
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((s) => /admin|dashboard|snapshot|calendar|roster|lookup|invites|session-manager|portal|bull/i.test(s))).toEqual([]);
  });
});
