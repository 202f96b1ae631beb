import { describe, expect, it } from 'vitest';
import { appUrl } from '../src/app-url';
import { isSameDocument, markDocument } from '../src/same-document';
import { useBrowserPage } from '../src/use-browser-page';

const NOT_FOUND_HEADING = '404 — Page Not Found.';

describe('not-found page', { timeout: 30_000 }, () => {
  const browser = useBrowserPage();

  // Case matters: /admin/ScheduledSnapshot is a page, its lower-case spelling is not.
  it.each(['/no-such-page', '/admin/scheduledsnapshot'])('shows the 404 page for %s', async (path) => {
    const { page, session } = browser;
    const url = appUrl(path);
    session.expectNotFoundDocument(url);
    await page.goto(url);

    const heading = page.getByRole('heading', { level: 1 });
    await heading.waitFor();
    expect(await heading.textContent()).toBe(NOT_FOUND_HEADING);
    await expect.poll(() => page.title()).toMatch(/^Page Not Found/);
  });

  it('links Home back to /', async () => {
    const { page, session } = browser;
    const url = appUrl('/no-such-page');
    session.expectNotFoundDocument(url);
    await page.goto(url);
    await page.getByRole('heading', { name: NOT_FOUND_HEADING }).waitFor();
    await markDocument(page);

    await page.getByRole('main').getByRole('link', { name: 'Home', exact: true }).click();
    await page.waitForURL(appUrl('/'));
    await page.getByRole('link', { name: 'Get Started' }).waitFor();
    expect(await page.getByRole('heading', { name: NOT_FOUND_HEADING }).count()).toBe(0);
    expect(await isSameDocument(page)).toBe(true);
  });

  it('answers an unknown path with HTTP 404 while still serving the app', async () => {
    const { page, session } = browser;
    const url = appUrl('/no-such-page');
    session.expectNotFoundDocument(url);
    const response = await page.goto(url);
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { name: NOT_FOUND_HEADING }).waitFor();
  });
});
