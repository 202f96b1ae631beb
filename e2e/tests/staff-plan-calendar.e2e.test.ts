import { SEED_OWNERS } from '@app/emulators/hubspot/seed';
import { STAGE } from '@app/shared/deal-stages';
import { addDays, easternToday, easternWallTime, minBookingDate } from '@app/shared/eastern-time';
import type { PlanView } from '@app/shared/recurring-plan';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appUrl } from '../src/app-url';
import { axeViolations } from '../src/axe';
import { expectInSlot } from '../src/calendar-slots';
import { withCookieConsent } from '../src/consent';
import { crmObjects, eventually } from '../src/hubspot-emulator';
import { createPortalCustomer, crmStages, type PortalCustomer } from '../src/portal-customer';
import { bookWeeklyRecurring, openStaffCustomer } from '../src/staff-customers';
import { signInAsStaff } from '../src/staff-session';
import { useBrowserPage } from '../src/use-browser-page';

// The cleaner of the cleaner's-day test, whose own cleanings that file tells apart by their street.
const CLEANER = SEED_OWNERS[1];
const CLEANER_NAME = `${CLEANER.firstName} ${CLEANER.lastName}`;
const WIDE = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };

/**
 * The next first Sunday of November (Eastern clocks go back an hour at 2 AM) whose Tuesday before
 * can still be booked: the plans' first visits fall on that Tuesday and the one after it.
 */
function novemberChange(): string {
  const earliest = minBookingDate();
  for (let year = Number(earliest.slice(0, 4)); ; year++) {
    const weekday = new Date(Date.UTC(year, 10, 1)).getUTCDay();
    const sunday = `${year}-11-${String(1 + ((7 - weekday) % 7)).padStart(2, '0')}`;
    if (addDays(sunday, -5) >= earliest) return sunday;
  }
}

/** A weekly Recurring Clean booked by the office for the customer on `day` at `time` with the cleaner, made a plan; its first visit's deal and the plan. */
async function weeklyPlan(page: Page, customer: PortalCustomer, day: string, time: string): Promise<{ dealId: string; planId: string }> {
  const context = await openStaffCustomer(page, customer.email, 'Riley Portal');
  const dealId = await bookWeeklyRecurring(page, context, { day, time, cleaner: CLEANER_NAME });
  await eventually(
    async () => (await crmObjects('deals')).find((d) => d.properties.app_request_id === dealId),
    (d) => d?.properties.dealstage === crmStages().dealStageId(STAGE.CLEANING_SCHEDULED),
  );
  await page.getByRole('link', { name: 'Open the cleaning' }).click();
  const offer = page.getByRole('button', { name: 'Make it a recurring plan' });
  await expect.poll(async () => (await offer.isVisible()) || (await page.reload(), false), { timeout: 30_000, interval: 1_000 }).toBe(true);
  await offer.click();
  await page.getByRole('form', { name: 'Recurring plan' }).getByRole('button', { name: 'Make the plan' }).click();
  await page.getByRole('region', { name: 'Recurring plan' }).getByText(/^Plan made: /).waitFor();
  const detail = await page.evaluate(async (id) => (await (await fetch(`/api/internal/admin/deals/${id}`)).json()) as { plan: { id: string } }, dealId);
  return { dealId, planId: detail.plan.id };
}

describe("a plan's visits on the calendar across the November daylight-saving change, and on the cleaner's day", () => {
  const office = useBrowserPage();
  const phone = useBrowserPage();

  it('shows each plan visit at its Eastern time on both sides of the change, then the visit moved to tomorrow on My day', { timeout: 300_000 }, async () => {
    const { page } = office;
    const customer = await createPortalCustomer('plan-calendar');
    await page.setViewportSize(WIDE);
    await withCookieConsent(page);
    await signInAsStaff(page, 'plan-calendar');
    // The cleaner signs in to My day later: the roster has them as a cleaner.
    await page.goto(appUrl('/admin/cleaner-roster'));
    const mark = page.getByRole('switch', { name: `${CLEANER_NAME} is a cleaner` });
    await mark.waitFor();
    if (!(await mark.isChecked())) await mark.click();
    await expect.poll(() => mark.isChecked()).toBe(true);

    // One plan's first visit the Tuesday before the change (daylight time), another's the Tuesday after (standard time).
    const change = novemberChange();
    const before = await weeklyPlan(page, customer, addDays(change, -5), '10:00');
    const after = await weeklyPlan(page, customer, addDays(change, 2), '14:00');
    // HubSpot has them at those Eastern times: 14:00 and 19:00 UTC, four hours and then five behind.
    const deals = await crmObjects('deals');
    const startOf = (dealId: string) => new Date(deals.find((d) => d.properties.app_request_id === dealId)!.properties.scheduled_date!);
    expect(easternWallTime(startOf(before.dealId))).toMatchObject({ hour: 10, minute: 0 });
    expect(easternWallTime(startOf(after.dealId))).toMatchObject({ hour: 14, minute: 0 });
    expect(startOf(after.dealId).getUTCHours() - startOf(before.dealId).getUTCHours()).toBe(5);

    // From the second plan's page (its cleaning's "Open the plan"), its first visit's week on the
    // calendar, which starts on the day of the change: the visit at 2:00 PM, marked as a plan's.
    await page.getByRole('link', { name: 'Open the plan' }).click();
    await page.getByRole('link', { name: /^Its week on the calendar: / }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Scheduled Cleanings Snapshot' }).waitFor();
    const entryOf = (dealId: string) => page.getByRole('listitem').filter({ has: page.locator(`[data-deal-id="${dealId}"]`) });
    const second = entryOf(after.dealId);
    await second.waitFor({ timeout: 30_000 });
    await expectInSlot(page, second, addDays(change, 2), '14:00:00');
    expect((await second.locator('.calendar-entry__plan').innerText()).trim()).toBe('· Plan');
    expect(await axeViolations(page)).toEqual([]);

    // The week before, in daylight time: the first plan's visit at 10:00 AM, in its slot.
    await page.getByRole('button', { name: /^Previous Week$/ }).click();
    const first = entryOf(before.dealId);
    await first.waitFor({ timeout: 30_000 });
    await expectInSlot(page, first, addDays(change, -5), '10:00:00');
    expect((await first.locator('.calendar-entry__plan').innerText()).trim()).toBe('· Plan');
    // The address keeps the week shown: a reload opens on it again.
    expect(new URL(page.url()).searchParams.get('date')).toBe(addDays(change, -7));
    await page.reload();
    await first.waitFor({ timeout: 30_000 });
    await expectInSlot(page, first, addDays(change, -5), '10:00:00');

    // This visit only: the office moves the first plan's first visit to tomorrow at 1 PM from its cleaning page.
    const tomorrow = addDays(easternToday(), 1);
    await page.goto(appUrl(`/admin/plans?id=${encodeURIComponent(before.planId)}`));
    const plan = await page.evaluate(async (id) => (await (await fetch(`/api/internal/admin/plans/${id}`)).json()) as PlanView, before.planId);
    await page.getByRole('row').filter({ has: page.locator(`a[href*="${encodeURIComponent(before.dealId)}"]`) }).getByRole('link').first().click();
    await page.getByRole('button', { name: 'Change date or cleaner' }).click();
    const schedule = page.getByRole('form', { name: 'Schedule the cleaning' });
    await schedule.getByLabel('Date and start time (Eastern)').fill(`${tomorrow}T13:00`);
    await schedule.getByRole('button', { name: 'Schedule', exact: true }).click();
    // Another file's cleaning may keep the cleaner busy then: the office schedules anyway.
    const anyway = schedule.getByRole('button', { name: 'Schedule anyway' });
    const moved = () => crmObjects('deals').then((all) => all.find((d) => d.properties.app_request_id === before.dealId));
    await expect
      .poll(async () => {
        if (await anyway.isVisible()) await anyway.click();
        const deal = await moved();
        return deal && easternToday(new Date(deal.properties.scheduled_date!));
      }, { timeout: 60_000, interval: 1_000 })
      .toBe(tomorrow);
    // Changed on its own, it is detached: the plan's later changes leave it as it is.
    await page.goto(appUrl(`/admin/plans?id=${encodeURIComponent(before.planId)}`));
    const row = page.getByRole('row').filter({ has: page.locator(`a[href*="${encodeURIComponent(before.dealId)}"]`) });
    await expect.poll(async () => (await row.innerText().catch(() => '')).includes('changed on its own') || (await page.reload(), false), { timeout: 30_000, interval: 1_000 }).toBe(true);
    expect(plan.visits[0]!.dealId).toBe(before.dealId);

    // The cleaner, on a phone, sees tomorrow's visit of the plan on My day at 1:00 PM.
    const cleaner = phone.page;
    await cleaner.setViewportSize(PHONE);
    await withCookieConsent(cleaner);
    await cleaner.goto(appUrl(`/api/auth/google?login_hint=${encodeURIComponent(CLEANER.email)}`));
    await cleaner.waitForURL(appUrl('/cleaner'));
    const visit = cleaner.getByRole('list', { name: 'Tomorrow' }).locator(`[data-deal-id="${before.dealId}"]`);
    await expect.poll(async () => (await visit.isVisible()) || (await cleaner.reload(), false), { timeout: 30_000, interval: 1_000 }).toBe(true);
    expect(await visit.getByRole('heading', { level: 3 }).innerText()).toBe('1:00 PM · Riley');
    expect(await axeViolations(cleaner)).toEqual([]);
  });
});
