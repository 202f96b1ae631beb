import { describe, expect, it } from 'vitest';
import { COMPANY } from '@app/runtime/company';
import { trustStatements } from '@app/shared/company';
import { appUrl } from '../src/app-url';
import { waitForApp, withCookieConsent } from '../src/consent';
import { useBrowserPage } from '../src/use-browser-page';

describe('home page', { timeout: 30_000 }, () => {
  const browser = useBrowserPage();

  it('has the hero with Get Started, three solution cards and three testimonials', async () => {
    const { page } = browser;
    const response = await page.goto(appUrl('/'));
    expect(response?.status()).toBe(200);
    await waitForApp(page);

    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Get Started' }).getAttribute('href')).toBe('/pricing');
    expect(await page.getByRole('link', { name: 'Skip to main content' }).getAttribute('href')).toBe('#main-content');
    expect(await page.getByRole('main').count()).toBe(1);
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    expect(await page.title()).toBe('Atlanta Home Cleaning — Home & Office Cleaning in Metro Atlanta');

    const solutions = page.locator('section[aria-labelledby="solutions"] li');
    expect(await solutions.locator('h3').allTextContents()).toEqual([
      'Residential Cleaning',
      'Move In / Move Out',
      'Commercial Cleaning Coming Soon',
    ]);
    expect(await solutions.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual([
      '/pricing',
      '/pricing',
      '/comingsoon',
    ]);
    expect(await page.locator('section[aria-labelledby="solutions"]').textContent()).toContain('10% off your first booking');
    expect(await page.locator('section[aria-labelledby="testimonials"] blockquote').count()).toBe(3);
  });

  it('shows what a visitor may rely on: the trust statements, a phone to call and rated, sourced reviews', async () => {
    const { page } = browser;
    await withCookieConsent(page);
    await page.goto(appUrl('/'));
    await waitForApp(page);

    const trust = page.locator('section[aria-labelledby="trust"]');
    expect(await trust.getByRole('heading', { level: 2 }).textContent()).toBe('Cleaners you can trust in your home');
    expect(await trust.getByRole('listitem').allTextContents()).toEqual(trustStatements(COMPANY));
    expect(await trust.getByRole('link', { name: '(404) 555-0100' }).getAttribute('href')).toBe('tel:+14045550100');
    expect(await trust.textContent()).toContain('Monday to Saturday, 8 AM to 6 PM');

    const reviews = page.locator('section[aria-labelledby="testimonials"] figure');
    expect(await reviews.locator('.stars').allTextContents()).toEqual([
      '★★★★★Rated 5 out of 5',
      '★★★★★Rated 5 out of 5',
      '★★★★Rated 4 out of 5',
    ]);
    expect(await reviews.locator('figcaption').allTextContents()).toEqual([
      'Tasha R., DecaturGoogle review, September 2026',
      'Michael B., MariettaGoogle review, August 2026',
      'Priya S., Sandy SpringsGoogle review, October 2026',
    ]);
    expect(await page.getByRole('link', { name: 'Read all our reviews on Google' }).getAttribute('href')).toBe(COMPANY.reviewSource.url);

    // Search engines get the same identity as data.
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!) as { '@graph': Record<string, unknown>[] };
    expect(jsonLd['@graph']).toContainEqual(
      expect.objectContaining({ '@type': 'HomeAndConstructionBusiness', name: COMPANY.name, telephone: COMPANY.phone, email: COMPANY.email }),
    );
  });

  it('shows the hero illustration at once and the one further down only as it nears the screen', async () => {
    const { page } = browser;
    await withCookieConsent(page);
    await page.goto(appUrl('/'));
    await waitForApp(page);

    const hero = page.locator('.hero img');
    expect(await hero.getAttribute('loading')).toBe('eager');
    expect(await hero.getAttribute('fetchpriority')).toBe('high');
    expect(await hero.getAttribute('alt')).toMatch(/^Illustration of a bright, tidy living room/);
    await expect.poll(() => hero.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    // Width and height are set, so the space is kept before the file arrives.
    expect([await hero.getAttribute('width'), await hero.getAttribute('height')]).toEqual(['640', '480']);

    const trustImage = page.locator('section[aria-labelledby="trust"] img');
    expect(await trustImage.getAttribute('loading')).toBe('lazy');
    await trustImage.scrollIntoViewIfNeeded();
    await expect.poll(() => trustImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const image = await page.request.get(appUrl((await trustImage.getAttribute('src'))!));
    expect(image.headers()['content-type']).toBe('image/svg+xml');
    expect(image.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it.each([
    ['30303', 'Yes! We service your area.', 'valid'],
    ['90210', "Not yet — but we're always expanding!", 'invalid'],
    ['3030', 'Please enter a valid 5-digit zip code.', 'format'],
  ])('checks zip %s: %s', async (zip, message, result) => {
    const { page } = browser;
    await withCookieConsent(page);
    await page.goto(appUrl('/'));
    await waitForApp(page);

    const input = page.getByLabel('Your zip code');
    await input.fill(zip);
    await page.getByRole('button', { name: 'Check my zip' }).click();
    const status = page.getByRole('status');
    await expect.poll(() => status.getAttribute('data-result')).toBe(result);
    expect(await status.locator('p').evaluate((p) => p.firstChild?.textContent)).toBe(message);
    expect(await input.getAttribute('aria-invalid')).toBe(String(result === 'format'));
  });

  it('lets only digits be typed into the zip field, at most five', async () => {
    const { page } = browser;
    await withCookieConsent(page);
    await page.goto(appUrl('/'));
    await waitForApp(page);
    const input = page.getByLabel('Your zip code');
    await input.pressSequentially('3a0-3 0 3 9');
    expect(await input.inputValue()).toBe('30303');
  });

  it('opens the promo terms from the static promo page in a modal dialog', async () => {
    const { page } = browser;
    await withCookieConsent(page);
    await page.goto(appUrl('/'));
    await waitForApp(page);

    const opener = page.getByRole('button', { name: 'See promo terms' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: '10% off your first booking: terms' });
    await dialog.waitFor();
    await dialog.getByText('Effective date: June 23, 2025').waitFor();
    const promoPage = await (await fetch(appUrl('/legal/promo.html'))).text();
    const firstSection = /<h2>([^<]+)<\/h2>/.exec(promoPage)?.[1] ?? '';
    expect(firstSection).not.toBe('');
    expect(await dialog.getByRole('heading', { level: 2 }).allTextContents()).toContain(firstSection.replace(/&amp;/g, '&').replace(/&#39;/g, "'"));
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await opener.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it("says 'Failed to load content.' when the promo page cannot be loaded", async () => {
    const { page, session } = browser;
    await withCookieConsent(page);
    await page.route('**/legal/promo.html', (route) => route.fulfill({ status: 503, body: 'down' }));
    await page.goto(appUrl('/'));
    await waitForApp(page);

    await page.getByRole('button', { name: 'See promo terms' }).click();
    const alert = page.getByRole('dialog').getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toBe('Failed to load content.');
    // The failure is logged on purpose (docs/product.md §8); only those lines are expected.
    const problems = session.takeProblems();
    expect(problems.length).toBeGreaterThan(0);
    expect(problems.every((p) => p.includes('503') || p.includes('Policy content failed to load'))).toBe(true);
  });
});
