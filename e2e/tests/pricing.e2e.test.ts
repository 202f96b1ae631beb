import { describe, expect, it } from 'vitest';
import { appUrl } from '../src/app-url';
import { waitForApp, withCookieConsent } from '../src/consent';
import { isSameDocument, markDocument } from '../src/same-document';
import { useBrowserPage } from '../src/use-browser-page';

// docs/product.md §2: /booking?service=…&price=…&features=a;b;c&sqft=… — written out in full, so any change
// to a card's link (encoding included) fails here.
const SCHEDULE_LINKS = {
  'Basic Clean':
    '/booking?service=Basic%20Clean&price=149' +
    '&features=Dusting%20of%20reachable%20surfaces%20and%20furniture;Kitchen%20counters%2C%20sink%20and%20appliance%20fronts;' +
    'Bathrooms%20cleaned%20and%20sanitized;Floors%20vacuumed%20and%20mopped;Trash%20emptied;Up%20to%202%20hours' +
    '&sqft=1000;1500;2000;2001',
  'Deep Clean':
    '/booking?service=Deep%20Clean&price=279' +
    '&features=Everything%20in%20the%20Basic%20Clean;Baseboards%2C%20doors%20and%20door%20frames;' +
    'Showers%2C%20tubs%20and%20tile%20scrubbed;Light%20fixtures%20and%20ceiling%20fans%20dusted;' +
    'Cabinet%20fronts%20wiped%20down;Up%20to%204%20hours' +
    '&sqft=1000;1500;2000;2001',
  'Recurring Clean':
    '/booking?service=Recurring%20Clean&price=119' +
    '&features=Weekly%2C%20bi-weekly%20or%20monthly%20visits;Basic%20or%20deep%20clean%20on%20each%20visit;' +
    'The%20same%20checklist%20every%20visit;Priced%20per%20visit' +
    '&sqft=1000;1500;2000;2001',
  'Full Move Service':
    '/booking?service=Full%20Move%20Service&price=399' +
    '&features=Empty-home%20clean%2C%20top%20to%20bottom;Inside%20cabinets%2C%20drawers%20and%20closets;' +
    'Baseboards%2C%20doors%20and%20trim;Kitchen%20and%20bathrooms%20deep%20cleaned;For%20move-ins%20and%20move-outs' +
    '&sqft=1000;1500;2000;2001',
} as const;

// docs/product.md §9 starting prices by band; 2001+ is a custom quote on this page.
const PRICE_ROWS = {
  'Basic Clean': [['0-1000 sq ft', '$149'], ['1001-1500 sq ft', '$209'], ['1501-2000 sq ft', '$289'], ['2001+ sq ft', 'Custom quote']],
  'Deep Clean': [['0-1000 sq ft', '$279'], ['1001-1500 sq ft', '$349'], ['1501-2000 sq ft', '$479'], ['2001+ sq ft', 'Custom quote']],
  'Recurring Clean': [
    ['0-1000 sq ft', '$119', '$279'],
    ['1001-1500 sq ft', '$179', '$349'],
    ['1501-2000 sq ft', '$229', '$479'],
    ['2001+ sq ft', 'Custom quote', 'Custom quote'],
  ],
  'Full Move Service': [['0-1000 sq ft', '$399'], ['1001-1500 sq ft', '$539'], ['1501-2000 sq ft', '$649'], ['2001+ sq ft', 'Custom quote']],
} as const;

describe('pricing page', { timeout: 30_000 }, () => {
  const browser = useBrowserPage();

  it('explains booking in four steps', async () => {
    const { page } = browser;
    await page.goto(appUrl('/pricing'));
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Pricing');
    expect(await page.locator('.steps h3').allTextContents()).toEqual([
      'Choose a service',
      'Send your request',
      'Free 15-minute assessment',
      'Confirm and relax',
    ]);
  });

  it('links each card to /booking with exactly the specified query string', async () => {
    const { page } = browser;
    await page.goto(appUrl('/pricing'));
    for (const [service, href] of Object.entries(SCHEDULE_LINKS)) {
      const link = page.getByRole('link', { name: `Schedule Service: ${service}` });
      expect(await link.textContent(), service).toBe('Schedule Service');
      expect(await link.getAttribute('href'), service).toBe(href);
    }
    expect(await page.getByRole('link', { name: /^Schedule Service/ }).count()).toBe(4);
  });

  it('shows the section 9 prices per square-footage band, 2001+ as a custom quote', async () => {
    const { page } = browser;
    await page.goto(appUrl('/pricing'));
    for (const [service, rows] of Object.entries(PRICE_ROWS)) {
      const card = page.locator('.plan', { has: page.getByRole('heading', { level: 3, name: service, exact: true }) });
      const cells = await card
        .locator('tbody tr')
        .evaluateAll((trs) => trs.map((tr) => [...tr.children].map((cell) => cell.textContent)));
      expect(cells, service).toEqual(rows);
    }
  });

  it('prices organization by the hour, lists the add-ons and marks commercial cleaning coming soon', async () => {
    const { page } = browser;
    await page.goto(appUrl('/pricing'));
    const more = page.locator('section[aria-labelledby="more-services"]');
    expect(await more.textContent()).toContain('$65 per hour');
    const commercial = more.locator('.card', { hasText: 'Commercial Cleaning' });
    expect(await commercial.locator('.tag').textContent()).toBe('Coming soon');
    expect(await commercial.getByRole('button', { name: 'Coming soon' }).isDisabled()).toBe(true);
    expect(await commercial.getByRole('link').count()).toBe(0);

    const addOns = await page
      .locator('.add-ons li')
      .evaluateAll((items) => items.map((li) => [li.children[0]?.textContent, li.children[1]?.textContent]));
    expect(addOns).toEqual([
      ['Trash Removal', '$75'],
      ['Cabinet Organization', '$60'],
      ['Bulb Replacement', '$25'],
      ['Microwave', '$25'],
      ['Oven', '$80'],
      ['Refrigerator', '$60'],
      ['Interior Windows', '$50'],
      ['Carpet Shampooing', 'Quoted at assessment'],
      ['Pet Hair Surcharge', 'Quoted at assessment'],
    ]);
  });

  it('hands the chosen service to the booking page without a reload', async () => {
    const { page } = browser;
    await withCookieConsent(page);
    await page.goto(appUrl('/pricing'));
    await waitForApp(page);
    await markDocument(page);
    await page.getByRole('link', { name: 'Schedule Service: Full Move Service' }).click();
    await page.getByRole('heading', { level: 1, name: 'Schedule Your Cleaning' }).waitFor();
    const url = new URL(page.url());
    expect(`${url.pathname}${url.search}`).toBe(SCHEDULE_LINKS['Full Move Service']);
    expect(url.searchParams.get('service')).toBe('Full Move Service');
    expect(await isSameDocument(page)).toBe(true);
  });
});
