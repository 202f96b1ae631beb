import { STAGE } from '@app/shared/deal-stages';
import { easternToday, formatEastern, minBookingDate, minPortalDate } from '@app/shared/eastern-time';
import {
  ACCOUNT_ID_LABEL,
  CANCEL_BUTTON,
  CHANGE_BUTTON,
  CHANGE_LOCKED_24H,
  INVOICE_OPEN,
  INVOICE_PAID,
  INVOICE_VOIDED,
  LOGIN_CODE_PLACEHOLDER,
  LOGIN_CODE_WRONG,
  LOGIN_NOT_ELIGIBLE,
  LOGIN_SMS_CONSENT,
  LOGIN_US_ONLY_NOTE,
  MANAGE_FAILED,
  NOT_CONFIRMED,
  REQUEST_SUBMITTED,
  RESCHEDULE_IN_PROGRESS,
  SIGNED_OUT_BANNER,
} from '@app/shared/texts';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { appUrl } from '../src/app-url';
import { axeViolations } from '../src/axe';
import { waitForApp, withCookieConsent } from '../src/consent';
import { createCrmDeal, createPortalCustomer, crmStages, easternAt, type PortalCustomer } from '../src/portal-customer';
import { isSameDocument, markDocument } from '../src/same-document';
import { useBrowserPage } from '../src/use-browser-page';

const HOUR = 3_600_000;

/** The deal card showing this appointment (each test deal has its own date). */
const dealCard = (within: Page | Locator, at: Date): Locator => within.locator('article.deal-card').filter({ hasText: formatEastern(at) });
const statusOf = (card: Locator) => card.locator('[data-status]');
/** A card's invoice line, or '' while the card (or its line) is not on the page; never waits. */
const invoiceOf = async (card: Locator) => (await card.locator('[data-invoice]').allTextContents()).join('');

/** The whole login as a customer does it, reading the texted code in the dev SMS inbox page. */
async function signIn(page: Page, customer: PortalCustomer, openTab: () => Promise<Page>): Promise<void> {
  await page.goto(appUrl('/login'));
  await waitForApp(page);
  await page.getByLabel('Email').waitFor();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByLabel('Email').fill(customer.email);
  const phone = page.getByLabel('Phone Number');
  // §5: digits only, always in +1 form, whatever is typed.
  await phone.pressSequentially(`(${customer.phoneDigits.slice(0, 3)}) ${customer.phoneDigits.slice(3, 6)}-${customer.phoneDigits.slice(6)}`);
  expect(await phone.inputValue()).toBe(customer.phone);
  expect(await page.getByText(LOGIN_US_ONLY_NOTE, { exact: true }).isVisible()).toBe(true);
  expect(await page.getByText(LOGIN_SMS_CONSENT, { exact: true }).isVisible()).toBe(true);
  await page.getByRole('button', { name: 'Send Login Code' }).click();

  const codeField = page.getByLabel('Verification Code');
  await codeField.waitFor();
  expect(await codeField.getAttribute('placeholder')).toBe(LOGIN_CODE_PLACEHOLDER);
  expect(await page.getByRole('button', { name: 'Back to email/phone' }).isVisible()).toBe(true);

  const inbox = await openTab();
  await inbox.goto(`${inject('twilioUrl')}/`);
  await inbox.getByLabel('Filter by phone').fill(customer.phone);
  const message = inbox.getByRole('list', { name: 'Messages' }).getByRole('listitem').first();
  await message.locator('.code').waitFor({ timeout: 20_000 });
  expect(await message.locator('.meta strong').textContent()).toBe(`To ${customer.phone}`);
  const code = (await message.locator('.code').textContent()) ?? '';
  expect(code).toMatch(/^\d{6}$/);
  await inbox.close();

  await codeField.fill(code);
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.waitForURL(appUrl('/portal'));
}

describe('customer portal', () => {
  const browser = useBrowserPage();

  it('sends a visitor without a session from /portal to /login', async () => {
    const { page, session } = browser;
    await withCookieConsent(page);
    await page.goto(appUrl('/portal'));
    await page.waitForURL(appUrl('/login'));
    // The address changes first; the login page replaces the portal once its code has loaded.
    await page.getByRole('heading', { level: 1, name: 'Customer Login' }).waitFor();
    expect(await page.getByRole('heading', { level: 1 }).allTextContents()).toEqual(['Customer Login']);
    // The one expected console line: Chromium reports the 401 of GET /api/portal/me.
    const problems = session.takeProblems();
    expect(problems.every((p) => p.includes('status of 401') && p.includes('/api/portal/me'))).toBe(true);
  });

  it(
    'signs in with the texted code, shows the deals, follows HubSpot changes, files a change, schedules a clean and signs out',
    { timeout: 180_000 },
    async () => {
      const { page, session } = browser;
      const customer = await createPortalCustomer('portal');
      const soon = new Date(Math.floor((Date.now() + 20 * HOUR) / 60_000) * 60_000);
      const nextWeek = easternAt(6, 10);
      const later = easternAt(8, 13);
      const done = easternAt(-5, 9);
      const canceled = easternAt(-12, 11);
      await createCrmDeal(customer, { stage: STAGE.CLEANING_SCHEDULED, scheduledAt: soon, skus: ['deep-1500'], amount: '349', invoice: { status: 'paid', number: 'E2E-1' } });
      const nextWeekId = await createCrmDeal(customer, { stage: STAGE.CLEANING_SCHEDULED, scheduledAt: nextWeek, skus: ['basic-1500'], amount: '209', invoice: { status: 'open', number: 'E2E-2' } });
      const laterId = await createCrmDeal(customer, { stage: '1606828763', scheduledAt: later, skus: ['deep-1500'], amount: '349' });
      await createCrmDeal(customer, { stage: STAGE.CLEANING_DONE, scheduledAt: done, skus: ['basic-1500'], amount: '209', invoice: { status: 'paid', number: 'E2E-3' } });
      await createCrmDeal(customer, { stage: STAGE.CANCELED, scheduledAt: canceled, skus: ['basic-1500'], amount: '209', invoice: { status: 'voided', number: 'E2E-4' } });

      await withCookieConsent(page);
      await signIn(page, customer, () => session.newPage());

      // Details of the signed-in customer.
      const details = page.getByRole('region', { name: 'Your details' });
      await details.waitFor();
      expect(await details.textContent()).toContain(ACCOUNT_ID_LABEL);
      // The account number people can read out, never the internal id.
      await expect.poll(() => details.locator('dd').first().textContent(), { timeout: 10_000 }).toMatch(/^AC-[2-9A-HJKMNP-Z]{4,}$/);
      expect(await details.textContent()).toContain(customer.email);
      // The phone as people write it: (404) 555-0123.
      expect(await details.textContent()).toContain(`(${customer.phoneDigits.slice(0, 3)}) ${customer.phoneDigits.slice(3, 6)}-${customer.phoneDigits.slice(6)}`);

      // Upcoming, as the worker's pull brought them in (it runs every few seconds).
      const upcoming = page.getByRole('region', { name: 'Upcoming cleanings' });
      const history = page.getByRole('region', { name: 'Past cleanings' });
      const soonCard = dealCard(upcoming, soon);
      await soonCard.waitFor({ timeout: 40_000 });
      // A pull can land between a deal's creation in HubSpot and its invoice: the next pull (and the
      // page's next poll) brings the rest, so wait until every seeded deal shows its invoice.
      const invoiced = [soonCard, dealCard(upcoming, nextWeek), dealCard(history, done), dealCard(history, canceled)];
      await expect
        .poll(async () => (await Promise.all(invoiced.map(invoiceOf))).every((line) => line.includes('E2E-')), { timeout: 60_000, interval: 500 })
        .toBe(true);
      expect(await statusOf(soonCard).textContent()).toBe('Cleaning Scheduled');
      expect(await soonCard.getByText(NOT_CONFIRMED, { exact: true }).count()).toBe(0);
      // Number, amount and state as parts of their own (then the invoice's links).
      expect((await soonCard.locator('[data-invoice] .invoice-line > *').allTextContents()).slice(0, 3)).toEqual(['E2E-1', '$349.00', INVOICE_PAID]);
      // Badges by meaning; each card carries its short reference.
      expect(await statusOf(soonCard).getAttribute('data-tone')).toBe('scheduled');
      expect(await soonCard.locator('[data-reference]').textContent()).toMatch(/^ATL-[2-9A-HJKMNP-Z]{4,}$/);
      expect(await soonCard.getByRole('button', { name: CHANGE_BUTTON, exact: true }).isDisabled()).toBe(true);
      expect(await soonCard.getByRole('button', { name: CANCEL_BUTTON, exact: true }).isDisabled()).toBe(true);
      expect(await soonCard.locator('[data-manage-message]').textContent()).toBe(CHANGE_LOCKED_24H);

      const nextWeekCard = dealCard(upcoming, nextWeek);
      const laterCard = dealCard(upcoming, later);
      expect(await nextWeekCard.locator('[data-invoice]').textContent()).toContain(INVOICE_OPEN);
      // An open invoice has a Pay button that opens its payment page.
      const pay = nextWeekCard.getByRole('link', { name: 'Pay $209.00' });
      expect(await pay.getAttribute('href')).toMatch(/^https?:\/\//);
      expect(await pay.getAttribute('target')).toBe('_blank');
      expect(await nextWeekCard.getByRole('button', { name: CHANGE_BUTTON, exact: true }).isEnabled()).toBe(true);
      expect(await statusOf(laterCard).textContent()).toBe('Scheduling In Progress');
      expect(await statusOf(laterCard).getAttribute('data-tone')).toBe('pending');
      expect(await laterCard.getByText(NOT_CONFIRMED, { exact: true }).isVisible()).toBe(true);
      // The booking made at the start: requested, not confirmed, no date yet.
      expect(await upcoming.locator('article.deal-card').filter({ hasText: 'Clean Requested' }).getByText(NOT_CONFIRMED, { exact: true }).count()).toBe(1);

      const doneCard = dealCard(history, done);
      await doneCard.waitFor();
      expect(await statusOf(doneCard).textContent()).toBe('Cleaning Done');
      expect(await doneCard.locator('[data-invoice]').textContent()).toContain(INVOICE_PAID);
      expect(await statusOf(dealCard(history, canceled)).textContent()).toBe('Canceled');
      expect(await statusOf(dealCard(history, canceled)).getAttribute('data-tone')).toBe('canceled');
      expect(await statusOf(doneCard).getAttribute('data-tone')).toBe('done');
      expect(await dealCard(history, canceled).locator('[data-invoice]').textContent()).toContain(INVOICE_VOIDED);
      // Past cleanings offer nothing but Book again.
      expect(await history.getByRole('button').allTextContents()).toEqual(['Book again', 'Book again']);
      expect(await axeViolations(page)).toEqual([]);

      // Staff confirm one cleaning and record a payment in HubSpot: the open page follows.
      await markDocument(page);
      await customer.crm.patchDeal(laterId, { dealstage: crmStages().dealStageId(STAGE.CLEANING_SCHEDULED) });
      await customer.crm.attachInvoice(nextWeekId, { status: 'paid', amount: '209', number: 'E2E-2' });
      await expect.poll(() => statusOf(laterCard).textContent(), { timeout: 45_000, interval: 500 }).toBe('Cleaning Scheduled');
      expect(await laterCard.getByText(NOT_CONFIRMED, { exact: true }).count()).toBe(0);
      await expect.poll(() => nextWeekCard.locator('[data-invoice]').textContent(), { timeout: 30_000, interval: 500 }).toContain(INVOICE_PAID);
      expect(await isSameDocument(page)).toBe(true);

      // A change request: the modal says it was sent, closes, and the booking shows it in progress.
      await nextWeekCard.getByRole('button', { name: CHANGE_BUTTON, exact: true }).click();
      const manage = page.getByRole('dialog', { name: 'Request a change' });
      await manage.waitFor();
      const send = manage.getByRole('button', { name: 'Submit request' });
      expect(await send.isDisabled()).toBe(true);
      await manage.getByLabel('What would you like to change?').selectOption('Reschedule to another day');
      await manage.getByLabel('Reason').fill('We will be travelling that week.');
      // A reschedule needs no day (the reason can say "two days later"); a proposed one is at least 5 days ahead.
      expect(await send.isEnabled()).toBe(true);
      const newDate = manage.getByLabel('New date (optional)');
      expect(await newDate.getAttribute('min')).toBe(minBookingDate());
      await newDate.fill(easternToday());
      expect(await send.isDisabled()).toBe(true);
      await newDate.fill(minBookingDate());
      await send.click();
      await manage.getByText(REQUEST_SUBMITTED, { exact: true }).waitFor();
      await manage.waitFor({ state: 'hidden' });
      await expect.poll(() => nextWeekCard.locator('[data-manage-message]').textContent(), { timeout: 10_000 }).toBe(RESCHEDULE_IN_PROGRESS);
      expect(await nextWeekCard.getByRole('button', { name: CHANGE_BUTTON, exact: true }).isDisabled()).toBe(true);
      expect(await nextWeekCard.getByRole('button', { name: CANCEL_BUTTON, exact: true }).isDisabled()).toBe(true);

      // A new clean: services for the home's 1500 sq ft, an add-on, a date three days out, a time.
      await page.getByRole('button', { name: 'Schedule a new clean' }).click();
      const schedule = page.getByRole('dialog', { name: 'Schedule a new clean' });
      await schedule.waitFor();
      const submit = schedule.getByRole('button', { name: 'Request cleaning' });
      expect(await schedule.getByRole('radio').count()).toBeGreaterThan(0);
      expect(await schedule.getByRole('radio', { name: /Single Deep Clean \(2001\+ sq ft\)/ }).count()).toBe(0);
      await schedule.getByRole('radio', { name: 'Single Deep Clean (1001-1500 sq ft) — $349' }).check();
      await schedule.getByRole('checkbox', { name: 'Oven — $80' }).check();
      expect(await submit.isDisabled()).toBe(true);
      await schedule.getByLabel('Preferred date').fill(minPortalDate());
      await schedule.getByLabel('Time of day').selectOption('morning');
      expect(await submit.isEnabled()).toBe(true);
      expect(await axeViolations(page)).toEqual([]);
      await submit.click();
      await schedule.getByText(REQUEST_SUBMITTED, { exact: true }).waitFor();
      await page.keyboard.press('Escape');
      await schedule.waitFor({ state: 'hidden' });

      // Book again on a past cleaning: the same form, its service already chosen.
      await doneCard.getByRole('button', { name: 'Book again' }).click();
      await schedule.waitFor();
      expect(await schedule.getByRole('radio', { name: 'Single Basic Clean (1001-1500 sq ft) — $209' }).isChecked()).toBe(true);
      await page.keyboard.press('Escape');
      await schedule.waitFor({ state: 'hidden' });

      // A request that cannot be sent says so in the modal, and nothing changes on the card.
      await page.route('**/api/hubspot/portal/manageBooking', (route) => route.abort('connectionrefused'));
      await laterCard.getByRole('button', { name: CANCEL_BUTTON, exact: true }).click();
      const cancelDialog = page.getByRole('dialog', { name: 'Request a cancellation' });
      await cancelDialog.getByLabel('Reason').fill('Plans changed.');
      await cancelDialog.getByRole('button', { name: 'Submit request' }).click();
      await cancelDialog.getByRole('alert').waitFor();
      expect(await cancelDialog.getByRole('alert').textContent()).toBe(MANAGE_FAILED);
      await page.unroute('**/api/hubspot/portal/manageBooking');
      await page.keyboard.press('Escape');
      expect(await laterCard.getByRole('button', { name: CANCEL_BUTTON, exact: true }).isEnabled()).toBe(true);
      // Chromium reports the refused connection; that is the one expected problem.
      expect(session.takeProblems().every((p) => p.includes('ERR_CONNECTION_REFUSED') || p.includes('Failed to load resource'))).toBe(true);

      // Logout from the account menu lands on /login with the banner.
      await page.getByRole('button', { name: 'Account' }).click();
      await page.getByRole('button', { name: 'Logout' }).click();
      await page.waitForURL(appUrl('/login'));
      // The URL changes before the login page has rendered: wait for the banner, do not sample it.
      await page.getByText(SIGNED_OUT_BANNER, { exact: true }).waitFor();
    },
  );

  it('shows login failures from the answer: not eligible as a warning, a wrong code in red; Back returns to step 1', async () => {
    const { page, session } = browser;
    const customer = await createPortalCustomer('login-errors');
    await withCookieConsent(page);
    await page.goto(appUrl('/login'));
    await waitForApp(page);

    await page.getByLabel('Email').fill(`nobody.${customer.email}`);
    await page.getByLabel('Phone Number').fill(customer.phoneDigits);
    await page.getByRole('button', { name: 'Send Login Code' }).click();
    const alert = page.getByRole('alert');
    await alert.getByText(LOGIN_NOT_ELIGIBLE, { exact: true }).waitFor();
    expect(await alert.getAttribute('data-tone')).toBe('warning');
    expect(await alert.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(255, 248, 225)');

    // The error is cleared when the next request starts; this one succeeds and moves to step 2.
    await page.getByLabel('Email').fill(customer.email);
    await page.getByRole('button', { name: 'Send Login Code' }).click();
    await page.getByLabel('Verification Code').waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);

    await page.getByLabel('Verification Code').fill('not-the-code');
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.getByRole('alert').getByText(LOGIN_CODE_WRONG, { exact: true }).waitFor();
    expect(await page.getByRole('alert').getAttribute('data-tone')).toBe('error');
    expect(await page.getByRole('alert').evaluate((el) => getComputedStyle(el).color)).toBe('rgb(163, 34, 27)');

    await page.getByRole('button', { name: 'Back to email/phone' }).click();
    expect(await page.getByLabel('Email').inputValue()).toBe(customer.email);
    expect(await page.getByLabel('Phone Number').inputValue()).toBe(customer.phone);
    expect(await page.getByRole('alert').count()).toBe(0);

    // Chromium reports the two refused answers (403, 401) as console lines; nothing else went wrong.
    const problems = session.takeProblems();
    expect(problems).toHaveLength(2);
    expect(problems.every((p) => /status of 40[13]/.test(p) && p.includes('/api/portal/auth/'))).toBe(true);
  });
});
