import { randomBytes, randomInt } from 'node:crypto';
import { bookingRequestBody } from '@app/shared/booking-request-fixture';
import { STAGE } from '@app/shared/deal-stages';
import { addDays, easternToday } from '@app/shared/eastern-time';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appUrl } from '../src/app-url';
import { axeViolations } from '../src/axe';
import { withCookieConsent } from '../src/consent';
import { crmObjects, eventually } from '../src/hubspot-emulator';
import { tabOrderGaps } from '../src/keyboard';
import { crm, crmStages } from '../src/portal-customer';
import { openStaffCustomer } from '../src/staff-customers';
import { signInAsStaff } from '../src/staff-session';
import { uniquePhone } from '../src/unique-phone';
import { useBrowserPage } from '../src/use-browser-page';

const WIDE = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

/** A customer who booked once through the public form, with a street of their own; resolves once they are in HubSpot. */
async function weeklyCustomer(): Promise<{ email: string; street: string }> {
  const email = `weekly.${randomBytes(4).toString('hex')}@example.com`;
  const street = `${randomInt(100, 99_999)} Every Week Way`;
  const response = await fetch(appUrl('/api/hubspot/portal/requestBooking'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(bookingRequestBody({ name: 'Wendy Weekly', email, phone: (await uniquePhone()).e164, address: { street, city: 'Atlanta', state: 'GA', zip: '30303' }, rooms: {} })),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  await eventually(() => crm().findContactByEmail(email), (c) => c !== null);
  return { email, street };
}

describe('the office turns a weekly cleaning into a recurring plan', () => {
  const browser = useBrowserPage();

  it('books a weekly Recurring Clean, makes its plan from the cleaning, and the plan makes its visits in HubSpot', { timeout: 240_000 }, async () => {
    const { page } = browser;
    const customer = await weeklyCustomer();
    await page.setViewportSize(WIDE);
    await withCookieConsent(page);
    await signInAsStaff(page, 'plans');
    const context = await openStaffCustomer(page, customer.email, 'Wendy Weekly');

    // A phone call: a weekly basic Recurring Clean with the oven on the first visit, a week from now at 10 AM.
    await context.getByRole('region', { name: 'Summary' }).getByRole('button', { name: 'Book a cleaning' }).click();
    const form = page.getByRole('form', { name: 'Book a cleaning' });
    await form.getByLabel('Service').selectOption('Recurring Clean');
    await form.getByLabel('Home size (sq ft)').selectOption({ label: '1001-1500' });
    await form.getByRole('radio', { name: 'Basic visit' }).check();
    await form.getByRole('radio', { name: 'Weekly', exact: true }).check();
    await form.getByRole('checkbox', { name: /^Oven/ }).check();
    const day = addDays(easternToday(), 7);
    await form.getByLabel('Date', { exact: true }).fill(day);
    await form.getByLabel('Start time (Eastern)').fill('10:00');
    await form.getByLabel('Cleaner').selectOption({ index: 1 });
    await form.getByRole('button', { name: 'Book the cleaning' }).click();
    const booked = page.getByRole('heading', { name: /^Booked:/ });
    const anyway = form.getByRole('button', { name: 'Book anyway' });
    await booked.or(anyway).waitFor();
    if (await anyway.isVisible()) await anyway.click();
    await booked.waitFor();
    const dealId = (await page.locator('[data-office-booked]').getAttribute('data-office-booked'))!;
    // Scheduled in HubSpot, so the cleaning is scheduled here too.
    await eventually(
      async () => (await crmObjects('deals')).find((d) => d.properties.app_request_id === dealId),
      (d) => d?.properties.dealstage === crmStages().dealStageId(STAGE.CLEANING_SCHEDULED),
    );

    // The cleaning's page offers the plan once it is scheduled.
    await page.getByRole('link', { name: 'Open the cleaning' }).click();
    const offer = page.getByRole('button', { name: 'Make it a recurring plan' });
    await expect.poll(async () => (await offer.isVisible()) || (await page.reload(), false), { timeout: 30_000, interval: 1_000 }).toBe(true);
    await offer.click();
    const planForm = page.getByRole('form', { name: 'Recurring plan' });
    const weekday = WEEKDAYS[new Date(`${day}T12:00:00Z`).getUTCDay()];
    await planForm.getByText(`every ${weekday} at 10:00 AM`, { exact: false }).waitFor();
    // How often comes from the booking; the oven stays on the first visit unless ticked.
    expect(await planForm.getByLabel('How often').inputValue()).toBe('weekly');
    expect(await planForm.getByRole('checkbox', { name: 'Oven' }).isChecked()).toBe(false);
    expect(await axeViolations(page)).toEqual([]);
    expect(await tabOrderGaps(page, planForm)).toEqual({ unreachable: [], invisible: [] });
    expect(await fitsWidth(page)).toBe(true);
    await planForm.getByRole('button', { name: 'Make the plan' }).click();
    const made = page.getByRole('region', { name: 'Recurring plan' }).getByText(`A visit of a recurring plan: Every ${weekday} at 10:00 AM.`);
    await made.waitFor();

    // The plan's visits reach HubSpot scheduled, each once, with the plan and its date.
    const detail = await page.evaluate(async (id) => (await (await fetch(`/api/internal/admin/deals/${id}`)).json()) as { plan: { id: string } }, dealId);
    const planId = detail.plan.id;
    const visits = await eventually(
      async () => (await crmObjects('deals')).filter((d) => d.properties.recurring_plan_id === planId),
      (found) => found.length === 7,
    );
    expect(new Set(visits.map((v) => v.properties.plan_occurrence_date)).size).toBe(7);
    expect(visits.every((v) => v.properties.dealstage === crmStages().dealStageId(STAGE.CLEANING_SCHEDULED))).toBe(true);
    expect(visits.map((v) => v.properties.plan_occurrence_date).sort()[0]).toBe(addDays(day, 7));

    // The plans page lists it with its next visit, at 1366 and 390 px.
    await page.getByRole('navigation', { name: 'Staff tools' }).getByRole('link', { name: 'Plans', exact: true }).click();
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: 'Wendy Weekly' }) }).filter({ hasText: `Every ${weekday} at 10:00 AM` }).first();
    await row.waitFor();
    expect(await row.getByRole('link').nth(1).getAttribute('href')).toContain(encodeURIComponent(dealId));
    expect(await axeViolations(page)).toEqual([]);
    await page.setViewportSize(PHONE);
    await row.waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(await tabOrderGaps(page, page.getByRole('main'))).toEqual({ unreachable: [], invisible: [] });
  });
});
