import { describe, expect, it } from 'vitest';
import { appUrl } from '../src/app-url';
import { useBrowserPage } from '../src/use-browser-page';

/** [accessible name, href] of every link inside a landmark, in document order. */
type LinkList = [string, string | null][];

describe('home page', { timeout: 30_000 }, () => {
  const browser = useBrowserPage();

  it('loads with the shared frame, the main navigation and a title', async () => {
    const { page } = browser;
    const response = await page.goto(appUrl('/'));
    expect(response?.status()).toBe(200);
    await page.getByRole('heading', { level: 1 }).waitFor();

    const linksOf = (name: string) =>
      page
        .getByRole('navigation', { name })
        .getByRole('link')
        .evaluateAll((links) => links.map((a) => [a.textContent?.trim() ?? '', a.getAttribute('href')]));

    expect(await linksOf('Main')).toEqual<LinkList>([
      ['Home', '/'],
      ['About', '/about'],
      ['Contact', '/contact'],
      ['Pricing', '/pricing'],
      ['Our Team', '/team'],
    ]);
    expect(await linksOf('Footer')).toEqual<LinkList>([
      ['About', '/about'],
      ['Book Now', '/pricing'],
      ['Legal', '/legal'],
      ['Careers', '/careers'],
    ]);

    expect(await page.getByRole('link', { name: 'Get Started' }).getAttribute('href')).toBe('/pricing');
    expect(await page.getByRole('link', { name: 'Skip to main content' }).getAttribute('href')).toBe('#main-content');
    expect(await page.getByRole('main').count()).toBe(1);
    expect(await page.title()).toMatch(/cleaning/i);
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
  });
});
