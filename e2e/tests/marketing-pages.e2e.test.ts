import { describe, expect, it } from 'vitest';
import { appUrl } from '../src/app-url';
import { waitForApp, withCookieConsent } from '../src/consent';
import { useBrowserPage } from '../src/use-browser-page';

describe('marketing pages', { timeout: 30_000 }, () => {
  const browser = useBrowserPage();

  it('About: three value cards, the company history and the repair partner note', async () => {
    const { page } = browser;
    await page.goto(appUrl('/about'));
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('About Us');
    expect(await page.locator('section[aria-labelledby="values"] h3').allTextContents()).toEqual(['Reliable', 'Upfront', 'Careful']);
    expect(await page.locator('section[aria-labelledby="history"]').textContent()).toContain('founded in 2025');
    const repairs = page.locator('section[aria-labelledby="repairs"]');
    expect(await repairs.textContent()).toContain('repair partner');
    expect(await repairs.getByRole('link', { name: 'contact us' }).getAttribute('href')).toBe('/contact');
  });

  it('Team: owner/founder, lead technician and move in/out partner; disabled placeholder roles hidden', async () => {
    const { page } = browser;
    await page.goto(appUrl('/team'));
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Our Team');
    expect(await page.locator('.team-member__role').allTextContents()).toEqual([
      'Owner & Founder',
      'Lead Cleaning Technician',
      'Move In/Out Partner',
    ]);
    expect(await page.getByText('Coming soon').count()).toBe(0);
  });

  it('Careers: the listings from the API with title, description, location, type, status and icon', async () => {
    const { page } = browser;
    const listings = (await (await fetch(appUrl('/api/internal/admin/fetchCareerListings'))).json()) as {
      title: string;
      description: string;
      location: string;
      type: string;
      status: string;
      icon: string;
    }[];
    expect(listings.length).toBeGreaterThan(0);

    await page.goto(appUrl('/careers'));
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Careers');
    expect(await page.locator('.page-header').textContent()).toContain('Hiring Soon!');
    const cards = page.locator('.career');
    await cards.first().waitFor();
    expect(await cards.locator('h2').allTextContents()).toEqual(listings.map((l) => l.title));
    for (const [i, listing] of listings.entries()) {
      const text = (await cards.nth(i).textContent()) ?? '';
      for (const field of [listing.description, listing.location, listing.type, listing.status]) expect(text).toContain(field);
      // Truck listings get the truck icon (wheels drawn as circles); others the default one.
      expect(await cards.nth(i).locator('.career__icon svg circle').count(), listing.title).toBe(listing.icon === 'Truck' ? 2 : 0);
    }
  });

  it("Payment success: 'Payment Successful' with View My Cleanings (to /login) and Home", async () => {
    const { page } = browser;
    await page.goto(appUrl('/checkout-success'));
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Payment Successful');
    const main = page.getByRole('main');
    expect(await main.getByRole('link', { name: 'View My Cleanings' }).getAttribute('href')).toBe('/login');
    expect(await main.getByRole('link', { name: 'Home', exact: true }).getAttribute('href')).toBe('/');
  });

  it('Pre-launch: the Coming Soon page with its steps', async () => {
    const { page } = browser;
    await page.goto(appUrl('/comingsoon'));
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Coming Soon');
    expect(await page.locator('.progress-steps li').allTextContents()).toEqual([
      '1Check your zip code',
      '2Tell us about you',
      "3You're on the list",
    ]);
  });

  it('Contact: the contact page with the e-mail address', async () => {
    const { page } = browser;
    await withCookieConsent(page);
    await page.goto(appUrl('/contact'));
    await waitForApp(page);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Contact Us');
    expect(await page.getByRole('main').getByRole('link', { name: /@/ }).getAttribute('href')).toMatch(/^mailto:/);
  });
});
