import { addDays, easternToday } from '@app/shared/eastern-time';
import { STAGE } from '@app/shared/deal-stages';
import { formatUsd } from '@app/shared/money';
import { priceQuote } from '@app/shared/quote';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appUrl } from '../src/app-url';
import { axeViolations } from '../src/axe';
import { waitForApp, withCookieConsent } from '../src/consent';
import { uniqueEmail } from '../src/form-errors';
import { crmObjects, eventually } from '../src/hubspot-emulator';
import { accessibleDescription, tabOrderGaps } from '../src/keyboard';
import { crmStages } from '../src/portal-customer';
import { signInAsStaff } from '../src/staff-session';
import { uniquePhone } from '../src/unique-phone';
import { useBrowserPage } from '../src/use-browser-page';

/** The page has no sideways scrolling: everything fits the width. */
const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

/**
 * The customer books a recurring clean on the real booking form with answers that are not the
 * form's defaults (1001-1500 sq ft, weekly basic visits, the oven, 10 % off the first booking);
 * the office opens the cleaning, reads what was asked, and the quote starts from it with the
 * same estimate. A line the office changes is marked, for the eye and for a screen reader.
 */
describe('the office quotes from what the customer asked for', { timeout: 180_000 }, () => {
  const home = useBrowserPage();
  const office = useBrowserPage();

  it('books through the form, then the quote opens prefilled, marks a change, at 1366 and 390 px', async () => {
    const customer = home.page;
    await customer.setViewportSize({ width: 1366, height: 900 });
    await withCookieConsent(customer);
    await customer.goto(appUrl('/booking?service=Recurring%20Clean'));
    await waitForApp(customer);
    const field = (label: string) => customer.getByLabel(label, { exact: true });
    await field('Square footage').selectOption('1500');
    await customer.getByRole('radio', { name: 'Weekly', exact: true }).check();
    await customer.getByRole('radio', { name: 'Basic visit' }).check();
    await customer.getByRole('checkbox', { name: 'Oven — $80' }).check();
    await field('Preferred date').fill(addDays(easternToday(), 9));
    await field('Time of day').selectOption('afternoon');
    await customer.getByRole('radio', { name: 'In person' }).check();
    await customer.getByRole('checkbox', { name: 'Kitchen' }).check();
    await field('Full name').fill('Quinn Asked');
    await customer.getByRole('textbox', { name: 'Email' }).fill(uniqueEmail('asked'));
    await field('Phone').fill((await uniquePhone()).digits);
    await customer.getByRole('radio', { name: 'Phone call' }).check();
    await field('Street address').fill('40 Ponce de Leon Ave');
    await field('City').fill('Atlanta');
    await field('State').fill('GA');
    await field('Zip code').fill('30308');
    await customer.getByRole('checkbox', { name: /^I agree to allow/ }).check();
    // $179 + $80 = $259, 10% off the first booking: $233.10.
    expect(await customer.getByTestId('estimate-price').textContent()).toContain('$233.10');
    await customer.getByRole('button', { name: 'Request My Cleaning' }).click();
    await customer.waitForURL(/\/booking\/confirmation\?dealId=/, { timeout: 15_000 });
    const dealId = new URL(customer.url()).searchParams.get('dealId') ?? '';
    // The quote goes to HubSpot's deal: wait until the worker has made it.
    await expect
      .poll(async () => ((await (await fetch(appUrl(`/api/hubspot/portal/bookingStatus?dealId=${dealId}`))).json()) as { syncedToCrm: boolean }).syncedToCrm, { timeout: 30_000, interval: 250 })
      .toBe(true);

    // The office opens the cleaning at 1366 px and reads everything the customer asked and agreed to.
    const { page } = office;
    await page.setViewportSize({ width: 1366, height: 900 });
    await withCookieConsent(page);
    await signInAsStaff(page, 'asked');
    await page.goto(appUrl(`/admin/cleaning?id=${encodeURIComponent(dealId)}`));
    const asked = page.getByRole('region', { name: 'What the customer asked for' });
    const said = (key: string) => asked.locator(`[data-request="${key}"]`).textContent();
    expect(await said('service')).toBe('Recurring Clean · Basic visit, weekly');
    expect(await said('size')).toBe('1001-1500 sq ft');
    expect(await said('add-ons')).toBe('Oven ($80.00)');
    expect(await said('estimate')).toBe('$233.10 (with 10% off the first booking)');
    expect(await said('assessment')).toBe('In person');
    expect(await said('contact')).toBe('Phone call');
    expect(await said('consent')).toMatch(/^Agreed to be contacted, .+ ET\. Texts about this request: no \(login codes only\)\./);
    await asked.getByText('Kitchen').waitFor();

    // The quote opens on the request, with the same estimate and nothing marked.
    await page.getByRole('button', { name: 'Quote', exact: true }).click();
    const quote = page.getByRole('form', { name: 'Quote' });
    expect(await quote.getByLabel('Service', { exact: true }).inputValue()).toBe('Recurring Clean');
    expect(await quote.getByLabel('Home size').inputValue()).toBe('1500');
    expect(await quote.getByLabel('Each visit').inputValue()).toBe('basic');
    expect(await quote.getByLabel('How often').inputValue()).toBe('weekly');
    expect(await quote.getByRole('checkbox', { name: /^Oven/ }).isChecked()).toBe(true);
    expect(await quote.getByRole('checkbox', { name: /^First-booking discount/ }).isChecked()).toBe(true);
    const total = quote.locator('tfoot td');
    expect(await total.textContent()).toBe('$233.10');
    expect(await quote.locator('[data-changed]').count()).toBe(0);

    // The assessment found a bigger home: the size is marked as changed, and so is the total.
    await quote.getByLabel('Home size').selectOption('2000');
    const changedTotal = priceQuote({ serviceType: 'Recurring Clean', squareFootage: 2000, visitType: 'basic', addOns: ['addon-oven'], firstBookingDiscount: true })!.totalCents;
    expect(await total.textContent()).toBe(formatUsd(changedTotal));
    await quote.getByText('Changed from 1001-1500 sq ft').waitFor();
    expect(await accessibleDescription(quote.getByLabel('Home size'))).toBe('Changed from 1001-1500 sq ft');
    await quote.getByText('Changed from $233.10, the estimate the customer saw').waitFor();
    expect(await quote.locator('[data-changed]').count()).toBe(2);
    expect(await axeViolations(page)).toEqual([]);
    expect(await tabOrderGaps(page, page.getByRole('main'))).toEqual({ unreachable: [], invisible: [] });
    expect(await fitsWidth(page)).toBe(true);

    // On a phone the same form fits, stays marked and reachable.
    await page.setViewportSize({ width: 390, height: 844 });
    await quote.getByText('Changed from 1001-1500 sq ft').waitFor();
    expect(await fitsWidth(page)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    expect(await tabOrderGaps(page, quote)).toEqual({ unreachable: [], invisible: [] });

    // Sent, the server prices it by the same rule: HubSpot's deal has that amount.
    await quote.getByRole('button', { name: 'Send quote' }).click();
    const deal = await eventually(
      async () => (await crmObjects('deals')).find((d) => d.properties.app_request_id === dealId),
      (d) => d?.properties.dealstage === crmStages().dealStageId(STAGE.AWAITING_QUOTE_APPROVAL),
    );
    expect(Number(deal?.properties.amount)).toBe(changedTotal / 100);
  });
});
