import { STAGE } from '@app/shared/deal-stages';
import { addDays, easternToday, minBookingDate } from '@app/shared/eastern-time';
import { CLIENT_ROUTES } from '@app/shared/routes';
import { LOGIN_CODE_WRONG, loginCodeSentTo, REQUEST_SUBMITTED, RESCHEDULE_IN_PROGRESS } from '@app/shared/texts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { announcements, recordAnnouncements } from '../src/announcements';
import { appUrl } from '../src/app-url';
import { waitForApp, withCookieConsent } from '../src/consent';
import { signInCustomer } from '../src/customer-session';
import { accessibleDescription, hasFocus, tabOrderGaps, tabTo } from '../src/keyboard';
import { createCrmDeal, createPortalCustomer, easternAt } from '../src/portal-customer';
import { textsTo, waitForText } from '../src/sent-texts';
import { useBrowserPage } from '../src/use-browser-page';

/** The keys a person presses to put an ISO date into a date field: month, day, year. */
const dateKeys = (iso: string) => {
  const [y, m, d] = iso.split('-');
  return `${m}${d}${y}`;
};

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

/**
 * The three flows a customer must be able to finish with the keyboard alone (WCAG 2.1.1): every
 * control reachable by Tab, focus always visible, focus where the work is after each step and
 * back on the opener when a dialog closes; outcomes announced through live regions.
 */
describe('keyboard only', { timeout: 120_000 }, () => {
  const browser = useBrowserPage();

  it('books a cleaning from the pricing page', async () => {
    const { page } = browser;
    await withCookieConsent(page);
    await recordAnnouncements(page);
    await page.goto(appUrl(CLIENT_ROUTES.pricing));
    await waitForApp(page);
    await tabTo(page, page.getByRole('link', { name: 'Schedule Service' }).first(), { max: 80 });
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Schedule Your Cleaning' }).waitFor();
    await waitForApp(page);

    const form = page.locator('form.booking-form');
    expect(await tabOrderGaps(page, form)).toEqual({ unreachable: [], invisible: [] });

    // Sending it empty: the first field in error takes focus and reads its message; the consent alert is announced.
    await tabTo(page, page.getByRole('button', { name: 'Request My Cleaning' }));
    await page.keyboard.press('Enter');
    await page.getByRole('alert').filter({ hasText: 'You must consent' }).waitFor();
    expect((await announcements(page)).some((text) => text.startsWith('You must consent'))).toBe(true);
    const size = field(page, 'Square footage');
    await expect.poll(() => hasFocus(size)).toBe(true);
    expect(await accessibleDescription(size)).toBe(await size.locator('xpath=..').locator('[data-error]').textContent());

    // Filled from there, in the page's order, by typing, arrows and Space.
    await page.keyboard.type('1001');
    expect(await size.inputValue()).toBe('1500');
    await tabTo(page, field(page, 'Preferred date'));
    await page.keyboard.type(dateKeys(addDays(easternToday(), 7)));
    await tabTo(page, field(page, 'Time of day'));
    await page.keyboard.type('Morning');
    expect(await field(page, 'Time of day').inputValue()).toBe('morning');
    const assessment = page.getByRole('group', { name: /pre-visit assessment/ });
    await tabTo(page, assessment.getByRole('radio').first());
    await page.keyboard.press('Space');
    await tabTo(page, field(page, 'Full name'));
    await page.keyboard.type('Kim Keys');
    await tabTo(page, page.getByRole('textbox', { name: 'Email' }));
    await page.keyboard.type(`keys.${Date.now()}@example.com`);
    await tabTo(page, field(page, 'Phone'));
    await page.keyboard.type('4045550177');
    await tabTo(page, page.getByRole('group', { name: 'How should we contact you?' }).getByRole('radio').first());
    await page.keyboard.press('Space');
    await tabTo(page, field(page, 'Street address'));
    await page.keyboard.type('1 Keyboard Way');
    await tabTo(page, field(page, 'City'));
    await page.keyboard.type('Atlanta');
    await tabTo(page, field(page, 'State'));
    await page.keyboard.type('GA');
    await tabTo(page, field(page, 'Zip code'));
    await page.keyboard.type('30303');
    await tabTo(page, page.getByRole('checkbox', { name: /^I agree to allow/ }));
    await page.keyboard.press('Space');
    await tabTo(page, page.getByRole('button', { name: 'Request My Cleaning' }));
    await page.keyboard.press('Enter');

    // The wait is announced, then the confirmation page takes focus.
    await page.getByRole('heading', { level: 1, name: 'Your request is locked in' }).waitFor({ timeout: 20_000 });
    expect(await announcements(page)).toContain('Creating your request…');
    await expect.poll(() => hasFocus(page.getByRole('main'))).toBe(true);
  });

  it('signs in with the texted code, a wrong code announced first', async () => {
    const { page, session } = browser;
    const customer = await createPortalCustomer('keys-login');
    const before = new Set((await textsTo(customer.phone)).map((m) => m.body));
    await withCookieConsent(page);
    await recordAnnouncements(page);
    await page.goto(appUrl(CLIENT_ROUTES.login));
    await waitForApp(page);
    await page.getByLabel('Email').waitFor();
    expect(await tabOrderGaps(page, page.getByRole('main'))).toEqual({ unreachable: [], invisible: [] });
    // From the top of the page again.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await tabTo(page, page.getByLabel('Email'));
    await page.keyboard.type(customer.email);
    await tabTo(page, page.getByLabel('Phone Number'));
    await page.keyboard.type(customer.phoneDigits);
    await tabTo(page, page.getByRole('button', { name: 'Send Login Code' }));
    await page.keyboard.press('Enter');

    // Where the code went is announced, and focus is already in the code field.
    await page.getByRole('status').filter({ hasText: customer.phone.slice(-4) }).waitFor();
    expect((await announcements(page)).some((text) => text.includes(loginCodeSentTo(customer.phone.slice(-4))))).toBe(true);
    const code = page.getByLabel('Verification Code');
    expect(await hasFocus(code)).toBe(true);
    const text = await waitForText(customer.phone, (body) => !before.has(body) && /\b\d{6}\b/.test(body));

    session.expectErrorStatus(appUrl('/api/portal/auth/verify-code'), 401);
    await page.keyboard.type('000000');
    await page.keyboard.press('Enter');
    await page.getByRole('alert').filter({ hasText: LOGIN_CODE_WRONG }).waitFor();
    expect(await announcements(page)).toContain(LOGIN_CODE_WRONG);

    await tabTo(page, code, { backwards: true, max: 10 }).catch(() => tabTo(page, code));
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type(/\b(\d{6})\b/.exec(text)?.[1] ?? '');
    await page.keyboard.press('Enter');
    await page.waitForURL(appUrl(CLIENT_ROUTES.portal));
    await page.getByRole('region', { name: 'Your details' }).waitFor();
  });

  it('asks for a change of a cleaning in the portal, focus back where it was after each dialog', async () => {
    const { page } = browser;
    const customer = await createPortalCustomer('keys-portal');
    const at = easternAt(6, 10);
    await createCrmDeal(customer, { stage: STAGE.CLEANING_SCHEDULED, scheduledAt: at, skus: ['deep-1500'], amount: '349' });
    await withCookieConsent(page);
    await recordAnnouncements(page);
    await signInCustomer(page.context().request, customer);
    await page.goto(appUrl(CLIENT_ROUTES.portal));
    await waitForApp(page);
    const changeable = page
      .getByRole('region', { name: 'Upcoming cleanings' })
      .locator('article.deal-card')
      .filter({ has: page.getByRole('button', { name: 'Change', exact: true, disabled: false }) })
      .first();
    await changeable.waitFor({ timeout: 60_000 });
    // The same card once the request has turned its buttons off.
    const card = page.locator(`article[data-deal-id="${await changeable.getAttribute('data-deal-id')}"]`);
    expect(await tabOrderGaps(page, page.getByRole('main'))).toEqual({ unreachable: [], invisible: [] });

    // A dialog closed with Escape gives focus back to the button that opened it.
    const cancel = card.getByRole('button', { name: 'Cancel', exact: true });
    await tabTo(page, cancel, { max: 120 });
    await page.keyboard.press('Enter');
    const cancelDialog = page.getByRole('dialog', { name: 'Request a cancellation' });
    await cancelDialog.waitFor();
    expect(await hasFocus(cancelDialog)).toBe(true);
    await page.keyboard.press('Escape');
    await cancelDialog.waitFor({ state: 'hidden' });
    expect(await hasFocus(cancel)).toBe(true);

    const change = card.getByRole('button', { name: 'Change', exact: true });
    await tabTo(page, change, { backwards: true, max: 5 });
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Request a change' });
    await dialog.waitFor();
    await tabTo(page, dialog.getByLabel('What would you like to change?'), { max: 10 });
    await page.keyboard.type('Reschedule');
    await tabTo(page, dialog.getByLabel('New date'), { max: 10 });
    await page.keyboard.type(dateKeys(minBookingDate()));
    await tabTo(page, dialog.getByLabel('Reason'), { max: 10 });
    await page.keyboard.type('Away that week.');
    await tabTo(page, dialog.getByRole('button', { name: 'Submit request' }), { max: 10 });
    await page.keyboard.press('Enter');
    await dialog.getByRole('status').filter({ hasText: REQUEST_SUBMITTED }).waitFor();
    expect(await announcements(page)).toContain(REQUEST_SUBMITTED);
    await dialog.waitFor({ state: 'hidden' });
    // The buttons are off now (a request is open): focus lands on the card's account of it, not on nothing.
    await card.locator('[data-manage-message]').filter({ hasText: RESCHEDULE_IN_PROGRESS }).waitFor({ timeout: 10_000 });
    await expect.poll(() => page.evaluate(() => document.activeElement?.closest('.deal-card__manage') !== null)).toBe(true);
  });
});
