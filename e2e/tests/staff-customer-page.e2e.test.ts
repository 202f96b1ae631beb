import { randomBytes, randomInt } from 'node:crypto';
import { bookingRequestBody } from '@app/shared/booking-request-fixture';
import { STAGE } from '@app/shared/deal-stages';
import { addDays, easternToday, formatCalendarDay } from '@app/shared/eastern-time';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appUrl } from '../src/app-url';
import { axeViolations } from '../src/axe';
import { waitForApp, withCookieConsent } from '../src/consent';
import { errorOf } from '../src/form-errors';
import { crmObjects, eventually } from '../src/hubspot-emulator';
import { tabOrderGaps } from '../src/keyboard';
import { crm, crmStages } from '../src/portal-customer';
import { bookPastWarnings, openStaffCustomer } from '../src/staff-customers';
import { signInAsStaff } from '../src/staff-session';
import { uniquePhone } from '../src/unique-phone';
import { useBrowserPage } from '../src/use-browser-page';

const WIDE = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };

/**
 * A customer who booked once through the public form, with a street of their own so the
 * calendar entry of the cleaning booked here is told apart from other files'. Resolves once the
 * booking (and so the contact) is in HubSpot.
 */
async function customerWhoBooked(): Promise<{ email: string; street: string; hubspotContactId: string }> {
  const email = `caller.${randomBytes(4).toString('hex')}@example.com`;
  const street = `${randomInt(100, 99_999)} Phone Call Way`;
  const response = await fetch(appUrl('/api/hubspot/portal/requestBooking'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(bookingRequestBody({ name: 'Casey Caller', email, phone: (await uniquePhone()).e164, address: { street, city: 'Atlanta', state: 'GA', zip: '30303' }, rooms: {} })),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  const contact = await eventually(() => crm().findContactByEmail(email), (c) => c !== null);
  return { email, street, hubspotContactId: contact!.id };
}

async function openCustomer(page: Page, email: string) {
  const context = await openStaffCustomer(page, email, 'Casey Caller');
  await context.getByRole('region', { name: 'Summary' }).waitFor();
  return context;
}

describe('the customer page for a phone call', () => {
  const browser = useBrowserPage();

  it('sums the customer up, links each cleaning and the thread, and books a cleaning that reaches the calendar and HubSpot', { timeout: 240_000 }, async () => {
    const { page } = browser;
    const customer = await customerWhoBooked();
    await page.setViewportSize(WIDE);
    await withCookieConsent(page);
    await signInAsStaff(page, 'phone-call');
    await waitForApp(page);
    let context = await openCustomer(page, customer.email);
    const customerPage = page.url();
    const summary = context.getByRole('region', { name: 'Summary' });
    expect(await summary.getByText('None scheduled', { exact: true }).isVisible()).toBe(true);
    expect(await summary.locator('[data-summary-owed]').innerText()).toBe('Nothing owed');
    expect(await axeViolations(page)).toEqual([]);

    // Each cleaning links to its page.
    const deals = context.getByRole('region', { name: 'Deals' });
    await deals.getByRole('link').first().click();
    await page.getByRole('heading', { level: 1, name: 'Cleaning' }).waitFor();
    await page.goBack();
    await summary.waitFor();

    // The thread is one step away, from the keyboard too: the focus lands on it.
    await summary.getByRole('link', { name: 'Text thread' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('customer-texts');

    // The office books a cleaning: nothing is sent while a field is wrong, and the error is under it.
    await summary.getByRole('button', { name: 'Book a cleaning' }).click();
    const form = page.getByRole('form', { name: 'Book a cleaning' });
    await form.getByLabel('Service').selectOption('Deep Clean');
    await form.getByLabel('Home size (sq ft)').selectOption({ label: '1001-1500' });
    await form.getByRole('checkbox', { name: /^Oven/ }).check();
    const day = addDays(easternToday(), 7);
    await form.getByLabel('Date', { exact: true }).fill(day);
    expect(await form.getByText(formatCalendarDay(day), { exact: true }).isVisible()).toBe(true);
    await form.getByLabel('Start time (Eastern)').fill('10:00');
    await form.getByRole('button', { name: 'Book the cleaning' }).click();
    const cleaner = form.getByLabel('Cleaner');
    expect(await errorOf(cleaner)).toBe('Choose a cleaner.');
    expect(await cleaner.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await tabOrderGaps(page, form)).toEqual({ unreachable: [], invisible: [] });
    expect(await axeViolations(page)).toEqual([]);
    await cleaner.selectOption({ index: 1 });
    const dealId = await bookPastWarnings(page, form);
    expect(await page.getByRole('heading', { name: /^Booked:/ }).innerText()).toBe(`Booked: Deep Clean on ${formatCalendarDay(day)} at 10:00 AM ET`);

    // The worker pushes it to HubSpot as a deal of this contact, then schedules it there.
    const remote = await eventually(
      async () => (await crmObjects('deals')).find((d) => d.properties.app_request_id === dealId),
      (d) => d?.properties.dealstage === crmStages().dealStageId(STAGE.CLEANING_SCHEDULED),
    );
    expect(remote!.associations.contacts).toEqual([customer.hubspotContactId]);
    expect(remote!.properties.amount).toBe('429.00');

    // The cleaning's own page, and the calendar: seven days ahead is next week's.
    await page.getByRole('link', { name: 'Open the cleaning' }).click();
    await page.getByRole('heading', { level: 1, name: 'Cleaning' }).waitFor();
    await page.goto(appUrl('/admin/ScheduledSnapshot'));
    await page.getByRole('button', { name: 'Next Week' }).click();
    await page.getByRole('listitem').filter({ hasText: customer.street }).waitFor({ timeout: 60_000 });

    // On a phone: the summary and its links come first, the next cleaning now the one booked.
    await page.setViewportSize(PHONE);
    await page.goto(customerPage);
    context = page.getByRole('article', { name: 'Casey Caller' });
    const small = context.getByRole('region', { name: 'Summary' });
    await small.locator('[data-summary-next]').waitFor();
    expect(await small.locator('[data-summary-next]').innerText()).toContain(formatCalendarDay(day));
    const thread = small.getByRole('link', { name: 'Text thread' });
    // On the first screen, without scrolling.
    const box = await thread.boundingBox();
    expect(box!.y + box!.height).toBeLessThan(PHONE.height);
    // The page stays within the phone's width, and nothing of the summary runs off its side.
    expect(await context.evaluate((el) => el.getBoundingClientRect().right <= window.innerWidth)).toBe(true);
    expect(await small.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
  });
});
