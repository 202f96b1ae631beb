import { describe, expect, it } from 'vitest';
import { appUrl } from '../src/app-url';
import { waitForApp, withCookieConsent } from '../src/consent';
import { useBrowserPage } from '../src/use-browser-page';

// docs/product.md §2: the twelve documents, in this order, as static pages at /legal/<name>.html.
const DOCUMENTS = [
  'promo',
  'privacy',
  'terms',
  'limited-liability',
  'contact',
  'cancellation',
  'refunds',
  'payments',
  'severability',
  'cookie',
  'subscription',
  'portal',
];

describe('legal pages', { timeout: 30_000 }, () => {
  const browser = useBrowserPage();

  it('serves every policy as a standalone static page with the displayed date', async () => {
    for (const name of DOCUMENTS) {
      const res = await fetch(appUrl(`/legal/${name}.html`));
      expect(res.status, name).toBe(200);
      expect(res.headers.get('content-type'), name).toContain('text/html');
      const html = await res.text();
      expect(html, name).toMatch(/^<!doctype html>/i);
      expect(html, name).toContain('<main>');
      expect(html, name).toContain('June 23, 2025');
      expect(html, name).toContain('Atlanta Home Cleaning LLC');
    }
  });

  it('lists the twelve policies in order and shows the date', async () => {
    const { page } = browser;
    await page.goto(appUrl('/legal'));
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Legal');
    expect(await page.locator('.page-header .lead').textContent()).toContain('June 23, 2025');
    const pages = await page
      .getByRole('link', { name: /^Open as a page/ })
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(pages).toEqual(DOCUMENTS.map((name) => `/legal/${name}.html`));
  });

  it('opens a policy in an accessible modal: focus inside, Escape closes, focus returns', async () => {
    const { page } = browser;
    await withCookieConsent(page);
    await page.goto(appUrl('/legal'));
    await waitForApp(page);

    const opener = page.locator('.policy-card').nth(1).getByRole('button');
    const title = (await opener.textContent()) ?? '';
    expect(await opener.getAttribute('aria-haspopup')).toBe('dialog');
    await opener.click();

    const dialog = page.getByRole('dialog', { name: title });
    await dialog.getByText('Effective date: June 23, 2025').waitFor();
    expect(new URL(page.url()).search).toBe('?policy=privacy');
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    // The page behind is inert while the modal is open.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(new URL(page.url()).search).toBe('');
    expect(await opener.evaluate((el) => el === document.activeElement)).toBe(true);

    // The close button works too.
    await opener.click();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('opens the policy named in the address (?policy=cookie), e.g. from the cookie banner', async () => {
    const { page } = browser;
    await page.goto(appUrl('/legal?policy=cookie'));
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Effective date: June 23, 2025').waitFor();
    expect(await dialog.getByRole('heading', { level: 2 }).first().textContent()).toMatch(/cookie/i);
  });

  it("says 'Failed to load policy content.' when a policy cannot be loaded", async () => {
    const { page, session } = browser;
    await withCookieConsent(page);
    await page.route('**/legal/refunds.html', (route) => route.fulfill({ status: 500, body: 'oops' }));
    await page.goto(appUrl('/legal?policy=refunds'));
    const alert = page.getByRole('dialog').getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toBe('Failed to load policy content.');
    expect(session.takeProblems().every((p) => p.includes('500') || p.includes('Policy content failed to load'))).toBe(true);
  });

  it('shows the terms on /terms', async () => {
    const { page } = browser;
    await page.goto(appUrl('/terms'));
    await page.getByText('Effective date: June 23, 2025').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toMatch(/terms/i);
    expect(await page.getByRole('main').getByRole('link', { name: 'Legal' }).getAttribute('href')).toBe('/legal');
  });

  it("says 'Failed to load content.' when the terms cannot be loaded", async () => {
    const { page, session } = browser;
    await page.route('**/legal/terms.html', (route) => route.fulfill({ status: 500, body: 'oops' }));
    await page.goto(appUrl('/terms'));
    const alert = page.getByRole('main').getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toBe('Failed to load content.');
    expect(session.takeProblems().every((p) => p.includes('500') || p.includes('Policy content failed to load'))).toBe(true);
  });
});
