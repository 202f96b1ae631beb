import { randomBytes, randomInt } from 'node:crypto';
import { STAGE } from '@app/shared/deal-stages';
import { OWNER_ASSIGNMENT_QUEUED } from '@app/shared/staff-admin';
import { addDays, easternToday, easternWallTime, easternWallTimeToInstant } from '@app/shared/eastern-time';
import { calendarAssignedLine, calendarEntryTitle } from '@app/shared/calendar-entry';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SEED_OWNERS } from '@app/emulators/hubspot/seed';
import { uniquePhone } from '../src/unique-phone';
import { appUrl } from '../src/app-url';
import { axeViolations } from '../src/axe';
import { withCookieConsent } from '../src/consent';
import { crmObjects, eventually } from '../src/hubspot-emulator';
import { crm, crmStages } from '../src/portal-customer';
import { isSameDocument, markDocument } from '../src/same-document';
import { signInAsStaff } from '../src/staff-session';
import { useBrowserPage } from '../src/use-browser-page';
import { bookingRequestBody } from '@app/shared/booking-request-fixture';
import { box, expectInSlot } from '../src/calendar-slots';

const SNAPSHOT = '/admin/ScheduledSnapshot';
const ADMIN_LOGIN = '/admin/login';
const OWNER = SEED_OWNERS[2];
const OWNER_NAME = `${OWNER.firstName} ${OWNER.lastName}`;
const SERVICE_TYPE = 'Deep Clean';
const CUSTOMER = 'Casey Calendar';
const OTHER_OWNER = SEED_OWNERS[1];
const OTHER_OWNER_NAME = `${OTHER_OWNER.firstName} ${OTHER_OWNER.lastName}`;

/**
 * A day of the calendar's first week (Sunday to Saturday, FullCalendar's default for English),
 * two days from today in Eastern Time: ahead from Sunday to Thursday, back on Friday and Saturday.
 * Two, not one: the portal test's deal "within 24 hours" can sit tomorrow at any hour, and an
 * entry that overlaps another is drawn half as wide, too narrow for its text.
 */
function dayInThisWeek(): { date: string; daysFromToday: 2 | -2 } {
  const today = easternToday();
  const weekday = new Date(`${today}T12:00:00Z`).getUTCDay();
  const daysFromToday = weekday <= 4 ? 2 : -2;
  return { date: addDays(today, daysFromToday), daysFromToday };
}

/**
 * A customer's booking through the public API, as the booking form sends it, with an address of
 * its own so this test's calendar entry is told apart from other files' deals. Resolves once
 * the worker has pushed it to HubSpot, with the deal's id there.
 */
async function bookCleaning(street: string): Promise<{ hubspotDealId: string }> {
  const response = await fetch(appUrl('/api/hubspot/portal/requestBooking'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(
      bookingRequestBody({
        name: CUSTOMER,
        email: `calendar.${randomBytes(4).toString('hex')}@example.com`,
        phone: (await uniquePhone()).e164,
        address: { street, city: 'Atlanta', state: 'GA', zip: '30303' },
        serviceType: SERVICE_TYPE,
        rooms: {},
      }),
    ),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  const { request } = (await response.json()) as { request: { dealId: string } };
  const deal = await eventually(
    async () => (await crmObjects('deals')).find((d) => d.properties.app_request_id === request.dealId),
    (d) => d !== undefined,
  );
  return { hubspotDealId: deal!.id };
}

/** The view tabs of the toolbar's right side (FullCalendar names them '<View> view'). */
const viewTab = (page: Page, name: 'Month' | 'Week' | 'Day') => page.getByRole('tablist', { name: 'Change view' }).getByRole('tab', { name: `${name} view` });

/** Entry text: bold title and the owner line below it, both in full inside the entry's box. */
async function expectEntryTexts(entry: Locator, title: string): Promise<void> {
  const titleEl = entry.locator('b.calendar-entry__title');
  expect(await titleEl.textContent()).toBe(title);
  expect(Number(await titleEl.evaluate((el) => getComputedStyle(el).fontWeight))).toBeGreaterThanOrEqual(700);
  expect(await entry.getByText(CUSTOMER, { exact: true }).isVisible()).toBe(true);
  const owner = entry.getByText(calendarAssignedLine(OWNER_NAME), { exact: true });
  expect(await owner.isVisible()).toBe(true);
  // Not cut off by the entry's box (FullCalendar clips what does not fit).
  const [entryBox, titleBox, ownerBox] = [await box(entry), await box(titleEl), await box(owner)];
  expect(ownerBox.y).toBeGreaterThanOrEqual(titleBox.y + titleBox.height - 1);
  expect(ownerBox.y + ownerBox.height).toBeLessThanOrEqual(entryBox.y + entryBox.height + 1);
}

// One browser context for the file: the visitor test runs first, before the staff sign-in.
describe('Scheduled Cleanings Snapshot', { timeout: 120_000 }, () => {
  const browser = useBrowserPage();
  /** The cleaning the third test schedules, which the later ones open. */
  let scheduled: { street: string; hubspotDealId: string } | undefined;

  it('sends a visitor from the snapshot and from the dashboard to /admin/login', async () => {
    const { page, session } = browser;
    await withCookieConsent(page);
    for (const path of [SNAPSHOT, '/admin/dashboard']) {
      await page.goto(appUrl(path));
      await page.waitForURL(appUrl(ADMIN_LOGIN));
      await page.getByRole('link', { name: 'Sign in with Google' }).waitFor();
      expect(await page.getByRole('heading', { level: 1, name: 'Scheduled Cleanings Snapshot' }).count()).toBe(0);
    }
    // The guard's GET /api/auth/me answers 401 without a session (Chromium logs that); nothing else went wrong.
    session.expectErrorStatus(appUrl('/api/auth/me'), 401);
  });

  it('does not load FullCalendar (script or styles) on a public page', async () => {
    const { page } = browser;
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    await withCookieConsent(page);
    await page.goto(appUrl('/'));
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(requested.filter((url) => url.includes('scheduled-snapshot'))).toEqual([]);
    // FullCalendar's theme defines its variables on :root; none of them is on a public page.
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--fc-classic-event'))).toBe('');
  });

  it(
    'shows a deal moved to Cleaning Scheduled in HubSpot without a reload, in its Eastern-time slot, in week, month and day views',
    { timeout: 180_000 },
    async () => {
      const { page } = browser;
      const street = `${randomInt(100, 99_999)} Snapshot Calendar Ave`;
      const address = `${street}, Atlanta, GA 30303`;
      const title = calendarEntryTitle({ title: SERVICE_TYPE, address });
      expect(title).toBe(`Deep Clean @ ${address}`);
      const { hubspotDealId } = await bookCleaning(street);

      await withCookieConsent(page);
      await signInAsStaff(page, 'calendar');
      await page.goto(appUrl(SNAPSHOT));
      await page.getByRole('heading', { level: 1, name: 'Scheduled Cleanings Snapshot' }).waitFor();

      // docs/product.md §2: it starts in the week view, with time slots.
      const week = viewTab(page, 'Week');
      await week.waitFor();
      expect(await week.getAttribute('aria-selected')).toBe('true');
      expect(await page.locator('[data-time="10:00:00"]').count()).toBeGreaterThan(0);
      expect(await page.getByRole('button', { name: /^Previous Week$/ }).isVisible()).toBe(true);
      expect(await page.getByRole('button', { name: /^Next Week$/ }).isVisible()).toBe(true);
      expect(await page.getByRole('button', { name: /^Today\b/ }).isVisible()).toBe(true);

      const entry = page.getByRole('listitem').filter({ hasText: street });
      expect(await entry.count()).toBe(0);
      await markDocument(page);

      // A staff member schedules the cleaning in HubSpot: stage, date and time, cleaner.
      const { date, daysFromToday } = dayInThisWeek();
      const [y, m, d] = date.split('-').map(Number) as [number, number, number];
      const at = easternWallTimeToInstant(y, m, d, 10, 0);
      await crm().patchDeal(hubspotDealId, { dealstage: crmStages().dealStageId(STAGE.CLEANING_SCHEDULED), scheduledAt: at.toISOString(), ownerId: OWNER.id });

      // The worker pulls every 5 s and the page asks again every 15 s.
      await entry.waitFor({ timeout: 60_000 });
      expect(await isSameDocument(page)).toBe(true);
      await expectInSlot(page, entry, date, '10:00:00');
      await expectEntryTexts(entry, title);
      expect(await axeViolations(page)).toEqual([]);

      await viewTab(page, 'Month').click();
      expect(await viewTab(page, 'Month').getAttribute('aria-selected')).toBe('true');
      expect(await page.locator('[data-time]').count()).toBe(0);
      const monthCell = page.getByRole('cell').and(page.locator(`[data-date="${date}"]`)).filter({ has: entry });
      expect(await monthCell.count()).toBe(1);
      await expectEntryTexts(entry, title);
      expect(await axeViolations(page)).toEqual([]);

      await viewTab(page, 'Day').click();
      expect(await viewTab(page, 'Day').getAttribute('aria-selected')).toBe('true');
      // The day view opens on today; the entry is two days away.
      expect(await entry.count()).toBe(0);
      const towardEntry = page.getByRole('button', { name: daysFromToday > 0 ? 'Next Day' : 'Previous Day' });
      await towardEntry.click();
      expect(await entry.count()).toBe(0);
      await towardEntry.click();
      await entry.waitFor();
      await expectInSlot(page, entry, date, '10:00:00');
      await expectEntryTexts(entry, title);
      expect(await axeViolations(page)).toEqual([]);

      await page.getByRole('button', { name: /^Today\b/ }).click();
      expect(await entry.count()).toBe(0);
      await week.click();
      await entry.waitFor();
      expect(await isSameDocument(page)).toBe(true);
      scheduled = { street, hubspotDealId };
    },
  );

  it('draws the working hours unless asked for all 24, colours each cleaner with a legend, and filters by cleaner and stage', async () => {
    const { page } = browser;
    const { street } = required(scheduled);
    await withCookieConsent(page);
    await signInAsStaff(page, 'calendar-filters');
    // The week as the page last loaded it: other test files schedule, move and cancel cleanings
    // relative to now (at night when the suite runs at night), and the page polls.
    let week: { date: string }[] = [];
    page.on('response', (r) => {
      if (new URL(r.url()).pathname !== '/api/hubspot/admin/scheduledDeals' || !r.ok()) return;
      void r.json().then((body: { date: string }[]) => (week = body), () => undefined);
    });
    await page.goto(appUrl(SNAPSHOT));
    const entry = page.getByRole('listitem').filter({ hasText: street });
    await entry.waitFor();

    // The working hours from 07:00, not the night, unless a cleaning of the days shown starts
    // earlier (the api is asked for a little more than the week: the grid's hours come from the
    // days of its column headers only); the whole day when asked, kept in the address.
    const shownDays = new Set(await page.locator('[role="columnheader"][data-date]').evaluateAll((cols) => cols.map((c) => c.getAttribute('data-date'))));
    expect(shownDays.size).toBe(7);
    const firstHour = () =>
      Math.min(7, ...week.filter((d) => shownDays.has(easternToday(new Date(d.date)))).map((d) => easternWallTime(new Date(d.date)).hour));
    const slot = (hour: number) => page.locator(`[data-time="${String(hour).padStart(2, '0')}:00:00"]`);
    const drawsFrom = async (hour: number) => (await slot(hour).count()) > 0 && (hour === 0 || (await slot(hour - 1).count()) === 0);
    await expect.poll(() => drawsFrom(firstHour())).toBe(true);
    const first = firstHour();
    expect(await page.locator('[data-time="07:00:00"]').count()).toBeGreaterThan(0);
    await page.getByLabel('All 24 hours').check();
    await page.waitForURL(appUrl(`${SNAPSHOT}?hours=all`));
    await slot(0).first().waitFor();
    await page.getByLabel('All 24 hours').uncheck();
    await page.waitForURL(appUrl(SNAPSHOT));
    if (first > 0) await expect.poll(() => slot(0).count()).toBe(0);

    // The entry wears its cleaner's colour, the one the legend gives them.
    const legend = page.getByRole('list', { name: 'Cleaner colours' });
    const swatch = legend.getByRole('listitem').filter({ hasText: OWNER_NAME }).locator('span');
    const swatchColor = await swatch.evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(await entry.getByRole('button').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(swatchColor);

    const cleaner = page.getByLabel('Cleaner', { exact: true });
    await cleaner.selectOption({ label: 'Unassigned' });
    await page.waitForURL(appUrl(`${SNAPSHOT}?cleaner=unassigned`));
    await expect.poll(() => entry.count()).toBe(0);
    await cleaner.selectOption({ label: OWNER_NAME });
    await entry.waitFor();
    await cleaner.selectOption({ label: 'All cleaners' });

    const stage = page.getByLabel('Show', { exact: true });
    await stage.selectOption({ label: 'Done cleanings' });
    await page.waitForURL(appUrl(`${SNAPSHOT}?stage=done`));
    await expect.poll(() => entry.count()).toBe(0);
    await stage.selectOption({ label: 'Scheduled and done' });
    await entry.waitFor();
    expect(await axeViolations(page)).toEqual([]);
  });

  it('opens a cleaning’s details (by click or keyboard) and assigns another cleaner there, pushed to HubSpot', { timeout: 150_000 }, async () => {
    const { page } = browser;
    const { street, hubspotDealId } = required(scheduled);
    await withCookieConsent(page);
    await signInAsStaff(page, 'calendar-details');
    await page.goto(appUrl(SNAPSHOT));
    const entry = page.getByRole('listitem').filter({ hasText: street });
    await entry.waitFor();
    await entry.click();

    const panel = page.getByRole('dialog', { name: `${SERVICE_TYPE} for ${CUSTOMER}` });
    await panel.waitFor();
    await panel.getByText('Rooms').waitFor();
    const text = await panel.textContent();
    expect(text).toContain(`${street}, Atlanta, GA 30303`);
    expect(text).toContain('Cleaning Scheduled');
    expect(text).toContain('No invoice yet');
    expect(await panel.getByRole('link', { name: /^Map/ }).getAttribute('href')).toBe(
      `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`${street}, Atlanta, GA 30303`)}`,
    );
    expect(await panel.getByRole('link', { name: /Open in HubSpot/ }).getAttribute('href')).toContain(`/record/0-3/${hubspotDealId}`);
    expect(await panel.getByRole('link', { name: 'Customer page' }).getAttribute('href')).toMatch(/^\/admin\/lookup\?customer=/);
    expect(await axeViolations(page)).toEqual([]);

    // The panel's cleaner is the entry's; the test moves the cleaning to the other one (a retry starts from either).
    const cleaner = panel.getByLabel('Cleaner');
    const before = await cleaner.evaluate((el: HTMLSelectElement) => el.selectedOptions[0]?.textContent ?? '');
    expect(await entry.getByText(calendarAssignedLine(before), { exact: true }).count()).toBe(1);
    const [target, targetId] = before === OTHER_OWNER_NAME ? [OWNER_NAME, OWNER.id] : [OTHER_OWNER_NAME, OTHER_OWNER.id];
    await cleaner.selectOption({ label: target });
    await panel.getByRole('status').filter({ hasText: OWNER_ASSIGNMENT_QUEUED }).waitFor();
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    // The calendar reads the deal again: the new cleaner's line, at once.
    await entry.getByText(calendarAssignedLine(target), { exact: true }).waitFor();
    const owner = await eventually(
      async () => (await crmObjects('deals')).find((d) => d.id === hubspotDealId)?.properties.hubspot_owner_id,
      (id) => id === targetId,
    );
    expect(owner).toBe(targetId);

    // From the keyboard: the entry takes focus and Enter opens it.
    await entry.getByRole('button').focus();
    await page.keyboard.press('Enter');
    await panel.waitFor();
    expect(await panel.getByLabel('Cleaner').evaluate((el: HTMLSelectElement) => el.selectedOptions[0]?.textContent)).toBe(target);
    await panel.getByRole('button', { name: 'Close' }).click();
    await panel.waitFor({ state: 'detached' });
  });

  it('on a 390 px phone opens as a list of the week, every entry readable, no sideways scrolling', async () => {
    const { page } = browser;
    const { street } = required(scheduled);
    await page.setViewportSize({ width: 390, height: 844 });
    await withCookieConsent(page);
    await signInAsStaff(page, 'calendar-phone');
    await page.goto(appUrl(SNAPSHOT));
    const list = page.getByRole('tab', { name: 'List view' });
    await list.waitFor();
    expect(await list.getAttribute('aria-selected')).toBe('true');
    // Each day of the list is an item too: the entry is the one in a day's list of events.
    const entry = page.getByRole('list', { name: 'Events' }).getByRole('listitem').filter({ hasText: street });
    await entry.waitFor();
    expect(await entry.getByText(CUSTOMER, { exact: true }).isVisible()).toBe(true);
    const entryBox = await box(entry.locator('b.calendar-entry__title'));
    expect(entryBox.x).toBeGreaterThanOrEqual(0);
    expect(entryBox.x + entryBox.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth)).toBe(false);
    expect(await axeViolations(page)).toEqual([]);
  });
});

function required<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('the test that schedules the cleaning did not finish');
  return value;
}
