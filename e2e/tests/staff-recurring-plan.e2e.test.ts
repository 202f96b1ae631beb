import { STAGE } from '@app/shared/deal-stages';
import { addDays, easternToday, easternWallTime } from '@app/shared/eastern-time';
import { PLAN_VISIT_SKIPPED, type PlanView } from '@app/shared/recurring-plan';
import { CHANGE_BUTTON, REQUEST_SUBMITTED } from '@app/shared/texts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appUrl } from '../src/app-url';
import { axeViolations } from '../src/axe';
import { withCookieConsent } from '../src/consent';
import { crmObjects, eventually } from '../src/hubspot-emulator';
import { tabOrderGaps } from '../src/keyboard';
import { createPortalCustomer, crmStages } from '../src/portal-customer';
import { signInToPortal } from '../src/portal-login';
import { textsTo, waitForText } from '../src/sent-texts';
import { bookWeeklyRecurring, openStaffCustomer } from '../src/staff-customers';
import { signInAsStaff } from '../src/staff-session';
import { useBrowserPage } from '../src/use-browser-page';

const WIDE = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

describe('a recurring plan: the office makes it from a weekly cleaning, the customer skips a visit, the office moves the later ones', () => {
  const browser = useBrowserPage();
  const home = useBrowserPage();

  it('books a weekly Recurring Clean, makes its plan, the customer skips the third visit, and the office moves this and every later one', { timeout: 300_000 }, async () => {
    const { page } = browser;
    // A customer who booked once through the public form and signs in to the portal.
    const customer = await createPortalCustomer('weekly');
    await page.setViewportSize(WIDE);
    await withCookieConsent(page);
    await signInAsStaff(page, 'plans');
    const context = await openStaffCustomer(page, customer.email, 'Riley Portal');

    // A phone call: a weekly basic Recurring Clean with the oven on the first visit, a week from now at 10 AM.
    const day = addDays(easternToday(), 7);
    const dealId = await bookWeeklyRecurring(page, context, { day, time: '10:00', addOns: [/^Oven/] });
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

    // The plan's visits reach HubSpot scheduled, each once, with the plan and its date; the first visit's deal gets them too.
    const detail = await page.evaluate(async (id) => (await (await fetch(`/api/internal/admin/deals/${id}`)).json()) as { plan: { id: string } }, dealId);
    const planId = detail.plan.id;
    const visits = await eventually(
      async () => (await crmObjects('deals')).filter((d) => d.properties.recurring_plan_id === planId),
      (found) => found.length === 8,
    );
    expect(new Set(visits.map((v) => v.properties.plan_occurrence_date)).size).toBe(8);
    expect(visits.every((v) => v.properties.dealstage === crmStages().dealStageId(STAGE.CLEANING_SCHEDULED))).toBe(true);
    expect(visits.find((v) => v.properties.app_request_id === dealId)?.properties.plan_occurrence_date).toBe(day);
    expect(visits.map((v) => v.properties.plan_occurrence_date).sort()[1]).toBe(addDays(day, 7));
    // The customer hears of the plan once, for the series: its rule, not a text per visit.
    const planText = (body: string) => body.startsWith(`Atlanta Home Cleaning: your plan is set: Every ${weekday} at 10:00 AM. See or skip visits: `);
    await waitForText(customer.phone, planText);
    expect((await textsTo(customer.phone)).filter((m) => planText(m.body))).toHaveLength(1);

    // The plans page lists it with its next visit, at 1366 and 390 px.
    await page.getByRole('navigation', { name: 'Staff tools' }).getByRole('link', { name: 'Plans', exact: true }).click();
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: 'Riley Portal' }) }).filter({ hasText: `Every ${weekday} at 10:00 AM` }).first();
    await row.waitFor();
    // The rule opens the plan; the next visit, its cleaning.
    expect(await row.getByRole('link').nth(1).getAttribute('href')).toContain(encodeURIComponent(planId));
    expect(await row.getByRole('link').nth(2).getAttribute('href')).toContain(encodeURIComponent(dealId));
    expect(await axeViolations(page)).toEqual([]);
    await page.setViewportSize(PHONE);
    await row.waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(await tabOrderGaps(page, page.getByRole('main'))).toEqual({ unreachable: [], invisible: [] });

    // The customer, on a phone, skips the plan's third visit from its card, from the keyboard.
    const plan = await page.evaluate(async (id) => (await (await fetch(`/api/internal/admin/plans/${id}`)).json()) as PlanView, planId);
    const third = plan.visits[2]!;
    const portal = home.page;
    await portal.setViewportSize(PHONE);
    await withCookieConsent(portal);
    await portal.goto(appUrl('/login'));
    await signInToPortal(portal, customer, { from: 'here' });
    const card = portal.locator(`[data-deal-id="${third.dealId}"]`);
    await card.waitFor();
    expect(await card.locator('[data-plan]').innerText()).toBe(`Every ${weekday} at 10:00 AM`);
    await card.getByRole('button', { name: 'Skip this visit' }).focus();
    await portal.keyboard.press('Enter');
    const confirm = card.getByRole('group', { name: 'Skip this visit' });
    await confirm.waitFor();
    expect(await axeViolations(portal)).toEqual([]);
    expect(await fitsWidth(portal)).toBe(true);
    await confirm.getByRole('button', { name: 'Yes, skip it' }).click();
    // Said above the cleanings: the card itself moves to the past ones once HubSpot has the skip.
    await portal.getByRole('status').filter({ hasText: PLAN_VISIT_SKIPPED }).waitFor();
    // HubSpot's deal goes to Canceled, and the card follows once the mirror has it; the others stay.
    await eventually(
      async () => (await crmObjects('deals')).find((d) => d.properties.app_request_id === third.dealId),
      (d) => d?.properties.dealstage === crmStages().dealStageId(STAGE.CANCELED),
    );
    const scheduled = await crmObjects('deals');
    for (const v of plan.visits.filter((v) => v.dealId !== third.dealId && v.dealId !== dealId)) {
      expect(scheduled.find((d) => d.properties.app_request_id === v.dealId)?.properties.dealstage, v.occurrence).toBe(crmStages().dealStageId(STAGE.CLEANING_SCHEDULED));
    }

    // The customer asks, from a later visit, to pause the plan: a change request the office reads as such.
    const fifth = portal.locator(`[data-deal-id="${plan.visits[4]!.dealId}"]`);
    await fifth.getByRole('button', { name: CHANGE_BUTTON, exact: true }).click();
    const ask = portal.getByRole('dialog', { name: 'Request a change' });
    await ask.getByRole('radio', { name: 'Pausing my plan for a while' }).check();
    const pauseFrom = addDays(plan.visits[5]!.occurrence, -1);
    await ask.getByLabel('First day without visits').fill(pauseFrom);
    await ask.getByLabel('Last day without visits').fill(addDays(pauseFrom, 7));
    await ask.getByLabel('Reason').fill('We are away that week.');
    expect(await axeViolations(portal)).toEqual([]);
    await ask.getByRole('button', { name: 'Submit request' }).click();
    await ask.getByText(REQUEST_SUBMITTED).waitFor();
    await eventually(
      async () => (await crmObjects('tickets')).find((t) => (t.properties.content ?? '').includes('please pause my visits from')),
      (t) => t !== undefined && (t.properties.content ?? '').includes('We are away that week.'),
    );

    // The office moves the second visit and every later one to the next weekday, from the plan's page
    // (once the mirror holds the skip, as the office's page would show it).
    const stageOfThird = async () => (await page.evaluate(async (id) => (await (await fetch(`/api/internal/admin/plans/${id}`)).json()) as PlanView, planId)).visits.find((v) => v.dealId === third.dealId)?.stageId;
    await expect.poll(stageOfThird, { timeout: 30_000, interval: 500 }).toBe(STAGE.CANCELED);
    await page.setViewportSize(WIDE);
    await row.getByRole('link', { name: `Every ${weekday} at 10:00 AM` }).click();
    await page.getByRole('heading', { name: `Riley Portal: Every ${weekday} at 10:00 AM` }).waitFor();
    await page.getByRole('button', { name: 'Change this and every later visit' }).click();
    const change = page.getByRole('form', { name: 'Change this and every later visit' });
    const second = plan.visits[1]!;
    await change.getByLabel('From the visit of').selectOption(second.occurrence);
    const nextWeekday = WEEKDAYS[(WEEKDAYS.indexOf(weekday!) + 1) % 7]!;
    await change.getByLabel('Weekday').selectOption({ label: nextWeekday });
    await change.getByRole('button', { name: 'Show what changes' }).click();
    const preview = change.getByRole('list', { name: 'What will change' });
    await preview.waitFor();
    // The skipped third visit was changed on its own: it stays canceled, and every other later visit moves a day.
    const moves = await preview.getByRole('listitem').allInnerTexts();
    expect(moves).toHaveLength(plan.visits.length - 2);
    // A visit a company closed day had already moved onto the new weekday (New Year's Friday to
    // Saturday) stays where it is, now the plan's own visit of that day.
    expect(moves.every((text) => text.includes(' moves to ') || text.endsWith(' stays')), moves.join('\n')).toBe(true);
    expect(moves.filter((text) => text.includes(' moves to ')).length).toBeGreaterThanOrEqual(moves.length - 1);
    expect(moves[0]).toContain(`moves to ${nextWeekday.slice(0, 3)},`);
    expect(await axeViolations(page)).toEqual([]);
    expect(await tabOrderGaps(page, change)).toEqual({ unreachable: [], invisible: [] });
    await change.getByRole('button', { name: 'Save the change' }).click();
    await page.getByText(/^Saved: \d+ changed\. The visits show it once HubSpot has it\.$/).waitFor();

    // HubSpot's deals move a day, with their new dates; the first visit and the skipped one stay; nothing is made twice.
    const moved = plan.visits.filter((v) => v.dealId !== dealId && v.dealId !== third.dealId);
    const after = await eventually(
      async () => (await crmObjects('deals')).filter((d) => d.properties.recurring_plan_id === planId || d.properties.app_request_id === dealId),
      (deals) => moved.every((v) => deals.find((d) => d.properties.app_request_id === v.dealId)?.properties.plan_occurrence_date === addDays(v.occurrence, 1)),
    );
    expect(after.find((d) => d.properties.app_request_id === third.dealId)?.properties.dealstage).toBe(crmStages().dealStageId(STAGE.CANCELED));
    const occurrences = after.map((d) => d.properties.plan_occurrence_date).filter(Boolean);
    expect(new Set(occurrences).size).toBe(occurrences.length);
    for (const v of moved) {
      const deal = after.find((d) => d.properties.app_request_id === v.dealId)!;
      // 10 AM Eastern on its new date, whatever the offset of that day (a company closed day, New Year's, moves it on).
      const at = new Date(deal.properties.scheduled_date!);
      expect([easternWallTime(at).hour, easternWallTime(at).minute], v.occurrence).toEqual([10, 0]);
      const newDay = easternToday(at);
      expect(newDay >= addDays(v.occurrence, 1) && newDay <= addDays(v.occurrence, 7), `${v.occurrence} → ${newDay}`).toBe(true);
    }
    // The plan's page shows the moved visits once the mirror has them, at 390 px too.
    await page.setViewportSize(PHONE);
    const firstMoved = page.getByRole('row').filter({ hasText: nextWeekday.slice(0, 3) }).first();
    await expect.poll(async () => (await firstMoved.isVisible()) || (await page.reload(), false), { timeout: 30_000, interval: 1_000 }).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    expect(await fitsWidth(page)).toBe(true);
  });
});
