import { describe, expect, it } from 'vitest';
import { appUrl } from '../src/app-url';
import { waitForApp } from '../src/consent';
import { isSameDocument, markDocument } from '../src/same-document';
import { useBrowserPage } from '../src/use-browser-page';

describe('client-side navigation', { timeout: 30_000 }, () => {
  const browser = useBrowserPage();

  it('goes from home to pricing and on to booking a service without reloading', async () => {
    const { page } = browser;
    await page.goto(appUrl('/'));
    await page.getByRole('heading', { level: 1 }).waitFor();
    // The home page is pre-rendered and paints before the app loads: a click before it has
    // hydrated is a plain link (a new document), which is not what this test is about.
    await waitForApp(page);
    await markDocument(page);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pricing' }).click();
    await page.waitForURL(appUrl('/pricing'));
    await page.getByRole('heading', { level: 1, name: 'Pricing' }).waitFor();
    await expect.poll(() => page.title()).toMatch(/^Pricing \| /);

    await page.getByRole('link', { name: 'Schedule Service: Basic Clean' }).click();
    await page.getByRole('heading', { level: 1, name: 'Schedule Your Cleaning' }).waitFor();
    expect(new URL(page.url()).searchParams.get('service')).toBe('Basic Clean');

    expect(await isSameDocument(page)).toBe(true);
  });

  it('shows Oops! Missing Service for /booking without a service, with a way back to pricing', async () => {
    const { page } = browser;
    await page.goto(appUrl('/booking'));
    const missing = page.getByRole('heading', { level: 1, name: 'Oops! Missing Service' });
    await missing.waitFor();
    await markDocument(page);

    await page.getByRole('main').getByRole('link', { name: /pricing/i }).click();
    await page.waitForURL(appUrl('/pricing'));
    await page.getByRole('heading', { level: 1, name: 'Pricing' }).waitFor();

    // Back is a client-side navigation to /booking again, still without a service.
    await page.goBack();
    await missing.waitFor();
    expect(new URL(page.url()).pathname).toBe('/booking');
    expect(await isSameDocument(page)).toBe(true);
  });
});
