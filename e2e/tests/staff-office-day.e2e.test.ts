import { STAGE } from '@app/shared/deal-stages';
import { addDays, easternToday, easternWallTimeToInstant, formatCalendarDay, minBookingDate } from '@app/shared/eastern-time';
import { CHANGE_BUTTON, REQUEST_SUBMITTED } from '@app/shared/texts';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createPrismaClient, type Db } from '@app/db/client';
import { UNDO_SECONDS } from '../../web/src/features/staff/common/undo-window';
import { SEED_OWNERS } from '@app/emulators/hubspot/seed';
import { appUrl } from '../src/app-url';
import { axeViolations } from '../src/axe';
import { waitForApp, withCookieConsent } from '../src/consent';
import { tabOrderGaps } from '../src/keyboard';
import { crmObjects, eventually, type CrmObject } from '../src/hubspot-emulator';
import { createPortalCustomer, crmStages } from '../src/portal-customer';
import { signInToPortal } from '../src/portal-login';
import { openFromRequests } from '../src/staff-customers';
import { signInAsStaff } from '../src/staff-session';
import { useBrowserPage } from '../src/use-browser-page';

const CLEANER = SEED_OWNERS[0];
const CLEANER_NAME = `${CLEANER.firstName} ${CLEANER.lastName}`;

/** The HubSpot deal of our deal, once it holds what `done` waits for. */
async function hubspotDeal(dealId: string, done: (deal: CrmObject) => boolean): Promise<CrmObject> {
  const found = await eventually(async () => (await crmObjects('deals')).find((d) => d.properties.app_request_id === dealId), (d) => d !== undefined && done(d));
  return found!;
}
const inStage = (stageId: string) => (deal: CrmObject) => deal.properties.dealstage === crmStages().dealStageId(stageId);

/** The page has no sideways scrolling: everything fits the width. */
const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

/** The `datetime-local` value of a day at a wall-clock time. */
const wallClock = (date: string, time: string) => `${date}T${time}`;

/**
 * The office's Monday: a new request is quoted, the customer approves it in the
 * portal, the office schedules it, the customer asks to move it, the office approves the move
 * (to yesterday: it then waits on the board under "Earlier, still open") and marks the cleaning
 * done from the board, undoing it once, every step in the browser, reaching HubSpot through the worker.
 */
describe.each([
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
])('the office runs a cleaning from request to done at $width px', { timeout: 300_000 }, (viewport) => {
  // Two browsers: the office's, and the customer's at home (each with its own session).
  const office = useBrowserPage();
  const home = useBrowserPage();
  let db: Db;
  beforeAll(() => {
    db = createPrismaClient(inject('databaseUrl'));
  });
  afterAll(async () => {
    await db?.$disconnect();
  });

  it('quotes, schedules, answers the move and closes out, with the customer answering in the portal', async () => {
    const { page } = office;
    const customerPage = home.page;
    await page.setViewportSize(viewport);
    await customerPage.setViewportSize(viewport);
    await withCookieConsent(page);
    await withCookieConsent(customerPage);
    const customer = await createPortalCustomer(`monday${viewport.width}`);
    await signInAsStaff(page, `monday${viewport.width}`);

    // 1. A new request: the office quotes it from its own page (at once: the first pull may still
    // bring HubSpot's version of it, which changes nothing the page shows).
    const dealId = await openFromRequests(page, customer);
    await page.getByRole('button', { name: 'Quote', exact: true }).click();
    const quoteForm = page.getByRole('form', { name: 'Quote' });
    await quoteForm.waitFor();
    expect(await axeViolations(page)).toEqual([]);
    // Every control of the cleaning and its quote is reached by Tab, with a visible focus.
    expect(await tabOrderGaps(page, page.getByRole('main'))).toEqual({ unreachable: [], invisible: [] });
    expect(await fitsWidth(page)).toBe(true);
    await quoteForm.getByRole('button', { name: 'Send quote' }).click();
    await page.getByText(/^Sending the quote of \$[\d,.]+: waiting for HubSpot\.$/).or(page.getByText('Awaiting Quote Approval')).first().waitFor();
    const quoted = await hubspotDeal(dealId, inStage(STAGE.AWAITING_QUOTE_APPROVAL));
    expect(Number(quoted.properties.amount)).toBeGreaterThan(0);

    // 2. The customer approves the quote in the portal.
    await signInToPortal(customerPage, customer);
    const quote = customerPage.locator('[data-quote]');
    await quote.getByRole('button', { name: 'Approve' }).click();
    await customerPage.locator('[data-quote-answer^="approved"]').waitFor();
    await hubspotDeal(dealId, inStage(STAGE.INVOICE_PAYMENT_NEEDED));

    // 3. The office moves it on and schedules it, seeing the warnings before it saves.
    // Approved, it is no longer a new request: the page, open all along, shows it at once.
    await page.reload();
    await page.getByRole('button', { name: 'Scheduling In Progress', exact: true }).click();
    await page.getByRole('button', { name: 'Move to Scheduling In Progress' }).click();
    await hubspotDeal(dealId, inStage(STAGE.SCHEDULING_IN_PROGRESS));
    await page.getByRole('button', { name: 'Schedule', exact: true }).click();
    const schedule = page.getByRole('form', { name: 'Schedule the cleaning' });
    const day = addDays(easternToday(), 8);
    await schedule.getByLabel('Date and start time (Eastern)').fill(wallClock(day, '06:30'));
    await schedule.getByLabel('Expected duration').selectOption({ label: '3 h' });
    await schedule.getByLabel('Cleaner').selectOption({ label: CLEANER_NAME });
    await schedule.getByRole('button', { name: 'Schedule', exact: true }).click();
    // 6:30 is before working hours: the office sees it, and schedules anyway.
    await schedule.getByText('This cleaning runs outside working hours (7:00 AM to 8:00 PM).').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(await tabOrderGaps(page, schedule)).toEqual({ unreachable: [], invisible: [] });
    await schedule.getByRole('button', { name: 'Schedule anyway' }).click();
    const scheduled = await hubspotDeal(dealId, inStage(STAGE.CLEANING_SCHEDULED));
    expect(scheduled.properties).toMatchObject({ duration_minutes: '180', hubspot_owner_id: CLEANER.id });

    // 4. The customer asks to move it.
    await customerPage.reload();
    const card = customerPage.locator('article.deal-card').filter({ has: customerPage.getByRole('button', { name: CHANGE_BUTTON, exact: true }) }).first();
    await card.getByRole('button', { name: CHANGE_BUTTON, exact: true }).click();
    const manage = customerPage.getByRole('dialog', { name: 'Request a change' });
    await manage.getByLabel('What would you like to change?').selectOption('Reschedule to another day');
    await manage.getByLabel('Reason').fill('My parents visit that week.');
    await manage.getByLabel('New date').fill(minBookingDate());
    await manage.getByRole('button', { name: 'Submit request' }).click();
    await manage.getByText(REQUEST_SUBMITTED, { exact: true }).waitFor();

    // 5. The office approves the move, to yesterday: the office books what already happened
    // (the product's own command, no shortcut), so the cleaning is past and not yet closed out.
    await openFromRequests(page, customer);
    const answer = page.getByRole('group', { name: 'Answer the change request' });
    await answer.getByRole('button', { name: 'Approve', exact: true }).click();
    const yesterday = addDays(easternToday(), -1);
    await answer.getByLabel('New date and start time (Eastern)').fill(wallClock(yesterday, '10:00'));
    await answer.getByRole('button', { name: 'Approve and move' }).click();
    const [y, m, d] = yesterday.split('-').map(Number) as [number, number, number];
    const movedTo = easternWallTimeToInstant(y, m, d, 10, 0).getTime();
    const moved = await hubspotDeal(dealId, (deal) => Date.parse(deal.properties.scheduled_date ?? '') === movedTo);
    expect(moved.properties.dealstage).toBe(crmStages().dealStageId(STAGE.CLEANING_SCHEDULED));
    // The request is closed as completed in HubSpot.
    const ticket = await eventually(
      async () => (await crmObjects('tickets')).find((t) => t.properties.content?.includes('My parents visit that week.')),
      (t) => t?.properties.hs_pipeline_stage === crmStages().ticketStageId('1613485805'),
    );
    expect(ticket?.properties.hs_ticket_category).toBe('Reschedule Request');

    // 6. Yesterday's cleaning, never closed out, waits on the board under "Earlier, still open".
    const earlier = page.getByRole('region', { name: /^Earlier, still open/ });
    const boardCard = earlier.locator(`li[data-deal-id="${dealId}"]`);
    const boardShown = async () => {
      await page.goto(appUrl('/admin/dashboard'));
      await page.locator('.board-grid').waitFor();
    };
    await expect.poll(async () => (await boardShown(), await boardCard.count()), { timeout: 30_000 }).toBe(1);
    const pastDay = formatCalendarDay(yesterday);
    expect(await boardCard.locator('.board-item__head strong').textContent()).toBe(`${pastDay}, 10:00 AM`);
    expect(await boardCard.locator('.board-visit').textContent()).toBe('Late');
    const name = (await boardCard.locator('.board-item__head a').textContent()) ?? '';
    expect(await axeViolations(page)).toEqual([]);
    expect(await tabOrderGaps(page, earlier)).toEqual({ unreachable: [], invisible: [] });
    expect(await fitsWidth(page)).toBe(true);

    // Closed out: the confirmation says what, and offers an Undo, which the keyboard reaches.
    const closeOut = boardCard.getByRole('group', { name: 'Close out the cleaning' });
    await closeOut.getByRole('button', { name: 'Done', exact: true }).click();
    await closeOut.getByRole('button', { name: 'Mark this cleaning done' }).click();
    await closeOut.getByRole('status').filter({ hasText: `Marked done: ${name}, ${pastDay}. Sent to HubSpot in ${UNDO_SECONDS} seconds.` }).waitFor();
    const undo = closeOut.getByRole('button', { name: 'Undo', exact: true });
    // At once: the window is a few seconds (the checks of the page come after).
    expect(await undo.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await closeOut.getByRole('status').filter({ hasText: `Undone: ${name}, ${pastDay} stays open.` }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    // Undone within the window: no command was recorded, nothing reaches HubSpot.
    const closeOuts = () => db.dealCommand.count({ where: { dealId, kind: 'close-out' } });
    expect(await closeOuts()).toBe(0);

    // Closed out again, from the keyboard (the focus is back on the choices); sent once the window passes.
    expect(await closeOut.getByRole('button', { name: 'Done', exact: true }).evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await closeOut.getByRole('button', { name: 'Mark this cleaning done' }).click();
    await page.getByRole('status').filter({ hasText: `Marked done: ${name}, ${pastDay}. Sent to HubSpot.` }).first().waitFor();
    const done = await hubspotDeal(dealId, inStage(STAGE.CLEANING_DONE));
    expect(done.properties.visit_outcome).toBe('done');
    // One command: the undone one was never sent.
    expect(await closeOuts()).toBe(1);
    // Once the mirror has it, it leaves the board.
    await expect.poll(async () => (await boardShown(), await boardCard.count()), { timeout: 30_000 }).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    expect(await fitsWidth(page)).toBe(true);
    await page.goto(appUrl(`/admin/cleaning?id=${encodeURIComponent(dealId)}`));
    await page.getByRole('heading', { level: 1, name: 'Cleaning' }).waitFor();

    // Every action is on record, on the customer page and as notes in HubSpot.
    await page.getByRole('link', { name: 'Customer page' }).click();
    const record = page.getByRole('region', { name: 'Office actions' });
    await record.getByText(/Closed out as Cleaning Done \(Done\)/).waitFor();
    expect(await record.getByRole('listitem').count()).toBeGreaterThanOrEqual(4);
    await waitForApp(page);
  });
});
